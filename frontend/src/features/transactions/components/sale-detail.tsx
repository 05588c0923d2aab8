import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SaleDto } from '@dukan/contracts';
import type { Formatters } from '../../../i18n/format.js';
import { dollarsToCents } from '../../../lib/money.js';
import { customerName } from '../lib/filter.js';
import { lineName } from '../lib/sale-text.js';
import { StatusBadges } from './status-badges.js';

const PAYMENT_METHODS = ['cash', 'card', 'transfer', 'credit', 'mixed', 'other'];

/** Dollars as the API sends them, formatted. */
export const usd = (f: Formatters, dollars: number) => f.usd(dollarsToCents(dollars));

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </>
  );
}

function AmountRow({ label, value, className, testId }: { label: string; value: string; className?: string; testId?: string }) {
  return (
    <div className={className}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}

type SaleProps = { sale: SaleDto; f: Formatters };

/** Invoice, date, register, payment, currency and whether it was refunded. */
export function SaleSummary({ sale, f }: SaleProps) {
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
        {iqd && <Fact label={t('transactions.detail.exchangeRate')}>{t('transactions.detail.rate', { rate: f.number(sale.exchangeRate) })}</Fact>}
        <Fact label={t('transactions.detail.refundedFlag')} testId="detail-refunded">
          {refundedFlag}
        </Fact>
      </dl>
    </section>
  );
}

/** The customer (or guest), the cashier and the loyalty points of the sale. */
export function SaleParties({ sale, f }: SaleProps) {
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
            <span dir="ltr">{sale.customer.phone}</span>
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
        {sale.loyaltyPointsRedeemed > 0 && <Fact label={t('transactions.detail.pointsRedeemed')}>{f.number(sale.loyaltyPointsRedeemed)}</Fact>}
      </dl>
    </section>
  );
}

/** Subtotal, discounts, tax, total, tendered and change, and what was refunded. */
export function SaleAmounts({ sale, f }: SaleProps) {
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
        {sale.loyaltyDiscount > 0 && <AmountRow className="negative" label={t('transactions.detail.loyaltyDiscount')} value={usd(f, -sale.loyaltyDiscount)} />}
        <AmountRow label={t('transactions.detail.tax', { rate: f.percent(sale.taxRate ?? 0) })} value={usd(f, sale.taxAmount ?? 0)} testId="detail-tax" />
        <AmountRow className="grand" label={t('transactions.detail.total')} value={usd(f, sale.total)} testId="detail-total" />
        {iqd && inCurrency && <AmountRow label={t('transactions.detail.totalInCurrency', { currency: sale.currency })} value={f.iqd(inCurrency.total)} />}
        <AmountRow
          label={t('transactions.detail.tendered')}
          value={iqd && inCurrency ? f.iqd(inCurrency.amountTendered) : usd(f, sale.paymentDetails?.amountTendered ?? 0)}
        />
        <AmountRow label={t('transactions.detail.change')} value={iqd && inCurrency ? f.iqd(inCurrency.change) : usd(f, sale.paymentDetails?.change ?? 0)} />
        {sale.refundedAmount > 0 && (
          <>
            <AmountRow className="negative" label={t('transactions.detail.refundedAmount')} value={usd(f, -sale.refundedAmount)} testId="detail-refunded-amount" />
            <AmountRow label={t('transactions.detail.netTotal')} value={f.usd(dollarsToCents(sale.total) - dollarsToCents(sale.refundedAmount))} testId="detail-net" />
          </>
        )}
      </dl>
    </section>
  );
}

/** The lines sold, with what was refunded of each. */
export function SaleItems({ sale, f }: SaleProps) {
  const { t, i18n } = useTranslation();
  return (
    <section className="panel">
      <h2>{t('transactions.detail.items')}</h2>
      <div className="table-scroll">
        <table className="table" data-testid="detail-items">
          <thead>
            <tr>
              <th>{t('transactions.detail.product')}</th>
              <th>{t('transactions.detail.sku')}</th>
              <th className="num">{t('transactions.detail.quantity')}</th>
              <th className="num">{t('transactions.detail.unitPrice')}</th>
              <th className="num">{t('transactions.detail.lineDiscount')}</th>
              <th className="num">{t('transactions.detail.lineTotal')}</th>
            </tr>
          </thead>
          <tbody>
            {sale.items.map((l) => (
              <tr key={l._id} data-testid="detail-line" data-sku={l.productSnapshot?.sku}>
                <td>{lineName(l.productSnapshot?.name, i18n.language)}</td>
                <td>
                  <span dir="ltr">{l.productSnapshot?.sku}</span>
                </td>
                <td className="num">
                  {f.number(l.quantity)}
                  {l.refundedQuantity > 0 && (
                    <span className="line-refunded" data-testid="line-refunded">
                      {t('transactions.detail.refundedQty', { n: f.number(l.refundedQuantity) })}
                    </span>
                  )}
                </td>
                <td className="num">{usd(f, l.unitPrice)}</td>
                <td className="num">{l.discountAmount > 0 ? usd(f, -l.discountAmount) : '—'}</td>
                <td className="num">{usd(f, l.subtotal)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** The refunds made on the sale, if any. */
export function SaleRefunds({ sale, f }: SaleProps) {
  const { t, i18n } = useTranslation();
  if (sale.refunds.length === 0) return null;
  return (
    <section className="panel" data-testid="detail-refunds">
      <h2>{t('transactions.detail.refundsTitle')}</h2>
      <div className="table-scroll">
        <table className="table">
          <thead>
            <tr>
              <th>{t('transactions.detail.date')}</th>
              <th>{t('transactions.detail.refundItems')}</th>
              <th>{t('transactions.detail.refundReason')}</th>
              <th className="num">{t('transactions.detail.pointsBack')}</th>
              <th className="num">{t('transactions.detail.refundAmount')}</th>
            </tr>
          </thead>
          <tbody>
            {sale.refunds.map((r) => (
              <tr key={r._id} data-testid="refund-row">
                <td>{f.dateTime(r.createdAt)}</td>
                <td>
                  {r.lines
                    .map((rl) => {
                      const line = sale.items.find((l) => l._id === rl.lineId);
                      return `${line ? lineName(line.productSnapshot?.name, i18n.language) : '—'} × ${f.number(rl.quantity)}`;
                    })
                    .join(i18n.language === 'ku' ? '، ' : ', ')}
                </td>
                <td>{r.reason ?? <span className="muted">—</span>}</td>
                <td className="num">{t('transactions.detail.pointsBackValue', { returned: f.number(r.pointsReturned), revoked: f.number(r.pointsRevoked) })}</td>
                <td className="num" data-testid="refund-amount">
                  {usd(f, r.amount)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
