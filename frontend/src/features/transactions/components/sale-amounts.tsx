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

/** Subtotal, discounts, tax, total, cash rounding, each tender in its own currency, the change, and what was refunded. */
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
          label={t(sale.taxMode === 'added' ? 'transactions.detail.taxAdded' : 'transactions.detail.tax', {
            rate: f.percent(sale.taxRate ?? 0),
          })}
          value={usd(f, sale.taxAmount ?? 0)}
          testId="detail-tax"
        />
        <AmountRow className="grand" label={t('transactions.detail.total')} value={usd(f, sale.total)} testId="detail-total" />
        {iqd && inCurrency && (
          <AmountRow label={t('transactions.detail.totalInCurrency', { currency: sale.currency })} value={f.iqd(inCurrency.total)} />
        )}
        {inCurrency && inCurrency.cashRounding !== 0 && (
          <AmountRow
            label={t('pos.receipt.rounding')}
            value={iqd ? f.iqd(inCurrency.cashRounding) : usd(f, inCurrency.cashRounding)}
            testId="detail-rounding"
          />
        )}
        {(sale.tenders ?? []).map((tn, i) => (
          <AmountRow
            key={i}
            label={tn.method === 'cash' ? t('pos.tender.cashIn', { currency: tn.currency }) : t(`pos.tender.${tn.method}`)}
            value={tn.currency === 'IQD' ? f.iqd(tn.amountMinor) : f.usd(tn.amountMinor)}
            testId="detail-tender"
          />
        ))}
        {!sale.tenders?.length && (
          <AmountRow
            label={t('transactions.detail.tendered')}
            value={iqd && inCurrency ? f.iqd(inCurrency.amountTendered) : usd(f, sale.paymentDetails?.amountTendered ?? 0)}
          />
        )}
        <AmountRow
          label={sale.change ? t('pos.receipt.changeIn', { currency: sale.change.currency }) : t('transactions.detail.change')}
          value={
            sale.change
              ? sale.change.currency === 'IQD'
                ? f.iqd(sale.change.amountMinor)
                : f.usd(sale.change.amountMinor)
              : iqd && inCurrency
                ? f.iqd(inCurrency.change)
                : usd(f, sale.paymentDetails?.change ?? 0)
          }
          testId="detail-change"
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
