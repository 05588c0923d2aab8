import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SettingsHeader } from '../components/settings-header.js';
import '../settings.css';

const TITLES: Record<string, string> = {
  payments: 'pages.paymentSettings',
  receipts: 'pages.receiptSettings',
  notifications: 'pages.notificationSettings',
};

/** /settings/payments, /settings/receipts and /settings/notifications: honestly not built yet. */
export function UnavailableSettingsPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const section = pathname.replace(/\/+$/, '').split('/').pop() ?? '';
  const titleKey = TITLES[section] ?? 'settings.title';
  return (
    <section className="page settings">
      <SettingsHeader
        title={
          <>
            {t(titleKey)} <span className="badge warning">{t('settings.notAvailable')}</span>
          </>
        }
      />
      <div className="panel placeholder" data-testid="settings-unavailable">
        <p>{t('settings.unavailable.text')}</p>
      </div>
    </section>
  );
}

export default UnavailableSettingsPage;
