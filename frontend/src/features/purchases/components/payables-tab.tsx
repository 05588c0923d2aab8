import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AGING_BUCKETS, type SupplierInvoiceDto } from '@dukan/contracts';
import { errorText } from '../../../app/api.js';
import { ErrorPanel } from '../../../components/ui/error-panel.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { useFormat } from '../../../i18n/format.js';
import { useCan } from '../../auth/index.js';
import { useInvoicesQuery, usePayablesQuery } from '../api/purchases-api.js';
import type { Notice } from '../lib/notice.js';
import { money, nameIn } from '../lib/money.js';
import { PayDialog } from './pay-invoice-dialog.js';
import { InvoiceDialog } from './supplier-invoice-dialog.js';

/** What the shop owes by age and supplier (each currency apart), and the invoices with their payments. */
export function PayablesTab({ onNotice }: { onNotice: (notice: Notice) => void }) {
  const { t, i18n } = useTranslation();
  const f = useFormat();
  const canCreate = useCan('purchases', 'create');
  const canPay = useCan('purchases', 'pay');
  const report = usePayablesQuery();
  const invoices = useInvoicesQuery();
  const [recording, setRecording] = useState(false);
  const [paying, setPaying] = useState<SupplierInvoiceDto | null>(null);

  return (
    <div data-testid="payables-tab">
      <section className="panel">
        <h2>{t('purchases.payables.title')}</h2>
        {report.isError ? (
          <ErrorPanel message={errorText(report.error, t('purchases.fetchError'))} onRetry={() => void report.refetch()} />
        ) : !report.data ? (
          <Spinner label={t('purchases.loading')} />
        ) : report.data.rows.length === 0 ? (
          <p className="empty-state">{t('purchases.payables.empty')}</p>
        ) : (
          <div className="table-scroll">
            <p className="muted">{t('purchases.payables.asOf', { date: f.date(`${report.data.asOf}T12:00:00Z`) })}</p>
            <table className="table" data-testid="payables-table">
              <thead>
                <tr>
                  <th>{t('purchases.payables.supplier')}</th>
                  {AGING_BUCKETS.map((b) => (
                    <th key={b} className="num">
                      {t(`purchases.payables.buckets.${b}`)}
                    </th>
                  ))}
                  <th className="num">{t('purchases.payables.total')}</th>
                </tr>
              </thead>
              <tbody>
                {report.data.rows.map((r) => (
                  <tr key={`${r.supplierId}-${r.currency}`} data-testid="payables-row">
                    <td>{nameIn(i18n.language, r.name)}</td>
                    {AGING_BUCKETS.map((b) => (
                      <td key={b} className="num">
                        {r.buckets[b] ? money(f, r.buckets[b], r.currency) : '—'}
                      </td>
                    ))}
                    <td className="num" data-testid="payables-total">
                      {money(f, r.totalMinor, r.currency)}
                    </td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                {report.data.totals.map((tot) => (
                  <tr key={tot.currency}>
                    <th>
                      {t('purchases.payables.totals')} ({tot.currency})
                    </th>
                    {AGING_BUCKETS.map((b) => (
                      <td key={b} className="num">
                        {money(f, tot.buckets[b], tot.currency)}
                      </td>
                    ))}
                    <td className="num">{money(f, tot.totalMinor, tot.currency)}</td>
                  </tr>
                ))}
              </tfoot>
            </table>
          </div>
        )}
      </section>

      <section className="panel">
        <div className="row gap toolbar">
          <h2>{t('purchases.payables.invoices')}</h2>
          {canCreate && (
            <button type="button" className="button primary" onClick={() => setRecording(true)} data-testid="add-invoice">
              {t('purchases.payables.addInvoice')}
            </button>
          )}
        </div>
        {!invoices.data ? (
          <Spinner label={t('purchases.loading')} />
        ) : invoices.data.data.length === 0 ? (
          <p className="empty-state">{t('purchases.payables.noInvoices')}</p>
        ) : (
          <div className="table-scroll">
            <table className="table" data-testid="invoices-table">
              <thead>
                <tr>
                  <th>{t('purchases.payables.number')}</th>
                  <th>{t('purchases.payables.supplier')}</th>
                  <th>{t('purchases.payables.dueOn')}</th>
                  <th className="num">{t('purchases.payables.amount')}</th>
                  <th className="num">{t('purchases.payables.paid')}</th>
                  <th className="num">{t('purchases.payables.due')}</th>
                  {canPay && <th className="actions-cell" />}
                </tr>
              </thead>
              <tbody>
                {invoices.data.data.map((inv) => (
                  <tr key={inv._id} data-testid="invoice-row" data-number={inv.number}>
                    <td dir="ltr">{inv.number}</td>
                    <td>{nameIn(i18n.language, inv.supplier.name)}</td>
                    <td>{f.date(`${inv.dueOn}T12:00:00Z`)}</td>
                    <td className="num">{money(f, inv.amountMinor, inv.currency)}</td>
                    <td className="num">{money(f, inv.paidMinor, inv.currency)}</td>
                    <td className="num" data-testid="invoice-due">
                      {money(f, inv.dueMinor, inv.currency)}
                    </td>
                    {canPay && (
                      <td className="actions-cell">
                        {inv.dueMinor > 0 && (
                          <button type="button" className="button small primary" onClick={() => setPaying(inv)} data-testid="pay-invoice">
                            {t('purchases.payables.pay')}
                          </button>
                        )}
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {recording && (
        <InvoiceDialog
          onClose={() => setRecording(false)}
          onSaved={(inv) => {
            setRecording(false);
            onNotice({ key: 'purchases.payables.invoiceSaved', values: { number: inv.number } });
          }}
        />
      )}
      {paying && (
        <PayDialog
          invoice={paying}
          onClose={() => setPaying(null)}
          onPaid={(amount) => {
            setPaying(null);
            onNotice({ key: 'purchases.payables.paidDone', values: { amount, supplier: nameIn(i18n.language, paying.supplier.name) } });
          }}
        />
      )}
    </div>
  );
}
