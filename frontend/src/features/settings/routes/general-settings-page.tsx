import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SettingsHeader } from '../components/settings-header.js';
import { SettingsPageState } from '../components/settings-page-state.js';
import { TillCashForm } from '../components/till-cash-form.js';
import { TaxSettingsForm } from '../components/tax-settings-form.js';
import { LOCALES, MIN_EXCHANGE_RATE } from '@dukan/contracts';
import { errorText } from '../../../app/api.js';
import { FormOutcome } from '../../../components/ui/form-outcome.js';
import { useServerForm } from '../../../components/ui/use-server-form.js';
import { useToast } from '../../../components/ui/use-toast.js';
import { useFormat } from '../../../i18n/format.js';
import { useCurrentUser } from '../../auth/index.js';
import { ShiftRulesForm } from '../../shifts/index.js';
import { useSettingsGeneralQuery, useSettingsSaveGeneralMutation } from '../api/settings-api.js';
import { exchangeRatePayload, parseExchangeRate } from '../lib/settings-rules.js';
import '../settings.css';

/**
 * /settings/general: the exchange rate (own, or for an admin the shop's, optionally for all), store name, language;
 * for an admin the till's cash rules, sales tax and the shift rules.
 */
export function GeneralSettingsPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const toast = useToast();
  const user = useCurrentUser();
  const isAdmin = user?.role === 'admin';
  const { data, error, isLoading, isFetching, refetch } = useSettingsGeneralQuery(undefined, { refetchOnMountOrArgChange: true });
  const [save, saveState] = useSettingsSaveGeneralMutation();
  const [rate, setRate] = useState('');
  const [applyToAll, setApplyToAll] = useState(false);
  const [rateError, setRateError] = useState<string | null>(null);
  const { formError, setFormError, success, setSuccess } = useServerForm();
  const loadedFor = useRef<number | null>(null);

  // The form starts at the rate that applies to the user; it follows the server after each save or reload.
  useEffect(() => {
    if (data && loadedFor.current !== data.effectiveExchangeRate) {
      loadedFor.current = data.effectiveExchangeRate;
      setRate(String(data.effectiveExchangeRate));
    }
  }, [data]);

  // Spec part 2 §8: a failed load shows a toast as well as the panel.
  const loadFailed = Boolean(error && !data);
  useEffect(() => {
    if (loadFailed) toast.error(t('settings.general.loadFailed'));
  }, [loadFailed, toast, t]);

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

  const header = <SettingsHeader title={t('pages.generalSettings')} />;

  if (loadFailed) {
    return <SettingsPageState header={header} error={errorText(error, t('settings.general.loadFailed'))} onRetry={() => void refetch()} />;
  }
  if (isLoading || !data) {
    return <SettingsPageState header={header} onRetry={() => void refetch()} />;
  }

  const othersWithOwnRate = Object.keys(data.userExchangeRates).filter((id) => id !== user?._id).length;

  return (
    <section className="page settings">
      {header}
      <div className="settings-columns">
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
            {t('settings.general.inUse', { rate: f.number(data.effectiveExchangeRate) })}{' '}
            <span className="badge">{data.isUserSpecific ? t('settings.general.ownRate') : t('settings.general.shopRate')}</span>
          </p>
          {isAdmin && (
            <>
              <p className="muted small rate-facts">
                {t('settings.general.globalRate', { rate: f.number(data.exchangeRate) })}
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

        <section className="panel settings-form" aria-labelledby="store-title">
          <h2 id="store-title">
            {t('settings.general.store')} <span className="badge warning">{t('common.comingSoon')}</span>
          </h2>
          <label className="field">
            <span>{t('settings.general.storeName')}</span>
            <input
              type="text"
              name="storeName"
              value={data.storeName}
              readOnly
              aria-readonly="true"
              className="read-only"
              data-testid="store-name"
            />
          </label>
          <label className="field">
            <span>{t('settings.general.defaultLanguage')}</span>
            <select name="defaultLanguage" value={data.defaultLanguage} disabled data-testid="default-language">
              {LOCALES.map((l) => (
                <option key={l} value={l}>
                  {t(`language.${l}`)}
                </option>
              ))}
            </select>
          </label>
          <p className="muted small">{t('settings.general.comingSoonNote')}</p>
        </section>
        {isAdmin && <TillCashForm settings={data} />}
        {isAdmin && <TaxSettingsForm settings={data} />}
        {isAdmin && <ShiftRulesForm settings={data} />}
      </div>
    </section>
  );
}

export default GeneralSettingsPage;
