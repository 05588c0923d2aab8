import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SettingsHeader } from '../components/settings-header.js';
import type { LoyaltySettingsDto } from '@dukan/contracts';
import { errorText } from '../../../app/api.js';
import { ErrorPanel } from '../../../components/ui/error-panel.js';
import { FormOutcome } from '../../../components/ui/form-outcome.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { useServerForm } from '../../../components/ui/use-server-form.js';
import { useToast } from '../../../components/ui/use-toast.js';
import { useFormat } from '../../../i18n/format.js';
import { useCan } from '../../auth/use-permissions.js';
import { useLoyaltySettingsQuery } from '../../../app/shared-api.js';
import { useSettingsSaveLoyaltyMutation } from '../api/settings-api.js';
import {
  LOYALTY_FIELDS,
  MULTIPLIER_LEVELS,
  STATUS_LEVELS,
  loyaltyFormFrom,
  loyaltyPayload,
  validateLoyalty,
  type FieldError,
  type LoyaltyForm,
} from '../lib/settings-rules.js';
import '../settings.css';

type Kind = (typeof LOYALTY_FIELDS)[keyof typeof LOYALTY_FIELDS];

function isSettings(value: unknown): value is LoyaltySettingsDto {
  return typeof value === 'object' && value !== null && 'pointsPerDollar' in value && 'statusTiers' in value;
}

