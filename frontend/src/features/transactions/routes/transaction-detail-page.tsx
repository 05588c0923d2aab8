import { useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SaleDto } from '@dukan/contracts';
import { errorText } from '../../../app/api.js';
import { BackLink as BackTo } from '../../../components/ui/back-link.js';
import { ErrorPanel } from '../../../components/ui/error-panel.js';
import { NotFoundPanel } from '../../../components/ui/not-found-panel.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { useFormat, type Formatters } from '../../../i18n/format.js';
import { useCan, useCurrentUser } from '../../auth/index.js';
import { ReprintReceipt } from '../../pos/index.js';
import { useTransactionsOneQuery } from '../api/transactions-api.js';
import { RefundDialog } from '../components/refund-dialog.js';
import { SaleAmounts } from '../components/sale-amounts.js';
import { SaleParties, SaleSummary } from '../components/sale-facts.js';
import { SaleItems, SaleRefunds } from '../components/sale-lines.js';
import { usd } from '../components/sale-section.js';
import { StatusBadges } from '../components/status-badges.js';
import { VoidDialog } from '../components/void-dialog.js';
import { isNotFound } from '../lib/errors.js';
import { ltr, unitsLeft } from '../lib/sale-text.js';
import '../transactions.css';

function BackLink() {
  const { t } = useTranslation();
  return <BackTo to="/transactions" className="button small" testId="back-to-transactions" label={t('transactions.detail.back')} />;
}

function NotFoundView() {
  const { t } = useTranslation();
  return (
    <section className="page">
      <NotFoundPanel
        title={t('transactions.detail.notFoundTitle')}
        text={t('transactions.detail.notFoundText')}
        testId="transaction-not-found"
      >
        <BackLink />
      </NotFoundPanel>
    </section>
  );
}

export function TransactionDetailPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const f = useFormat();
  const { data: sale, error, isLoading, refetch } = useTransactionsOneQuery(id, { refetchOnMountOrArgChange: true });

  if (isLoading) return <Spinner label={t('common.loading')} />;
  if (error && isNotFound(error)) return <NotFoundView />;
  if (error || !sale) {
    return (
      <section className="page">
        <BackLink />
        <ErrorPanel message={errorText(error, t('transactions.detail.loadFailed'))} onRetry={() => void refetch()} />
      </section>
    );
  }
  return <SaleView sale={sale} f={f} />;
}

function SaleView({ sale, f }: { sale: SaleDto; f: Formatters }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const posRefund = useCan('pos', 'refund');
  const transactionsRefund = useCan('transactions', 'refund');
  const canRefund = posRefund || transactionsRefund;
  const isAdmin = user?.role === 'admin';
  const [dialog, setDialog] = useState<'refund' | 'void' | 'receipt' | null>(null);

  const voided = sale.status === 'voided';
  const refundable = !voided && sale.items.some((l) => unitsLeft(l) > 0);

  return (
    <section className={`page transaction-detail ${voided ? 'is-voided' : ''}`} data-testid="transaction-detail">
      <header className="page-header">
        <div className="stack">
          <BackLink />
          <h1>
            {t('transactions.detail.title', { invoice: ltr(sale.invoiceNumber) })} <StatusBadges sale={sale} />
          </h1>
          <p className="muted">{f.dateTime(sale.transactionDate ?? sale.createdAt)}</p>
        </div>
        <div className="detail-actions">
          <button type="button" className="button" onClick={() => setDialog('receipt')} data-testid="reprint">
            {t('pos.receipt.reprint')}
          </button>
          {canRefund && refundable && (
            <button type="button" className="button primary" onClick={() => setDialog('refund')} data-testid="open-refund">
              {t('transactions.refund.button')}
            </button>
          )}
          {isAdmin && !voided && (
            <button
              type="button"
              className="button danger"
              onClick={() => setDialog('void')}
              disabled={sale.refundState !== 'none'}
              title={sale.refundState !== 'none' ? t('transactions.void.notAfterRefund') : undefined}
              data-testid="open-void"
            >
              {t('transactions.void.button')}
            </button>
          )}
        </div>
      </header>

      {voided && (
        <div className="detail-banner voided" role="status" data-testid="voided-banner">
          <p>{t('transactions.detail.voidedBanner', { date: sale.voided ? f.dateTime(sale.voided.at) : '—' })}</p>
          {sale.voided?.reason && <p>{t('transactions.detail.voidedReason', { reason: sale.voided.reason })}</p>}
        </div>
      )}
      {!voided && sale.refundState !== 'none' && (
        <div className="detail-banner refunded" role="status" data-testid="refunded-banner">
          <p>
            {sale.refundState === 'full'
              ? t('transactions.detail.refundedBanner')
              : t('transactions.detail.partlyRefundedBanner', { amount: usd(f, sale.refundedAmount) })}
          </p>
        </div>
      )}

      <div className="detail-grid">
        <SaleSummary sale={sale} f={f} />

        <SaleParties sale={sale} f={f} />

        <SaleAmounts sale={sale} f={f} />
      </div>

      <SaleItems sale={sale} f={f} />

      <SaleRefunds sale={sale} f={f} />

      {dialog === 'refund' && <RefundDialog sale={sale} onClose={() => setDialog(null)} />}
      {dialog === 'void' && <VoidDialog sale={sale} onClose={() => setDialog(null)} />}
      {dialog === 'receipt' && (
        <ReprintReceipt
          sale={sale}
          cashier={`${sale.cashier.firstName} ${sale.cashier.lastName}`.trim() || sale.cashier.username}
          onClose={() => setDialog(null)}
        />
      )}
    </section>
  );
}

export default TransactionDetailPage;
