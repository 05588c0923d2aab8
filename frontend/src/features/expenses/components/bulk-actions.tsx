import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal.js';
import { useFormat } from '../../../i18n/format.js';
import type { BulkOutcome } from '../lib/bulk.js';

export type BulkAction = 'approve' | 'reject' | 'delete';

interface BarProps {
  count: number;
  canDecide: boolean;
  canDelete: boolean;
  progress: { done: number; n: number } | null;
  onAction: (action: BulkAction) => void;
  onClear: () => void;
}

/** What to do with the selected expenses; the spec's bulk approve, reject and delete, done for real. */
export function BulkBar({ count, canDecide, canDelete, progress, onAction, onClear }: BarProps) {
  const { t } = useTranslation();
  const f = useFormat();
  const busy = progress !== null;
  return (
    <section className="panel expense-bulk" aria-live="polite" data-testid="bulk-bar">
      <strong>{t('expenses.bulk.selected', { n: f.number(count) })}</strong>
      {busy && <span className="muted">{t('expenses.bulk.working', { done: f.number(progress.done), n: f.number(progress.n) })}</span>}
      <div className="row gap">
        {canDecide && (
          <button
            type="button"
            className="button small primary"
            onClick={() => onAction('approve')}
            disabled={busy}
            data-testid="bulk-approve"
          >
            {t('expenses.bulk.approve')}
          </button>
        )}
        {canDecide && (
          <button
            type="button"
            className="button small danger-outline"
            onClick={() => onAction('reject')}
            disabled={busy}
            data-testid="bulk-reject"
          >
            {t('expenses.bulk.reject')}
          </button>
        )}
        {canDelete && (
          <button
            type="button"
            className="button small danger-outline"
            onClick={() => onAction('delete')}
            disabled={busy}
            data-testid="bulk-delete"
          >
            {t('expenses.bulk.delete')}
          </button>
        )}
        <button type="button" className="button small" onClick={onClear} disabled={busy} data-testid="bulk-clear">
          {t('expenses.bulk.clear')}
        </button>
      </div>
    </section>
  );
}

/** Which of the selected expenses were changed, and for each one that was not, the server's reason. */
export function BulkReport({
  outcome,
  numberOf,
  onClose,
}: {
  outcome: BulkOutcome;
  numberOf: (id: string) => string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const n = outcome.done.length + outcome.failed.length;
  return (
    <Modal
      title={t('expenses.bulk.reportTitle')}
      onClose={onClose}
      testId="bulk-report"
      footer={
        <button type="button" className="button primary" onClick={onClose} data-testid="bulk-report-close">
          {t('common.close')}
        </button>
      }
    >
      <p data-testid="bulk-report-summary">{t('expenses.bulk.reportDone', { ok: f.number(outcome.done.length), n: f.number(n) })}</p>
      {outcome.failed.length > 0 && (
        <>
          <p>{t('expenses.bulk.reportFailed')}</p>
          <ul className="expense-bulk-failures" data-testid="bulk-failures">
            {outcome.failed.map((x) => (
              <li key={x.id} data-testid="bulk-failure" data-id={x.id}>
                <strong dir="ltr">{numberOf(x.id)}</strong> <span>{x.reason}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </Modal>
  );
}
