import { useEffect, useState } from 'react';
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { canAccessPage } from '@dukan/contracts';
import { Icon } from './icons.js';
import { NAV_ITEMS } from './nav-items.js';
import { displayName, type SignedInUser } from '../../features/auth/index.js';
import { DesktopStatusButton } from '../../features/desktop/index.js';

interface SidebarProps {
  user: SignedInUser;
  drawerOpen: boolean;
  onCloseDrawer: () => void;
  onToggleLanguage: () => void;
  onLogout: () => void;
}

const COLLAPSED_KEY = 'dukan.sidebarCollapsed';

export function Sidebar({ user, drawerOpen, onCloseDrawer, onToggleLanguage, onLogout }: SidebarProps) {
  const { t, i18n } = useTranslation();
  const [collapsed, setCollapsed] = useState(() => {
    try {
      return localStorage.getItem(COLLAPSED_KEY) === '1';
    } catch {
      return false;
    }
  });
  useEffect(() => {
    try {
      localStorage.setItem(COLLAPSED_KEY, collapsed ? '1' : '0');
    } catch {
      /* not remembered */
    }
  }, [collapsed]);

  const name = displayName(user);
  const items = NAV_ITEMS.filter((item) => canAccessPage(user, item.page));
  const otherLanguage = i18n.language === 'ku' ? 'en' : 'ku';

  return (
    <>
      {drawerOpen && <div className="drawer-backdrop" onClick={onCloseDrawer} aria-hidden="true" />}
      <aside className={`sidebar ${collapsed ? 'collapsed' : ''} ${drawerOpen ? 'open' : ''}`} data-testid="sidebar">
        <div className="sidebar-head">
          <span className="brand-mark" aria-hidden="true">
            D
          </span>
          <span className="brand-name label">{t('common.appName')}</span>
          <button
            type="button"
            className="icon-button collapse-button"
            onClick={() => setCollapsed((c) => !c)}
            aria-label={collapsed ? t('nav.expand') : t('nav.collapse')}
            aria-expanded={!collapsed}
          >
            <Icon name="collapse" className="flip-rtl" />
          </button>
          <button type="button" className="icon-button drawer-close" onClick={onCloseDrawer} aria-label={t('nav.closeMenu')}>
            ×
          </button>
        </div>
        <nav aria-label={t('nav.main')} className="sidebar-nav">
          {items.map((item) => (
            <NavLink key={item.to} to={item.to} end={item.to === '/'} className="nav-link" onClick={onCloseDrawer} title={t(item.labelKey)}>
              <Icon name={item.icon} />
              <span className="label">{t(item.labelKey)}</span>
            </NavLink>
          ))}
        </nav>
        <div className="sidebar-foot">
          <DesktopStatusButton />
          <button
            type="button"
            className="nav-link"
            onClick={onToggleLanguage}
            lang={otherLanguage === 'ku' ? 'ckb' : 'en'}
            data-testid="language-toggle"
            title={t('language.switchTo')}
          >
            <Icon name="language" />
            <span className="label">{t(`language.${otherLanguage}`)}</span>
          </button>
          <div className="user-badge" data-testid="user-badge">
            <span className="avatar" aria-hidden="true">
              {name.charAt(0).toUpperCase()}
            </span>
            <span className="label user-text">
              <span className="user-name">{name}</span>
              <span className="user-role">{t(`roles.${user.role}`)}</span>
            </span>
          </div>
          <button type="button" className="nav-link" onClick={onLogout} data-testid="logout" title={t('nav.logout')}>
            <Icon name="logout" className="flip-rtl" />
            <span className="label">{t('nav.logout')}</span>
          </button>
        </div>
      </aside>
    </>
  );
}
