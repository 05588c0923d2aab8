import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Currency, PurchaseOrderDto } from '@dukan/contracts';
import { sanitizeAmountInput, toWesternDigits, typedAmountToMinor } from '../../../lib/money.js';
import { useOrdersQuery, usePurchaseRateQuery, useReceiveGoodsMutation, useSuppliersQuery } from '../api/purchases-api.js';
import { failureText } from '../lib/failure.js';
import type { Notice } from '../lib/notice.js';
import { minorToTyped, nameIn } from '../lib/money.js';
import { OrderLinesEditor, type EditLine } from './order-lines-editor.js';

interface Props {
  /** The order chosen on the orders tab, if any. */
  orderId: string | null;
  onNotice: (notice: Notice) => void;
}

const newKey = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`);

/** Receiving a delivery in this branch by scanning: against an open order (its lines expected) or without one. */
export function ReceiveTab({ orderId, onNotice }: Props) {
  const { t, i18n } = useTranslation();
  const open = useOrdersQuery({ open: true });
  const suppliers = useSuppliersQuery({});
  const rate = usePurchaseRateQuery();
  const [receive, { isLoading }] = useReceiveGoodsMutation();
  const [order, setOrder] = useState<string>(orderId ?? '');
  const [supplier, setSupplier] = useState('');
  const [currency, setCurrency] = useState<Currency>('USD');
  const [typedRate, setTypedRate] = useState('');
  const [lines, setLines] = useState<EditLine[]>([]);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  // One key per delivery: a retry after a lost answer receives nothing twice.
  const [key, setKey] = useState(newKey);
  const chosen: PurchaseOrderDto | undefined = open.data?.data.find((o) => o._id === order);
  const cur: Currency = chosen?.currency ?? currency;

  useEffect(() => setOrder(orderId ?? ''), [orderId]);
  useEffect(() => {
    if (rate.data && !typedRate) setTypedRate(String(rate.data));
  }, [rate.data, typedRate]);
  useEffect(() => {
    // A chosen order's lines are what is expected; each starts at none received, at the expected cost.
    setLines(
      chosen
        ? chosen.lines
            .filter((l) => l.received < l.ordered)
            .map((l) => ({
              productId: l.productId,
              sku: l.sku,
              name: l.name,
              quantity: '0',
              cost: minorToTyped(l.unitCostMinor, chosen.currency),
              remaining: l.ordered - l.received,
            }))
        : [],
    );
  }, [chosen]);

  const parsed = lines
    .map((l) => ({
      product: l.productId,
      quantity: Math.floor(Number(toWesternDigits(l.quantity)) || 0),
      unitCostMinor: typedAmountToMinor(l.cost, cur),
    }))
    .filter((l) => l.quantity > 0);
  const units = parsed.reduce((n, l) => n + l.quantity, 0);
  const rateValue = Number(sanitizeAmountInput(typedRate));

  async function submit() {
    if (parsed.length === 0 || isLoading) return;
    setError(null);
    try {
      const { data } = await receive({
        ...(chosen ? { order: chosen._id } : { currency, ...(supplier && { supplier }) }),
        ...(cur === 'IQD' && { exchangeRate: rateValue }),
        lines: parsed,
        note: note.trim() || null,
        idempotencyKey: key,
      }).unwrap();
      onNotice({ key: 'purchases.receive.done', values: { number: data.number, units } });
      setKey(newKey());
      setLines([]);
      setNote('');
      if (chosen) setOrder('');
    } catch (e) {
      setError(failureText(e, t('purchases.receive.error')));
    }
  }

  return (
    <div className="panel receive-goods" data-testid="receive-tab">
      <div className="row gap wrap">
        <label className="field">
          <span>{t('purchases.receive.againstOrder')}</span>
          <select value={order} onChange={(e) => setOrder(e.target.value)} data-testid="receive-order-select">
            <option value="">{t('purchases.receive.noOrder')}</option>
            {(open.data?.data ?? []).map((o) => (
              <option key={o._id} value={o._id}>
                {o.number} · {nameIn(i18n.language, o.supplier.name)}
              </option>
            ))}
          </select>
        </label>
        {!chosen && (
          <>
            <label className="field">
              <span>{t('purchases.orders.supplier')}</span>
              <select value={supplier} onChange={(e) => setSupplier(e.target.value)} data-testid="receive-supplier">
                <option value="">—</option>
                {(suppliers.data?.data ?? []).map((s) => (
                  <option key={s._id} value={s._id}>
                    {nameIn(i18n.language, s.name)}
                  </option>
                ))}
              </select>
            </label>
            <label className="field">
              <span>{t('purchases.currency')}</span>
              <select value={currency} onChange={(e) => setCurrency(e.target.value as Currency)} data-testid="receive-currency">
                <option value="USD">USD</option>
                <option value="IQD">IQD</option>
              </select>
            </label>
          </>
        )}
        {cur === 'IQD' && (
          <label className="field">
            <span>{t('purchases.receive.rate')}</span>
            <input
              inputMode="decimal"
              value={typedRate}
              onChange={(e) => setTypedRate(sanitizeAmountInput(e.target.value))}
              data-testid="receive-rate"
            />
          </label>
        )}
      </div>
      <p className="muted">{t('purchases.receive.scanHint')}</p>
      <OrderLinesEditor
        lines={lines}
        onChange={setLines}
        currency={cur}
        scanLabel={t('purchases.receive.scan')}
        onUnknown={chosen ? (p) => setError(t('purchases.receive.notOnOrder', { name: nameIn(i18n.language, p.name) })) : undefined}
        costFor={(p) => (cur === 'USD' ? p.cost.toFixed(2) : '')}
      />
      {lines.length === 0 && <p className="muted">{t('purchases.receive.empty')}</p>}
      <label className="field">
        <span>{t('purchases.note')}</span>
        <input value={note} onChange={(e) => setNote(e.target.value)} />
      </label>
      {error && (
        <p className="form-error" role="alert" data-testid="receive-error">
          {error}
        </p>
      )}
      <div className="row gap">
        <button
          type="button"
          className="button primary"
          disabled={parsed.length === 0 || isLoading}
          onClick={() => void submit()}
          data-testid="receive-submit"
        >
          {isLoading ? t('purchases.receive.receiving') : t('purchases.receive.submit')}
        </button>
      </div>
    </div>
  );
}
