import { useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';

/** Shown instead of a blank screen when a screen fails to render or its code fails to load. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  console.error(error);
  return (
    <section className="panel error-panel" role="alert">
      <h1>{t('common.unexpectedError')}</h1>
      <button type="button" className="button" onClick={() => window.location.reload()}>
        {t('common.retry')}
      </button>
    </section>
  );
}
