import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/format.js';
import type { UpdateLoyalty } from '../hooks/use-loyalty-form.js';
import { LOYALTY_FIELDS, type LoyaltyForm } from '../lib/settings-rules.js';
import { LoyaltyNumberField } from './loyalty-number-field.js';

interface Props {
  tiers: LoyaltyForm['tiers'];
  update: UpdateLoyalty;
  removeTier: (i: number) => void;
  errorFor: (path: string) => string | null;
}

type Tier = LoyaltyForm['tiers'][number];

/** The spending tiers: each a threshold and a fixed or percentage bonus; added and removed row by row. */
export function LoyaltyTiers({ tiers, update, removeTier, errorFor }: Props) {
  const { t } = useTranslation();
  const f = useFormat();
  const changeTier = <K extends keyof Tier>(i: number, key: K, value: Tier[K]) =>
    update(`tiers.${i}.${key}`, (s) => ({ ...s, tiers: s.tiers.map((x, j) => (j === i ? { ...x, [key]: value } : x)) }));

  return (
    <section className="panel settings-form">
      <div className="row between">
        <h2>{t('settings.loyalty.tiers')}</h2>
        <button
          type="button"
          className="button small"
          onClick={() => update('tiers', (s) => ({ ...s, tiers: [...s.tiers, { threshold: '', bonusType: 'fixed', bonusValue: '' }] }))}
          data-testid="add-tier"
        >
          + {t('settings.loyalty.addTier')}
        </button>
      </div>
      <p className="muted small">{t('settings.loyalty.tiersHelp')}</p>
      {tiers.length === 0 ? (
        <p className="muted" data-testid="no-tiers">
          {t('settings.loyalty.noTiers')}
        </p>
      ) : (
        <ol className="tier-list">
          {tiers.map((tier, i) => (
            <li key={i} className="tier-row" data-testid="tier-row">
              <span className="tier-name">{t('settings.loyalty.tierN', { n: f.number(i + 1) })}</span>
              <LoyaltyNumberField
                path={`tiers.${i}.threshold`}
                label={t('settings.loyalty.threshold')}
                value={tier.threshold}
                kind={LOYALTY_FIELDS.tierThreshold}
                error={errorFor(`tiers.${i}.threshold`)}
                onChange={(v) => changeTier(i, 'threshold', v)}
              />
              <label className="field">
                <span>{t('settings.loyalty.bonusType')}</span>
                <select
                  name={`tiers.${i}.bonusType`}
                  value={tier.bonusType}
                  onChange={(e) => changeTier(i, 'bonusType', e.target.value as Tier['bonusType'])}
                >
                  <option value="fixed">{t('settings.loyalty.fixed')}</option>
                  <option value="percentage">{t('settings.loyalty.percentage')}</option>
                </select>
              </label>
              <LoyaltyNumberField
                path={`tiers.${i}.bonusValue`}
                label={t('settings.loyalty.bonusValue')}
                value={tier.bonusValue}
                kind={LOYALTY_FIELDS.tierBonusValue}
                error={errorFor(`tiers.${i}.bonusValue`)}
                onChange={(v) => changeTier(i, 'bonusValue', v)}
              />
              <button
                type="button"
                className="button small danger tier-remove"
                onClick={() => removeTier(i)}
                aria-label={t('settings.loyalty.removeTier', { n: f.number(i + 1) })}
              >
                ×
              </button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
