import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MIN_EXCHANGE_RATE, type GeneralSettingsDto } from '@dukan/contracts';
import { errorText } from '../../../app/api.js';
import { FormOutcome } from '../../../components/ui/form-outcome.js';
import { useServerForm } from '../../../components/ui/use-server-form.js';
import { useToast } from '../../../components/ui/use-toast.js';
import { useFormat } from '../../../i18n/format.js';
import { useCurrentUser } from '../../auth/index.js';
import { useSettingsSaveGeneralMutation } from '../api/settings-api.js';
import { exchangeRatePayload, parseExchangeRate } from '../lib/settings-rules.js';

/** The exchange rate: the user's own, or for an admin the shop's (optionally for every user), and the rate in use. */
export function ExchangeRateForm({ settings, isFetching }: { settings: GeneralSettingsDto; isFetching: boolean }) {
  const { t } = useTranslation();
  const f = useFormat();
  const toast = useToast();
  const user = useCurrentUser();
  const isAdmin = user?.role === 'admin';
  const [save, saveState] = useSettingsSaveGeneralMutation();
  const [rate, setRate] = useState('');
  const [applyToAll, setApplyToAll] = useState(false);
  const [rateError, setRateError] = useState<string | null>(null);
  const { formError, setFormError, success, setSuccess } = useServerForm();
  const loadedFor = useRef<number | null>(null);

  // The form starts at the rate that applies to the user; it follows the server after each save or reload.
  useEffect(() => {
    if (loadedFor.current !== settings.effectiveExchangeRate) {
      loadedFor.current = settings.effectiveExchangeRate;
      setRate(String(settings.effectiveExchangeRate));
    }
  }, [settings]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSuccess(null);
    setFormError(null);
    const value = parseExchangeRate(rate);
    if (value === null) {
      setRateError(t('settings.general.invalidNumber'));
      return;
    }
    setRate(String(value));
    try {
      await save(exchangeRatePayload(value, isAdmin, applyToAll)).unwrap();
      setSuccess(t('settings.general.saved'));
      setApplyToAll(false);
      toast.success(t('settings.general.saved'));
    } catch (err) {
      const text = errorText(err, t('settings.general.saveFailed'));
      setFormError(text);
      toast.error(text);
    }
  };

  const othersWithOwnRate = Object.keys(settings.userExchangeRates).filter((id) => id !== user?._id).length;

  return (
    <form className="panel settings-form" onSubmit={submit} noValidate aria-busy={isFetching} data-testid="exchange-rate-form">
      <h2>{t('settings.general.exchangeRate')}</h2>
      <p className="muted">{isAdmin ? t('settings.general.exchangeRateHelpAdmin') : t('settings.general.exchangeRateHelpOwn')}</p>
      <div className="field">
        <label htmlFor="exchange-rate">{t('settings.general.exchangeRateLabel')}</label>
        <input
          id="exchange-rate"
          type="number"
          name="exchangeRate"
          inputMode="decimal"
          min={MIN_EXCHANGE_RATE}
          step="any"
          value={rate}
          onChange={(e) => {
            setRate(e.target.value);
            setRateError(null);
            setSuccess(null);
          }}
          onBlur={() => {
            // Values below the minimum are raised to it (spec part 2 §5).
            const v = parseExchangeRate(rate);
            if (v !== null && v !== Number(rate)) setRate(String(v));
          }}
          aria-invalid={Boolean(rateError)}
          aria-describedby="exchange-rate-note"
        />
        <span className="muted small" id="exchange-rate-note">
          {t('settings.general.minimumNote')}
        </span>
        {rateError && (
          <p className="field-error" role="alert">
            {rateError}
          </p>
        )}
      </div>
      <p className="rate-facts" data-testid="rate-in-use">
        {t('settings.general.inUse', { rate: f.number(settings.effectiveExchangeRate) })}{' '}
        <span className="badge">{settings.isUserSpecific ? t('settings.general.ownRate') : t('settings.general.shopRate')}</span>
      </p>
      {isAdmin && (
        <>
          <p className="muted small rate-facts">
            {t('settings.general.globalRate', { rate: f.number(settings.exchangeRate) })}
            {' · '}
            <span data-testid="individual-rates">
              {t('settings.general.individualRates', { count: f.number(othersWithOwnRate) } as Record<string, string>)}
            </span>
          </p>
          <label className="checkbox">
            <input
              type="checkbox"
              name="applyToAllUsers"
              checked={applyToAll}
              onChange={(e) => setApplyToAll(e.target.checked)}
              data-testid="apply-to-all"
            />
            {t('settings.general.applyToAll')}
          </label>
        </>
      )}
      <FormOutcome error={formError} success={success} testId="settings" />
      <div className="row end">
        <button type="submit" className="button primary" disabled={saveState.isLoading} data-testid="save-general">
          {saveState.isLoading ? t('settings.general.saving') : t('settings.general.save')}
        </button>
      </div>
    </form>
  );
}
