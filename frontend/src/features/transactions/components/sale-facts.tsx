import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPhone } from '@dukan/contracts';
import { customerName } from '../lib/filter.js';
import { usd, type SaleSectionProps } from './sale-section.js';
import { StatusBadges } from './status-badges.js';

const PAYMENT_METHODS = ['cash', 'card', 'transfer', 'account', 'credit', 'mixed', 'other'];

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </>
  );
}

/** Invoice, date, register, payment, currency and whether it was refunded. */
export function SaleSummary({ sale, f }: SaleSectionProps) {
  const { t } = useTranslation();
  const iqd = sale.currency === 'IQD';
  const method = PAYMENT_METHODS.includes(sale.paymentMethod) ? t(`transactions.detail.payment.${sale.paymentMethod}`) : sale.paymentMethod;
  const refundedFlag =
    sale.refundState === 'full' || sale.refunded
      ? t('transactions.detail.yes')
      : sale.refundState === 'partial'
        ? t('transactions.detail.partly', { amount: usd(f, sale.refundedAmount) })
        : t('transactions.detail.no');
  return (
    <section className="panel">
      <h2>{t('transactions.detail.summary')}</h2>
      <dl className="facts">
        <Fact label={t('transactions.detail.invoiceNumber')} testId="detail-invoice">
          <span dir="ltr">{sale.invoiceNumber}</span>
        </Fact>
        <Fact label={t('transactions.detail.transactionId')}>
          <span dir="ltr" className="small">
            {sale._id}
          </span>
        </Fact>
        <Fact label={t('transactions.detail.date')}>{f.dateTime(sale.transactionDate ?? sale.createdAt)}</Fact>
        <Fact label={t('transactions.detail.register')}>{sale.register}</Fact>
        <Fact label={t('transactions.detail.paymentStatus')}>
          <StatusBadges sale={{ ...sale, refundState: 'none', status: sale.status }} />
        </Fact>
        <Fact label={t('transactions.detail.paymentMethod')}>{method}</Fact>
        <Fact label={t('transactions.detail.currency')}>{sale.currency}</Fact>
        {iqd && (
          <Fact label={t('transactions.detail.exchangeRate')}>{t('transactions.detail.rate', { rate: f.number(sale.exchangeRate) })}</Fact>
        )}
        <Fact label={t('transactions.detail.refundedFlag')} testId="detail-refunded">
          {refundedFlag}
        </Fact>
      </dl>
    </section>
  );
}

/** The customer (or guest), the cashier and the loyalty points of the sale. */
export function SaleParties({ sale, f }: SaleSectionProps) {
  const { t } = useTranslation();
  const cashier = sale.cashier ? [sale.cashier.firstName, sale.cashier.lastName].filter(Boolean).join(' ') || sale.cashier.username : '—';
  return (
    <section className="panel">
      <h2>
        {t('transactions.detail.customer')} · {t('transactions.detail.cashier')}
      </h2>
      <dl className="facts">
        <Fact label={t('transactions.detail.customer')} testId="detail-customer">
          {sale.customer ? customerName(sale) : <span className="muted">{t('transactions.detail.guest')}</span>}
        </Fact>
        {sale.customer?.phone && (
          <Fact label={t('transactions.detail.phone')}>
            <span dir="ltr">{formatPhone(sale.customer.phone)}</span>
          </Fact>
        )}
        <Fact label={t('transactions.detail.cashier')} testId="detail-cashier">
          {cashier}
          {sale.cashier?.username && (
            <span className="muted small" dir="ltr">
              {' '}
              @{sale.cashier.username}
            </span>
          )}
        </Fact>
        {sale.loyaltyPointsAwarded > 0 && <Fact label={t('transactions.detail.pointsAwarded')}>{f.number(sale.loyaltyPointsAwarded)}</Fact>}
        {sale.loyaltyPointsRedeemed > 0 && (
          <Fact label={t('transactions.detail.pointsRedeemed')}>{f.number(sale.loyaltyPointsRedeemed)}</Fact>
        )}
      </dl>
    </section>
  );
}