/** /settings/loyalty: every number of the program with its minimum and step; read-only without settings edit. */
export function LoyaltySettingsPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const toast = useToast();
  const canEdit = useCan('settings', 'edit');
  const { data, error, isLoading, isFetching, refetch } = useLoyaltySettingsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [save, saveState] = useSettingsSaveLoyaltyMutation();
  const [form, setForm] = useState<LoyaltyForm | null>(null);
  const [errors, setErrors] = useState<Record<string, FieldError>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<string, string>>>({});
  const { formError, setFormError, success, setSuccess, fieldErrors } = useServerForm();
  const settings = isSettings(data) ? data : null;

  // Filled once from the server; after a save, from what the server kept.
  useEffect(() => {
    if (settings && !form) setForm(loyaltyFormFrom(settings));
  }, [settings, form]);

  const loadFailed = Boolean(error && !data);
  useEffect(() => {
    if (loadFailed) toast.error(t('settings.loyalty.loadFailed'));
  }, [loadFailed, toast, t]);

  const touched = (path: string) => {
    setSuccess(null);
    setErrors(({ [path]: _a, ...rest }) => (void _a, rest));
    setServerErrors(({ [path]: _b, ...rest }) => (void _b, rest));
  };
  const update = (path: string, change: (f: LoyaltyForm) => LoyaltyForm) => {
    setForm((current) => (current ? change(current) : current));
    touched(path);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!form) return;
    setFormError(null);
    setSuccess(null);
    const found = validateLoyalty(form);
    setErrors(found);
    setServerErrors({});
    if (Object.keys(found).length > 0) {
      setFormError(t('settings.loyalty.fixErrors'));
      return;
    }
    try {
      const kept = await save(loyaltyPayload(form)).unwrap();
      setForm(loyaltyFormFrom(kept));
      setSuccess(t('settings.loyalty.saved'));
      toast.success(t('settings.loyalty.saved'));
    } catch (err) {
      const fields = fieldErrors(err);
      if (Object.keys(fields).length > 0) setServerErrors(fields);
      const text = errorText(err, t('settings.loyalty.saveFailed'));
      setFormError(text);
      toast.error(text);
    }
  };

  const header = <SettingsHeader title={t('pages.loyaltySettings')} subtitle={t('settings.loyalty.subtitle')} />;

  if (loadFailed) {
    return (
      <section className="page settings">
        {header}
        <ErrorPanel message={errorText(error, t('settings.loyalty.loadFailed'))} onRetry={() => void refetch()} />
      </section>
    );
  }
  if (isLoading || (settings && !form)) {
    return (
      <section className="page settings">
        {header}
        <Spinner label={t('common.loading')} />
      </section>
    );
  }
  if (!settings || !form) {
    return (
      <section className="page settings">
        {header}
        <ErrorPanel message={t('settings.loyalty.noSettings')} onRetry={() => void refetch()} />
      </section>
    );
  }

  const errorFor = (path: string): string | null => {
    const e = errors[path];
    if (e) {
      const params = Object.fromEntries(Object.entries(e.params ?? {}).map(([k, v]) => [k, f.number(v)]));
      return t(`settings.loyalty.${e.key}`, params);
    }
    return serverErrors[path] ?? null;
  };

  const numberField = (path: string, label: ReactNode, value: string, kind: Kind, onChange: (v: string) => void) => {
    const message = errorFor(path);
    const id = `loyalty-${path.replace(/\./g, '-')}`;
    return (
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <input
          type="number"
          name={path}
          id={id}
          inputMode="decimal"
          min={kind.min}
          step={kind.step}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={Boolean(message)}
          aria-describedby={message ? `${id}-error` : undefined}
          data-testid={`loyalty-${path}`}
        />
        {message && (
          <p className="field-error" id={`${id}-error`} data-testid={`error-${path}`}>
            {message}
          </p>
        )}
      </div>
    );
  };

  const top = (key: 'pointsPerDollar' | 'redemptionRate' | 'minimumPoints' | 'minimumRedemption' | 'maximumRedemptionValue') =>
    numberField(key, t(`settings.loyalty.${key}`), form[key], LOYALTY_FIELDS[key], (v) => update(key, (s) => ({ ...s, [key]: v })));

  return (
    <section className="page settings">
      {header}
      <form className="loyalty-form" onSubmit={submit} noValidate aria-busy={isFetching} data-testid="loyalty-form">
        {!canEdit && (
          <p className="info-box" role="note" data-testid="loyalty-read-only">
            {t('settings.loyalty.readOnly')}
          </p>
        )}
        <fieldset disabled={!canEdit || saveState.isLoading} className="loyalty-fieldset">
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
                    numberField(`statusTiers.${level}`, t(`settings.loyalty.${level}`), form.statusTiers[level], LOYALTY_FIELDS.statusTier, (v) =>
                      update(`statusTiers.${level}`, (s) => ({ ...s, statusTiers: { ...s.statusTiers, [level]: v } })),
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
                      (v) => update(`statusMultipliers.${level}`, (s) => ({ ...s, statusMultipliers: { ...s.statusMultipliers, [level]: v } })),
                    ),
                  )}
                </div>
              </section>
            </div>
          </div>

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
            {form.tiers.length === 0 ? (
              <p className="muted" data-testid="no-tiers">
                {t('settings.loyalty.noTiers')}
              </p>
            ) : (
              <ol className="tier-list">
                {form.tiers.map((tier, i) => (
                  <li key={i} className="tier-row" data-testid="tier-row">
                    <span className="tier-name">{t('settings.loyalty.tierN', { n: f.number(i + 1) })}</span>
                    {numberField(`tiers.${i}.threshold`, t('settings.loyalty.threshold'), tier.threshold, LOYALTY_FIELDS.tierThreshold, (v) =>
                      update(`tiers.${i}.threshold`, (s) => ({ ...s, tiers: s.tiers.map((x, j) => (j === i ? { ...x, threshold: v } : x)) })),
                    )}
                    <label className="field">
                      <span>{t('settings.loyalty.bonusType')}</span>
                      <select
                        name={`tiers.${i}.bonusType`}
                        value={tier.bonusType}
                        onChange={(e) =>
                          update(`tiers.${i}.bonusType`, (s) => ({
                            ...s,
                            tiers: s.tiers.map((x, j) => (j === i ? { ...x, bonusType: e.target.value as 'fixed' | 'percentage' } : x)),
                          }))
                        }
                      >
                        <option value="fixed">{t('settings.loyalty.fixed')}</option>
                        <option value="percentage">{t('settings.loyalty.percentage')}</option>
                      </select>
                    </label>
                    {numberField(`tiers.${i}.bonusValue`, t('settings.loyalty.bonusValue'), tier.bonusValue, LOYALTY_FIELDS.tierBonusValue, (v) =>
                      update(`tiers.${i}.bonusValue`, (s) => ({ ...s, tiers: s.tiers.map((x, j) => (j === i ? { ...x, bonusValue: v } : x)) })),
                    )}
                    <button
                      type="button"
                      className="button small danger tier-remove"
                      onClick={() => {
                        update('tiers', (s) => ({ ...s, tiers: s.tiers.filter((_, j) => j !== i) }));
                        // Errors of the rows were keyed by position: check again on save.
                        setErrors({});
                        setServerErrors({});
                      }}
                      aria-label={t('settings.loyalty.removeTier', { n: f.number(i + 1) })}
                    >
                      ×
                    </button>
                  </li>
                ))}
              </ol>
            )}
          </section>
        </fieldset>

        <FormOutcome error={formError} success={success} testId="loyalty" />
        {canEdit && (
          <div className="row end">
            <button type="submit" className="button primary" disabled={saveState.isLoading} data-testid="save-loyalty">
              {saveState.isLoading ? t('settings.loyalty.saving') : t('settings.loyalty.save')}
            </button>
          </div>
        )}
      </form>
    </section>
  );
}

export default LoyaltySettingsPage;
