import { useTranslation } from 'react-i18next';
import { CURRENCIES, type TenderTakingsDto } from '@dukan/contracts';
import { useFormat } from '../../i18n/format.js';

interface Props {
  takings: readonly TenderTakingsDto[] | undefined;
  title: string;
  /** Shown when nothing was taken. */
  emptyText: string;
  testId: string;
}

/**
 * What each payment method took and handed back, per currency, each amount in its own currency (dollars with cents,
 * whole dinars): never added across currencies, so each currency gets its own total row.
 */
export function TakingsByTender({ takings, title, emptyText, testId }: Props) {
  const { t } = useTranslation();
  const f = useFormat();
  const rows = takings ?? [];
  const money = (minor: number, currency: string) => (currency === 'USD' ? f.usd(minor) : f.iqd(minor));
  const totals = CURRENCIES.map((currency) => {
    const of = rows.filter((r) => r.currency === currency);
    return {
      currency,
      held: of.length > 0,
      payments: of.reduce((s, r) => s + r.payments, 0),
      taken: of.reduce((s, r) => s + r.takenMinor, 0),
      refunds: of.reduce((s, r) => s + r.refunds, 0),
      refunded: of.reduce((s, r) => s + r.refundedMinor, 0),
    };
  }).filter((x) => x.held);
  return (
    <section className="panel takings" data-testid={testId}>
      <h2>{title}</h2>
      {rows.length === 0 ? (
        <p className="muted empty">{emptyText}</p>
      ) : (
        <>
          <p className="muted small">{t('reports.takings.caption')}</p>
          <table className="table">
            <thead>
              <tr>
                <th>{t('reports.takings.method')}</th>
                <th>{t('reports.takings.currency')}</th>
                <th className="num">{t('reports.takings.payments')}</th>
                <th className="num">{t('reports.takings.taken')}</th>
                <th className="num">{t('reports.takings.refunds')}</th>
                <th className="num">{t('reports.takings.refunded')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={`${r.method}-${r.currency}`} data-testid={`takings-${r.method}-${r.currency}`}>
                  <td>{t(`reports.takings.methods.${r.method}`)}</td>
                  <td>
                    <bdi>{r.currency}</bdi>
                  </td>
                  <td className="num">{f.number(r.payments)}</td>
                  <td className="num">{money(r.takenMinor, r.currency)}</td>
                  <td className="num">{f.number(r.refunds)}</td>
                  <td className="num">{money(r.refundedMinor, r.currency)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              {totals.map((x) => (
                <tr key={x.currency} data-testid={`takings-total-${x.currency}`}>
                  <th colSpan={2}>{t('reports.takings.total', { currency: x.currency })}</th>
                  <td className="num">{f.number(x.payments)}</td>
                  <td className="num">{money(x.taken, x.currency)}</td>
                  <td className="num">{f.number(x.refunds)}</td>
                  <td className="num">{money(x.refunded, x.currency)}</td>
                </tr>
              ))}
            </tfoot>
          </table>
        </>
      )}
    </section>
  );
}
