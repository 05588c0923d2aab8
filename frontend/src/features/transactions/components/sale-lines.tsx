import { useTranslation } from 'react-i18next';
import { lineName, ltr } from '../lib/sale-text.js';
import { usd, type SaleSectionProps } from './sale-section.js';

/** The lines sold, with what was refunded of each. */
export function SaleItems({ sale, f }: SaleSectionProps) {
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
export function SaleRefunds({ sale, f }: SaleSectionProps) {
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
                <td>
                  {r.exchange ? (
                    <span data-testid="refund-exchange">
                      {t('transactions.detail.exchangedFor', { invoice: ltr(r.exchange.invoiceNumber) })}
                    </span>
                  ) : (
                    (r.reason ?? <span className="muted">—</span>)
                  )}
                </td>
                <td className="num">
                  {t('transactions.detail.pointsBackValue', { returned: f.number(r.pointsReturned), revoked: f.number(r.pointsRevoked) })}
                </td>
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
