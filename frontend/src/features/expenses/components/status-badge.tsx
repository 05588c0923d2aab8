import { useTranslation } from 'react-i18next';
import type { ExpenseStatus } from '@dukan/contracts';

const STYLE: Record<ExpenseStatus, string> = { pending: 'warning', approved: 'info', rejected: 'danger', paid: 'success' };

/** The status with a capital first letter (spec part 2 §2), coloured by how far it got. */
export function StatusBadge({ status }: { status: ExpenseStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`badge ${STYLE[status]}`} data-testid="expense-status" data-status={status}>
      {t(`expenses.status.${status}`)}
    </span>
  );
}
