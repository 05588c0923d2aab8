import { useTranslation } from 'react-i18next';
import type { SaleDto } from '@dukan/contracts';
import { statusLabel } from '../lib/filter.js';

const BADGE: Record<string, string> = { Completed: 'badge success', Pending: 'badge warning', Cancelled: 'badge danger', Unknown: 'badge' };

/** The payment status (spec part 2 §4), and whether the sale was voided or refunded, as a user must see it. */
export function StatusBadges({ sale }: { sale: Pick<SaleDto, 'paymentStatus' | 'status' | 'refundState'> }) {
  const { t } = useTranslation();
  const label = statusLabel(sale);
  return (
    <span className="status-badges">
      <span className={BADGE[label]} data-testid="status-badge">
        {t(`transactions.status.${label}`)}
      </span>
      {sale.status === 'voided' && (
        <span className="badge danger outline" data-testid="voided-badge">
          {t('transactions.voided')}
        </span>
      )}
      {sale.refundState === 'full' && (
        <span className="badge refund" data-testid="refunded-badge">
          {t('transactions.refunded')}
        </span>
      )}
      {sale.refundState === 'partial' && (
        <span className="badge refund" data-testid="refunded-badge">
          {t('transactions.partlyRefunded')}
        </span>
      )}
    </span>
  );
}
