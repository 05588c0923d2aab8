import { useTranslation } from 'react-i18next';
import type { ProductImportDto } from '@dukan/contracts';
import { useFormat } from '../../../i18n/format.js';

/** A running import's progress on the page itself, once its dialog is closed; Show opens the dialog again. */
export function ImportStrip({ job, onShow }: { job: ProductImportDto; onShow: () => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const text = t('inventory.import.progress', { done: f.number(job.done), total: f.number(job.total) });
  return (
    <div className="panel import-strip" role="status" data-testid="import-strip">
      <span>{t('inventory.import.running')}</span>
      <progress max={job.total} value={job.done} aria-label={t('inventory.import.progressLabel')} />
      <span>{text}</span>
      <button type="button" className="button small" onClick={onShow} data-testid="import-show">
        {t('inventory.import.show')}
      </button>
    </div>
  );
}
