import { useTranslation } from 'react-i18next';
import type { ExpenseDto } from '@dukan/contracts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.js';
import { useFormat } from '../../../i18n/format.js';
import type { BulkOutcome } from '../lib/bulk.js';
import { BulkReport, type BulkAction } from './bulk-actions.js';
import { ExpenseDetails } from './expense-details.js';
import { RejectDialog } from './reject-dialog.js';

/** The one dialog the Expenses screen shows at a time. */
export type Dialog =
  | { kind: 'details'; id: string }
  | { kind: 'delete'; expense: ExpenseDto }
  | { kind: 'reject'; ids: string[]; bulk: boolean }
  | { kind: 'bulk-delete'; ids: string[] }
  | { kind: 'report'; outcome: BulkOutcome }
  | null;

interface Props {
  dialog: Dialog;
  busyId: string | null;
  error: string | null;
  onClose: () => void;
  onSingle: (action: 'delete' | 'reject', id: string, reason?: string) => void;
  onBulk: (action: BulkAction, ids: string[], reason?: string) => void;
  numberOf: (id: string) => string;
}

export function ListDialogs({ dialog, busyId, error, onClose, onSingle, onBulk, numberOf }: Props) {
  const { t } = useTranslation();
  const f = useFormat();
  switch (dialog?.kind) {
    case 'details':
      return <ExpenseDetails id={dialog.id} onClose={onClose} />;
    case 'delete':
      return (
        <ConfirmDialog
          title={t('expenses.remove.title')}
          message={t('expenses.remove.message')}
          confirmLabel={t('expenses.remove.confirm')}
          busyLabel={t('expenses.remove.working')}
          busy={busyId === dialog.expense._id}
          danger
          error={error}
          onConfirm={() => onSingle('delete', dialog.expense._id)}
          onCancel={onClose}
          testId="delete-expense-dialog"
        />
      );
    case 'reject':
      return (
        <RejectDialog
          count={dialog.ids.length}
          busy={busyId !== null}
          error={error}
          onConfirm={(reason) => (dialog.bulk ? onBulk('reject', dialog.ids, reason) : onSingle('reject', dialog.ids[0]!, reason))}
          onCancel={onClose}
        />
      );
    case 'bulk-delete':
      return (
        <ConfirmDialog
          title={t('expenses.bulk.deleteTitle')}
          message={t('expenses.bulk.deleteMessage', { n: f.number(dialog.ids.length) })}
          confirmLabel={t('expenses.remove.confirm')}
          danger
          onConfirm={() => onBulk('delete', dialog.ids)}
          onCancel={onClose}
          testId="bulk-delete-dialog"
        />
      );
    case 'report':
      return <BulkReport outcome={dialog.outcome} numberOf={numberOf} onClose={onClose} />;
    default:
      return null;
  }
}
