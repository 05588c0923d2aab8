import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorPanel } from '../../../components/ui/error-panel.js';
import { Spinner } from '../../../components/ui/spinner.js';

/** A settings sub-page under its header that is still loading, or (with `error`) could not load, with a retry. */
export function SettingsPageState({ header, error, onRetry }: { header: ReactNode; error?: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <section className="page settings">
      {header}
      {error === undefined ? <Spinner label={t('common.loading')} /> : <ErrorPanel message={error} onRetry={onRetry} />}
    </section>
  );
}
