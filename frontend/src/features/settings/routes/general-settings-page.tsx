import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ExchangeRateForm } from '../components/exchange-rate-form.js';
import { SettingsHeader } from '../components/settings-header.js';
import { SettingsPageState } from '../components/settings-page-state.js';
import { TillCashForm } from '../components/till-cash-form.js';
import { TaxSettingsForm } from '../components/tax-settings-form.js';
import { LOCALES } from '@dukan/contracts';
import { errorText } from '../../../app/api.js';
import { useToast } from '../../../components/ui/use-toast.js';
import { useCurrentUser } from '../../auth/index.js';
import { ShiftRulesForm } from '../../shifts/index.js';
import { useSettingsGeneralQuery } from '../api/settings-api.js';
import '../settings.css';

/**
 * /settings/general: the exchange rate (own, or for an admin the shop's, optionally for all), store name, language;
 * for an admin the till's cash rules, sales tax and the shift rules.
 */
export function GeneralSettingsPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const user = useCurrentUser();
  const isAdmin = user?.role === 'admin';
  const { data, error, isLoading, isFetching, refetch } = useSettingsGeneralQuery(undefined, { refetchOnMountOrArgChange: true });

  // Spec part 2 §8: a failed load shows a toast as well as the panel.
  const loadFailed = Boolean(error && !data);
  useEffect(() => {
    if (loadFailed) toast.error(t('settings.general.loadFailed'));
  }, [loadFailed, toast, t]);

  const header = <SettingsHeader title={t('pages.generalSettings')} />;

  if (loadFailed) {
    return <SettingsPageState header={header} error={errorText(error, t('settings.general.loadFailed'))} onRetry={() => void refetch()} />;
  }
  if (isLoading || !data) {
    return <SettingsPageState header={header} onRetry={() => void refetch()} />;
  }

  return (
    <section className="page settings">
      {header}
      <div className="settings-columns">
        <ExchangeRateForm settings={data} isFetching={isFetching} />

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
