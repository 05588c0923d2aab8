import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className="panel not-found" data-testid="not-found">
      <p className="big-number" aria-hidden="true">
        404
      </p>
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <Link className="button primary" to="/">
        {t('notFound.home')}
      </Link>
    </section>
  );
}
