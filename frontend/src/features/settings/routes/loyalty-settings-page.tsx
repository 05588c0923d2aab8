import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SettingsHeader } from '../components/settings-header.js';
import { SettingsPageState } from '../components/settings-page-state.js';
import { errorText } from '../../../app/api.js';
import { FormOutcome } from '../../../components/ui/form-outcome.js';
import { useCan } from '../../auth/index.js';
import { LoyaltyNumberField } from '../components/loyalty-number-field.js';
import { LoyaltyTiers } from '../components/loyalty-tiers.js';
import { useLoyaltyForm } from '../hooks/use-loyalty-form.js';
import { LOYALTY_FIELDS, MULTIPLIER_LEVELS, STATUS_LEVELS } from '../lib/settings-rules.js';
import '../settings.css';

type Kind = (typeof LOYALTY_FIELDS)[keyof typeof LOYALTY_FIELDS];

/** /settings/loyalty: every number of the program with its minimum and step; read-only without settings edit. */
export function LoyaltySettingsPage() {
  const { t } = useTranslation();
  const canEdit = useCan('settings', 'edit');
  const { query, settings, form, loadFailed, saving, update, removeTier, submit, errorFor, formError, success } = useLoyaltyForm();

  const header = <SettingsHeader title={t('pages.loyaltySettings')} subtitle={t('settings.loyalty.subtitle')} />;

  if (loadFailed) {
    return (
      <SettingsPageState
        header={header}
        error={errorText(query.error, t('settings.loyalty.loadFailed'))}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (query.isLoading || (settings && !form)) {
    return <SettingsPageState header={header} onRetry={() => void query.refetch()} />;
  }
  if (!settings || !form) {
    return <SettingsPageState header={header} error={t('settings.loyalty.noSettings')} onRetry={() => void query.refetch()} />;
  }

  const numberField = (path: string, label: ReactNode, value: string, kind: Kind, onChange: (v: string) => void) => (
    <LoyaltyNumberField key={path} path={path} label={label} value={value} kind={kind} error={errorFor(path)} onChange={onChange} />
  );

  const top = (key: 'pointsPerDollar' | 'redemptionRate' | 'minimumPoints' | 'minimumRedemption' | 'maximumRedemptionValue') =>
    numberField(key, t(`settings.loyalty.${key}`), form[key], LOYALTY_FIELDS[key], (v) => update(key, (s) => ({ ...s, [key]: v })));

  return (
    <section className="page settings">
      {header}
      <form className="loyalty-form" onSubmit={submit} noValidate aria-busy={query.isFetching} data-testid="loyalty-form">
        {!canEdit && (
          <p className="info-box" role="note" data-testid="loyalty-read-only">
            {t('settings.loyalty.readOnly')}
          </p>
        )}
        <fieldset disabled={!canEdit || saving} className="loyalty-fieldset">
          <section className="panel settings-form">
            <h2>{t('settings.loyalty.program')}</h2>
            <label className="checkbox">
              <input
                type="checkbox"
                name="enabled"
                checked={form.enabled}
                onChange={(e) => update('enabled', (s) => ({ ...s, enabled: e.target.checked }))}
                data-testid="loyalty-enabled"
              />
              {t('settings.loyalty.enabled')}
            </label>
          </section>

          <div className="settings-columns">
            <section className="panel settings-form">
              <h2>{t('settings.loyalty.earning')}</h2>
              {top('pointsPerDollar')}
              <h2>{t('settings.loyalty.redemption')}</h2>
              {top('redemptionRate')}
              {top('minimumPoints')}
              {top('minimumRedemption')}
              {top('maximumRedemptionValue')}
            </section>

            <div className="stack">
              <section className="panel settings-form">
                <h2>{t('settings.loyalty.statusTiers')}</h2>
                <div className="loyalty-grid">
                  {STATUS_LEVELS.map((level) =>
                    numberField(
                      `statusTiers.${level}`,
                      t(`settings.loyalty.${level}`),
                      form.statusTiers[level],
                      LOYALTY_FIELDS.statusTier,
                      (v) => update(`statusTiers.${level}`, (s) => ({ ...s, statusTiers: { ...s.statusTiers, [level]: v } })),
                    ),
                  )}
                </div>
              </section>
              <section className="panel settings-form">
                <h2>{t('settings.loyalty.statusMultipliers')}</h2>
                <div className="loyalty-grid">
                  {MULTIPLIER_LEVELS.map((level) =>
                    numberField(
                      `statusMultipliers.${level}`,
                      t(`settings.loyalty.${level}`),
                      form.statusMultipliers[level],
                      LOYALTY_FIELDS.statusMultiplier,
                      (v) =>
                        update(`statusMultipliers.${level}`, (s) => ({ ...s, statusMultipliers: { ...s.statusMultipliers, [level]: v } })),
                    ),
                  )}
                </div>
              </section>
            </div>
          </div>

          <LoyaltyTiers tiers={form.tiers} update={update} removeTier={removeTier} errorFor={errorFor} />
        </fieldset>

        <FormOutcome error={formError} success={success} testId="loyalty" />
        {canEdit && (
          <div className="row end">
            <button type="submit" className="button primary" disabled={saving} data-testid="save-loyalty">
              {saving ? t('settings.loyalty.saving') : t('settings.loyalty.save')}
            </button>
          </div>
        )}
      </form>
    </section>
  );
}

export default LoyaltySettingsPage;
