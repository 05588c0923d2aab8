import { useTranslation } from 'react-i18next';
import { dollarsToCents } from '../../../lib/money.js';
import { usd, type SaleSectionProps } from './sale-section.js';

function AmountRow({ label, value, className, testId }: { label: string; value: string; className?: string; testId?: string }) {
  return (
    <div className={className}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}

/** Subtotal, discounts, tax, total, tendered and change, and what was refunded. */
export function SaleAmounts({ sale, f }: SaleSectionProps) {
  const { t } = useTranslation();
  const iqd = sale.currency === 'IQD';
  const inCurrency = sale.amountsInCurrency;
  return (
    <section className="panel">
      <h2>{t('transactions.detail.amounts')}</h2>
      <dl className="amounts">
        <AmountRow label={t('transactions.detail.subtotal')} value={usd(f, sale.subtotal)} testId="detail-subtotal" />
        {sale.discountAmount > 0 && (
          <AmountRow
            className="negative"
            label={
              sale.discountType === 'percentage' && sale.discountValue
                ? t('transactions.detail.discountPercent', { percent: f.percent(sale.discountValue) })
                : t('transactions.detail.discount')
            }
            value={usd(f, -sale.discountAmount)}
            testId="detail-discount"
          />
        )}
        {sale.loyaltyDiscount > 0 && (
          <AmountRow className="negative" label={t('transactions.detail.loyaltyDiscount')} value={usd(f, -sale.loyaltyDiscount)} />
        )}
        <AmountRow
          label={t('transactions.detail.tax', { rate: f.percent(sale.taxRate ?? 0) })}
          value={usd(f, sale.taxAmount ?? 0)}
          testId="detail-tax"
        />
        <AmountRow className="grand" label={t('transactions.detail.total')} value={usd(f, sale.total)} testId="detail-total" />
        {iqd && inCurrency && (
          <AmountRow label={t('transactions.detail.totalInCurrency', { currency: sale.currency })} value={f.iqd(inCurrency.total)} />
        )}
        <AmountRow
          label={t('transactions.detail.tendered')}
          value={iqd && inCurrency ? f.iqd(inCurrency.amountTendered) : usd(f, sale.paymentDetails?.amountTendered ?? 0)}
        />
        <AmountRow
          label={t('transactions.detail.change')}
          value={iqd && inCurrency ? f.iqd(inCurrency.change) : usd(f, sale.paymentDetails?.change ?? 0)}
        />
        {sale.refundedAmount > 0 && (
          <>
            <AmountRow
              className="negative"
              label={t('transactions.detail.refundedAmount')}
              value={usd(f, -sale.refundedAmount)}
              testId="detail-refunded-amount"
            />
            <AmountRow
              label={t('transactions.detail.netTotal')}
              value={f.usd(dollarsToCents(sale.total) - dollarsToCents(sale.refundedAmount))}
              testId="detail-net"
            />
          </>
        )}
      </dl>
    </section>
  );
}
