import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CURRENCIES, type Currency, type GeneralSettingsDto } from '@dukan/contracts';
import { errorText } from '../../../app/api.js';
import { FormOutcome } from '../../../components/ui/form-outcome.js';
import { useFormat } from '../../../i18n/format.js';
import { useSaveTillCashMutation } from '../api/settings-api.js';

/** The dinar steps offered (1: none); a step set another way is offered too. */
const STEPS = [1, 50, 100, 250, 500, 1000];

/** Settings (admins): the dinar cash-rounding step and the currency the till starts the change in. */
export function TillCashForm({ settings }: { settings: GeneralSettingsDto }) {
  const { t } = useTranslation();
  const f = useFormat();
  const [step, setStep] = useState(settings.iqdCashRounding);
  const [changeCurrency, setChangeCurrency] = useState<Currency>(settings.changeCurrency);
  const [save, saving] = useSaveTillCashMutation();
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const steps = [...new Set([...STEPS, settings.iqdCashRounding])].sort((a, b) => a - b);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setSuccess(null);
    try {
      await save({ iqdCashRounding: step, changeCurrency }).unwrap();
      setSuccess(t('settings.general.saved'));
    } catch (err) {
      setError(errorText(err, t('settings.general.saveFailed')));
    }
  };

  return (
    <form className="panel settings-form" onSubmit={(e) => void submit(e)} noValidate data-testid="till-cash-form">
      <h2>{t('settings.tillCash.title')}</h2>
      <p className="muted small">{t('settings.tillCash.help')}</p>
      <label className="field">
        <span>{t('settings.tillCash.rounding')}</span>
        <select value={step} onChange={(e) => setStep(Number(e.target.value))} data-testid="iqd-cash-rounding">
          {steps.map((s) => (
            <option key={s} value={s}>
              {s === 1 ? t('settings.tillCash.roundingNone') : t('settings.tillCash.roundingDinars', { step: f.number(s) })}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>{t('settings.tillCash.changeCurrency')}</span>
        <select
          value={changeCurrency}
          onChange={(e) => setChangeCurrency(e.target.value as Currency)}
          data-testid="default-change-currency"
        >
          {CURRENCIES.map((c) => (
            <option key={c} value={c}>
              {t(`settings.tillCash.currency.${c}`)}
            </option>
          ))}
        </select>
      </label>
      <FormOutcome error={error} success={success} testId="till-cash" />
      <div className="row end">
        <button type="submit" className="button primary" disabled={saving.isLoading} data-testid="save-till-cash">
          {saving.isLoading ? t('settings.general.saving') : t('settings.general.save')}
        </button>
      </div>
    </form>
  );
}
