import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AGING_BUCKETS, isValidAmount, type Currency, type SupplierInvoiceDto, type SupplierPaymentSource } from '@dukan/contracts';
import { errorText } from '../../../app/api.js';
import { ErrorPanel } from '../../../components/ui/error-panel.js';
import { Modal } from '../../../components/ui/modal.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { useFormat } from '../../../i18n/format.js';
import { sanitizeAmountInput, typedAmountToMinor } from '../../../lib/money.js';
import { useCan } from '../../auth/index.js';
import { useChain } from '../../transfers/index.js';
import { useBranchesQuery } from '../../settings/index.js';
import {
  useCreateInvoiceMutation,
  useInvoicesQuery,
  usePayablesQuery,
  usePayInvoiceMutation,
  useSuppliersQuery,
} from '../api/purchases-api.js';
import { failureText } from '../lib/failure.js';
import type { Notice } from '../lib/notice.js';
import { money, nameIn } from '../lib/money.js';

const newKey = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`);
const today = () => new Date().toISOString().slice(0, 10);

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

function InvoiceDialog({ onClose, onSaved }: { onClose: () => void; onSaved: (inv: SupplierInvoiceDto) => void }) {
  const { t, i18n } = useTranslation();
  const suppliers = useSuppliersQuery({});
  const [create, { isLoading }] = useCreateInvoiceMutation();
  const [form, setForm] = useState({
    supplier: '',
    number: '',
    currency: 'USD' as Currency,
    amount: '',
    issuedOn: today(),
    dueOn: today(),
  });
  const [error, setError] = useState<string | null>(null);
  const amountMinor = typedAmountToMinor(form.amount, form.currency);
  const valid = form.supplier && form.number.trim() && isValidAmount(amountMinor, 'amount');

  async function submit() {
    if (!valid) return;
    setError(null);
    try {
      const { data } = await create({
        supplier: form.supplier,
        number: form.number.trim(),
        currency: form.currency,
        amountMinor,
        issuedOn: form.issuedOn,
        dueOn: form.dueOn,
      }).unwrap();
      onSaved(data);
    } catch (e) {
      setError(failureText(e, t('purchases.payables.error')));
    }
  }

  return (
    <Modal
      title={t('purchases.payables.addInvoice')}
      onClose={onClose}
      testId="invoice-dialog"
      footer={
        <>
          <button type="button" className="button" onClick={onClose}>
            {t('purchases.cancel')}
          </button>
          <button
            type="button"
            className="button primary"
            disabled={!valid || isLoading}
            onClick={() => void submit()}
            data-testid="save-invoice"
          >
            {isLoading ? t('purchases.saving') : t('purchases.save')}
          </button>
        </>
      }
    >
      <label className="field">
        <span>{t('purchases.payables.supplier')}</span>
        <select value={form.supplier} onChange={(e) => setForm({ ...form, supplier: e.target.value })} data-testid="invoice-supplier">
          <option value="">{t('purchases.orders.chooseSupplier')}</option>
          {(suppliers.data?.data ?? []).map((s) => (
            <option key={s._id} value={s._id}>
              {nameIn(i18n.language, s.name)}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>{t('purchases.payables.number')}</span>
        <input value={form.number} onChange={(e) => setForm({ ...form, number: e.target.value })} data-testid="invoice-number" dir="ltr" />
      </label>
      <div className="row gap">
        <label className="field">
          <span>{t('purchases.currency')}</span>
          <select
            value={form.currency}
            onChange={(e) => setForm({ ...form, currency: e.target.value as Currency })}
            data-testid="invoice-currency"
          >
            <option value="USD">USD</option>
            <option value="IQD">IQD</option>
          </select>
        </label>
        <label className="field">
          <span>{t('purchases.payables.amount')}</span>
          <input
            inputMode="decimal"
            value={form.amount}
            onChange={(e) => setForm({ ...form, amount: sanitizeAmountInput(e.target.value) })}
            data-testid="invoice-amount"
          />
        </label>
      </div>
      <div className="row gap">
        <label className="field">
          <span>{t('purchases.payables.issuedOn')}</span>
          <input type="date" value={form.issuedOn} onChange={(e) => setForm({ ...form, issuedOn: e.target.value })} />
        </label>
        <label className="field">
          <span>{t('purchases.payables.dueOn')}</span>
          <input
            type="date"
            value={form.dueOn}
            onChange={(e) => setForm({ ...form, dueOn: e.target.value })}
            data-testid="invoice-due-on"
          />
        </label>
      </div>
      {error && (
        <p className="form-error" role="alert" data-testid="invoice-error">
          {error}
        </p>
      )}
    </Modal>
  );
}

function PayDialog({ invoice, onClose, onPaid }: { invoice: SupplierInvoiceDto; onClose: () => void; onPaid: (amount: string) => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const chain = useChain();
  const branches = useBranchesQuery();
  const registers = branches.data?.find((b) => b._id === chain.current)?.registers ?? [];
  const [pay, { isLoading }] = usePayInvoiceMutation();
  const [amount, setAmount] = useState('');
  const [source, setSource] = useState<SupplierPaymentSource>('bank');
  const [register, setRegister] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [key] = useState(newKey);
  const amountMinor = typedAmountToMinor(amount, invoice.currency);
  const valid = isValidAmount(amountMinor, 'amount') && (source === 'bank' || register);

  async function submit() {
    if (!valid) return;
    setError(null);
    try {
      await pay({ id: invoice._id, amountMinor, source, ...(source === 'drawer' && { register }), idempotencyKey: key }).unwrap();
      onPaid(money(f, amountMinor, invoice.currency));
    } catch (e) {
      setError(failureText(e, t('purchases.payables.error')));
    }
  }

  return (
    <Modal
      title={t('purchases.payables.payTitle', { number: invoice.number })}
      onClose={onClose}
      testId="pay-dialog"
      footer={
        <>
          <button type="button" className="button" onClick={onClose}>
            {t('purchases.cancel')}
          </button>
          <button
            type="button"
            className="button primary"
            disabled={!valid || isLoading}
            onClick={() => void submit()}
            data-testid="confirm-pay"
          >
            {isLoading ? t('purchases.saving') : t('purchases.payables.pay')}
          </button>
        </>
      }
    >
      <p>
        {t('purchases.payables.due')}: <strong>{money(f, invoice.dueMinor, invoice.currency)}</strong>
      </p>
      <label className="field">
        <span>
          {t('purchases.payables.amount')} ({invoice.currency})
        </span>
        <input
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(sanitizeAmountInput(e.target.value))}
          data-testid="pay-amount"
          autoFocus
        />
      </label>
      <label className="field">
        <span>{t('purchases.payables.source')}</span>
        <select value={source} onChange={(e) => setSource(e.target.value as SupplierPaymentSource)} data-testid="pay-source">
          <option value="bank">{t('purchases.payables.sources.bank')}</option>
          <option value="drawer">{t('purchases.payables.sources.drawer')}</option>
        </select>
      </label>
      {source === 'drawer' && (
        <label className="field">
          <span>{t('purchases.payables.register')}</span>
          <select value={register} onChange={(e) => setRegister(e.target.value)} data-testid="pay-register">
            <option value="">—</option>
            {registers.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </label>
      )}
      {error && (
        <p className="form-error" role="alert" data-testid="pay-error">
          {error}
        </p>
      )}
    </Modal>
  );
}
