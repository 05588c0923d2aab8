import { useTranslation } from 'react-i18next';

export function AccessRestricted() {
  const { t } = useTranslation();
  return (
    <section className="panel restricted" data-testid="access-restricted">
      <div className="restricted-icon" aria-hidden="true">
        🔒
      </div>
      <h2>{t('permissions.restrictedTitle')}</h2>
      <p>{t('permissions.restrictedText')}</p>
    </section>
  );
}
