import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TAX_MODES, type GeneralSettingsDto, type TaxMode } from '@dukan/contracts';
import { errorText, serverFieldMessages } from '../../../app/api.js';
import { FormOutcome } from '../../../components/ui/form-outcome.js';
import { useSettingsSaveTaxMutation } from '../api/settings-api.js';
import { parseTaxRate } from '../lib/settings-rules.js';

/** Settings (admins): the shop's one tax rate, and whether it is included in prices or added to them. */
export function TaxSettingsForm({ settings }: { settings: GeneralSettingsDto }) {
  const { t } = useTranslation();
  const [rate, setRate] = useState(String(settings.taxRate));
  const [mode, setMode] = useState<TaxMode>(settings.taxMode);
  const [rateError, setRateError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [save, saving] = useSettingsSaveTaxMutation();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setSuccess(null);
    const taxRate = parseTaxRate(rate);
    if (taxRate === null) return setRateError(t('settings.tax.invalidRate'));
    try {
      await save({ taxRate, taxMode: mode }).unwrap();
      setSuccess(t('settings.general.saved'));
    } catch (err) {
      const fields = serverFieldMessages(err);
      if (fields['taxRate']) setRateError(fields['taxRate']);
      else setError(fields['taxMode'] ?? errorText(err, t('settings.general.saveFailed')));
    }
  };

  return (
    <form className="panel settings-form" onSubmit={submit} noValidate data-testid="tax-form">
      <h2>{t('settings.tax.title')}</h2>
      <p className="muted">{t('settings.tax.help')}</p>
      <div className="field">
        <label htmlFor="tax-rate">{t('settings.tax.rate')}</label>
        <input
          id="tax-rate"
          type="number"
          name="taxRate"
          inputMode="decimal"
          min={0}
          max={100}
          step={0.01}
          value={rate}
          onChange={(e) => {
            setRate(e.target.value);
            setRateError(null);
            setSuccess(null);
          }}
          aria-invalid={Boolean(rateError)}
          data-testid="tax-rate"
        />
        {rateError && (
          <p className="field-error" role="alert">
            {rateError}
          </p>
        )}
      </div>
      <fieldset className="field">
        <legend>{t('settings.tax.mode')}</legend>
        {TAX_MODES.map((m) => (
          <label key={m} className="checkbox">
            <input
              type="radio"
              name="taxMode"
              value={m}
              checked={mode === m}
              onChange={() => {
                setMode(m);
                setSuccess(null);
              }}
              data-testid={`tax-mode-${m}`}
            />
            <span>
              {t(`settings.tax.${m}`)}
              <span className="muted small"> — {t(`settings.tax.${m}Help`)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <FormOutcome error={error} success={success} testId="tax" />
      <div className="row end">
        <button type="submit" className="button primary" disabled={saving.isLoading} data-testid="save-tax">
          {saving.isLoading ? t('settings.general.saving') : t('settings.tax.save')}
        </button>
      </div>
    </form>
  );
}
