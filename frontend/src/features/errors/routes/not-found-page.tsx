import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NotFoundPanel } from '../../../components/ui/not-found-panel.js';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <NotFoundPanel title={t('notFound.title')} text={t('notFound.text')} testId="not-found">
      <Link className="button primary" to="/">
        {t('notFound.home')}
      </Link>
    </NotFoundPanel>
  );
}
