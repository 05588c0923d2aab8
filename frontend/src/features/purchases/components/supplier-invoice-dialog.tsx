import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isValidAmount, type Currency, type SupplierInvoiceDto } from '@dukan/contracts';
import { Modal } from '../../../components/ui/modal.js';
import { sanitizeAmountInput, typedAmountToMinor } from '../../../lib/money.js';
import { useCreateInvoiceMutation, useSuppliersQuery } from '../api/purchases-api.js';
import { failureText } from '../lib/failure.js';
import { nameIn } from '../lib/money.js';

const today = () => new Date().toISOString().slice(0, 10);

/** A supplier's invoice recorded: its number, currency, amount and dates. */
export function InvoiceDialog({ onClose, onSaved }: { onClose: () => void; onSaved: (inv: SupplierInvoiceDto) => void }) {
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
