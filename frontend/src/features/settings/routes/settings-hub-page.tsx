import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ROLES } from '@dukan/contracts';
import { Icon, type IconName } from '../../../components/layout/icons.js';
import { useFormat } from '../../../i18n/format.js';
import { useCan, useCurrentUser } from '../../auth/index.js';
import { BackupStatusPanel } from '../../backups/index.js';
import '../settings.css';

interface Card {
  to: string;
  titleKey: string;
  textKey: string;
  icon: IconName;
  /** Not built: no screen; the card says what it will hold. */
  planned?: string;
  /** Only admins open it; others see the card locked. */
  adminOnly?: boolean;
}

const CARDS: readonly Card[] = [
  { to: '/settings/general', titleKey: 'pages.generalSettings', textKey: 'settings.cards.general', icon: 'settings' },
  { to: '/settings/loyalty', titleKey: 'pages.loyaltySettings', textKey: 'settings.cards.loyalty', icon: 'customers' },
  { to: '/settings/users', titleKey: 'pages.userPermissions', textKey: 'settings.cards.users', icon: 'staff' },
  { to: '/settings/branches', titleKey: 'pages.branchSettings', textKey: 'settings.cards.branches', icon: 'inventory', adminOnly: true },
  { to: '/settings/payments', titleKey: 'pages.paymentSettings', textKey: 'settings.cards.payments', icon: 'pos', adminOnly: true },
  { to: '/settings/receipts', titleKey: 'pages.receiptSettings', textKey: 'settings.cards.receipts', icon: 'reports', adminOnly: true },
  {
    to: '/settings/notifications',
    titleKey: 'pages.notificationSettings',
    textKey: 'settings.cards.notifications',
    icon: 'refresh',
    planned: 'settings.cards.notificationsPlanned',
  },
];

/** The settings hub: a card per sub-page, the development status, and the three roles (spec part 2 §2). */
export function SettingsHubPage() {
  const { t } = useTranslation();
  const f = useFormat();
  // /settings/users needs staff edit (and is for admins in effect).
  const canManagePermissions = useCan('staff', 'edit');
  const isAdmin = useCurrentUser()?.role === 'admin';

  return (
    <section className="page settings">
      <header className="page-header">
        <div>
          <h1>{t('settings.title')}</h1>
          <p className="muted">{t('settings.subtitle')}</p>
        </div>
      </header>

      <p className="info-box settings-note" role="note" data-testid="settings-dev-note">
        {t('settings.devNote')}
      </p>

      <div className="settings-cards">
        {CARDS.map((card) => {
          const locked = (card.to === '/settings/users' && !canManagePermissions) || (card.adminOnly === true && !isAdmin);
          const body = (
            <>
              <span className="settings-card-icon" aria-hidden="true">
                <Icon name={card.icon} />
              </span>
              <span className="settings-card-text">
                <span className="settings-card-title">{t(card.titleKey)}</span>
                <span className="muted small">{t(card.textKey)}</span>
                {card.planned && (
                  <>
                    <span className="badge warning">{t('settings.notAvailable')}</span>
                    <span className="small" data-testid="settings-card-planned">
                      {t(card.planned)}
                    </span>
                  </>
                )}
                {locked && <span className="badge">{t('settings.adminOnly')}</span>}
              </span>
            </>
          );
          if (card.planned) {
            return (
              <div key={card.to} className="settings-card planned" data-testid="settings-card" data-to={card.to}>
                {body}
              </div>
            );
          }
          return locked ? (
            <div key={card.to} className="settings-card locked" data-testid="settings-card" data-to={card.to} aria-disabled="true">
              {body}
            </div>
          ) : (
            <Link key={card.to} to={card.to} className="settings-card" data-testid="settings-card" data-to={card.to}>
              {body}
            </Link>
          );
        })}
      </div>

      <BackupStatusPanel />

      <section className="panel settings-roles" aria-labelledby="settings-roles-title">
        <div className="row between">
          <h2 id="settings-roles-title">{t('settings.roles.title')}</h2>
          <span className="big-count" data-testid="role-count">
            {t('settings.roles.count', { count: f.number(ROLES.length) } as Record<string, string>)}
          </span>
        </div>
        <ul className="role-list">
          {ROLES.map((role) => (
            <li key={role}>
              <span className={role === 'admin' ? 'badge danger' : role === 'manager' ? 'badge warning' : 'badge'}>
                {t(`roles.${role}`)}
              </span>
              <span className="muted">{t(`settings.roles.${role}`)}</span>
            </li>
          ))}
        </ul>
      </section>
    </section>
  );
}

export default SettingsHubPage;
