import { useTranslation } from 'react-i18next';

/** A screen of the route table that the next release fills in (issue 6). */
export function PlaceholderPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <section className="page">
      <header className="page-header">
        <h1>{t(titleKey)}</h1>
      </header>
      <div className="panel placeholder" data-testid="placeholder">
        <p>{t('placeholder.text')}</p>
      </div>
    </section>
  );
}
