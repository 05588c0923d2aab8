import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isValidAmount, type Currency, type PurchaseOrderDto } from '@dukan/contracts';
import { Modal } from '../../../components/ui/modal.js';
import { typedAmountToMinor, toWesternDigits } from '../../../lib/money.js';
import { useCreateOrderMutation, useSuppliersQuery } from '../api/purchases-api.js';
import { failureText } from '../lib/failure.js';
import { nameIn } from '../lib/money.js';
import { OrderLinesEditor, type EditLine } from './order-lines-editor.js';

/** A new purchase order, kept as a draft: its supplier, currency and lines. */
export function NewOrderDialog({ onClose, onSaved }: { onClose: () => void; onSaved: (o: PurchaseOrderDto) => void }) {
  const { t, i18n } = useTranslation();
  const suppliers = useSuppliersQuery({});
  const [create, { isLoading }] = useCreateOrderMutation();
  const [supplier, setSupplier] = useState('');
  const [currency, setCurrency] = useState<Currency>('USD');
  const [lines, setLines] = useState<EditLine[]>([]);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const parsed = lines.map((l) => ({
    product: l.productId,
    quantity: Math.floor(Number(toWesternDigits(l.quantity))),
    unitCostMinor: typedAmountToMinor(l.cost, currency),
  }));
  const valid = supplier && parsed.length > 0 && parsed.every((l) => l.quantity > 0 && isValidAmount(l.unitCostMinor, 'amountOrZero'));

  async function submit() {
    if (!valid) return;
    setError(null);
    try {
      const { data } = await create({ supplier, currency, lines: parsed, note: note.trim() || null }).unwrap();
      onSaved(data);
    } catch (e) {
      setError(failureText(e, t('purchases.orders.error')));
    }
  }

  return (
    <Modal
      title={t('purchases.orders.add')}
      onClose={onClose}
      testId="order-dialog"
      className="wide"
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
            data-testid="save-order"
          >
            {isLoading ? t('purchases.saving') : t('purchases.save')}
          </button>
        </>
      }
    >
      <div className="row gap">
        <label className="field">
          <span>{t('purchases.orders.supplier')}</span>
          <select value={supplier} onChange={(e) => setSupplier(e.target.value)} data-testid="order-supplier">
            <option value="">{t('purchases.orders.chooseSupplier')}</option>
            {(suppliers.data?.data ?? []).map((s) => (
              <option key={s._id} value={s._id}>
                {nameIn(i18n.language, s.name)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>{t('purchases.currency')}</span>
          <select value={currency} onChange={(e) => setCurrency(e.target.value as Currency)} data-testid="order-currency">
            <option value="USD">USD</option>
            <option value="IQD">IQD</option>
          </select>
        </label>
      </div>
      <OrderLinesEditor lines={lines} onChange={setLines} currency={currency} scanLabel={t('purchases.orders.addProduct')} />
      {lines.length === 0 && <p className="muted">{t('purchases.orders.noLines')}</p>}
      <label className="field">
        <span>{t('purchases.note')}</span>
        <input value={note} onChange={(e) => setNote(e.target.value)} />
      </label>
      {error && (
        <p className="form-error" role="alert" data-testid="order-error">
          {error}
        </p>
      )}
    </Modal>
  );
}
