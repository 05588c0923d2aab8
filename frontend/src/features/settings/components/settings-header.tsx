import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** The header of a settings sub-page: a way back to the hub, the title and an optional line under it. */
export function SettingsHeader({ title, subtitle }: { title: ReactNode; subtitle?: string }) {
  const { t } = useTranslation();
  return (
    <header className="page-header">
      <div>
        <Link to="/settings" className="back-link">
          <span className="flip-rtl" aria-hidden="true">
            ←
          </span>{' '}
          {t('settings.backToSettings')}
        </Link>
        <h1>{title}</h1>
        {subtitle && <p className="muted">{subtitle}</p>}
      </div>
    </header>
  );
}
