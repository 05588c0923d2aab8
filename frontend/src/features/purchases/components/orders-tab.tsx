import { useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { formatPhone, isValidAmount, type Currency, type PurchaseOrderDto } from '@dukan/contracts';
import { ErrorPanel } from '../../../components/ui/error-panel.js';
import { Modal } from '../../../components/ui/modal.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { errorText } from '../../../app/api.js';
import { useFormat } from '../../../i18n/format.js';
import { typedAmountToMinor, toWesternDigits } from '../../../lib/money.js';
import { useCan } from '../../auth/index.js';
import { useCreateOrderMutation, useOrderActionMutation, useOrdersQuery, useSuppliersQuery } from '../api/purchases-api.js';
import { failureText } from '../lib/failure.js';
import type { Notice } from '../lib/notice.js';
import { money, nameIn } from '../lib/money.js';
import { OrderLinesEditor, type EditLine } from './order-lines-editor.js';

interface Props {
  onNotice: (notice: Notice) => void;
  onReceive: (order: PurchaseOrderDto) => void;
}

/** The branch's purchase orders: new ones as drafts, sent, received (on the receive tab), cancelled, printed. */
export function OrdersTab({ onNotice, onReceive }: Props) {
  const { t, i18n } = useTranslation();
  const f = useFormat();
  const canCreate = useCan('purchases', 'create');
  const canReceive = useCan('purchases', 'receive');
  const list = useOrdersQuery({});
  const [act, { isLoading: acting }] = useOrderActionMutation();
  const [adding, setAdding] = useState(false);
  const [printing, setPrinting] = useState<PurchaseOrderDto | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function action(order: PurchaseOrderDto, what: 'send' | 'cancel') {
    if (what === 'cancel' && !window.confirm(t('purchases.orders.confirmCancel', { number: order.number }))) return;
    setError(null);
    try {
      const { data } = await act({ id: order._id, action: what }).unwrap();
      onNotice({ key: what === 'send' ? 'purchases.orders.sent' : 'purchases.orders.cancelled', values: { number: data.number } });
    } catch (e) {
      setError(failureText(e, t('purchases.orders.error')));
    }
  }

  return (
    <div data-testid="orders-tab">
      {canCreate && (
        <div className="row gap toolbar">
          <button type="button" className="button primary" onClick={() => setAdding(true)} data-testid="add-order">
            {t('purchases.orders.add')}
          </button>
        </div>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {list.isError ? (
        <ErrorPanel message={errorText(list.error, t('purchases.fetchError'))} onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <Spinner label={t('purchases.loading')} />
      ) : list.data.data.length === 0 ? (
        <p className="empty-state">{t('purchases.orders.empty')}</p>
      ) : (
        <div className="table-scroll">
          <table className="table" data-testid="orders-table">
            <thead>
              <tr>
                <th>{t('purchases.orders.number')}</th>
                <th>{t('purchases.orders.supplier')}</th>
                <th>{t('purchases.orders.lines')}</th>
                <th className="num">{t('purchases.orders.total')}</th>
                <th>{t('purchases.orders.state')}</th>
                <th className="actions-cell">{t('purchases.orders.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.data.map((o) => (
                <tr key={o._id} data-testid="order-row" data-number={o.number}>
                  <td dir="ltr">{o.number}</td>
                  <td>{nameIn(i18n.language, o.supplier.name)}</td>
                  <td>
                    <ul className="plain-list">
                      {o.lines.map((l) => (
                        <li key={l.productId}>
                          {nameIn(i18n.language, l.name)}: {f.number(l.received)} / {f.number(l.ordered)}
                        </li>
                      ))}
                    </ul>
                  </td>
                  <td className="num">{money(f, o.totalMinor, o.currency)}</td>
                  <td>
                    <span className={`badge state-${o.state}`} data-testid="order-state" data-state={o.state}>
                      {t(`purchases.states.${o.state}`)}
                    </span>
                  </td>
                  <td className="actions-cell">
                    <div className="row gap">
                      {canCreate && o.state === 'draft' && (
                        <button
                          type="button"
                          className="button small"
                          disabled={acting}
                          onClick={() => void action(o, 'send')}
                          data-testid="send-order"
                        >
                          {t('purchases.orders.send')}
                        </button>
                      )}
                      {canReceive && (o.state === 'sent' || o.state === 'partial') && (
                        <button type="button" className="button small primary" onClick={() => onReceive(o)} data-testid="receive-order">
                          {t('purchases.orders.receive')}
                        </button>
                      )}
                      <button type="button" className="button small" onClick={() => setPrinting(o)} data-testid="print-order">
                        {t('purchases.orders.print')}
                      </button>
                      {canCreate && o.state !== 'received' && o.state !== 'cancelled' && (
                        <button type="button" className="button small danger" disabled={acting} onClick={() => void action(o, 'cancel')}>
                          {t('purchases.orders.cancelOrder')}
                        </button>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {adding && (
        <NewOrderDialog
          onClose={() => setAdding(false)}
          onSaved={(o) => {
            setAdding(false);
            onNotice({ key: 'purchases.orders.saved', values: { number: o.number } });
          }}
        />
      )}
      {printing && <OrderPrintDialog order={printing} onClose={() => setPrinting(null)} />}
    </div>
  );
}

function NewOrderDialog({ onClose, onSaved }: { onClose: () => void; onSaved: (o: PurchaseOrderDto) => void }) {
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

/** The order as the supplier receives it, in the reader's language; printed from the browser. */
function OrderPaper({ order, forPrint = false }: { order: PurchaseOrderDto; forPrint?: boolean }) {
  const { t, i18n } = useTranslation();
  const f = useFormat();
  return (
    <div className="receipt-paper order-paper" data-testid={forPrint ? undefined : 'order-paper'}>
      <div className="receipt-center">
        <strong className="receipt-shop">{t('common.appName')}</strong>
        <div>{t('purchases.paper.title')}</div>
      </div>
      <div className="receipt-meta">
        <div>
          <span>{t('purchases.orders.number')}</span> <bdi>{order.number}</bdi>
        </div>
        <div>
          <span>{t('purchases.paper.date')}</span> <span>{f.date(order.createdAt)}</span>
        </div>
        <div>
          <span>{t('purchases.paper.branch')}</span> <bdi>{order.branchId}</bdi>
        </div>
        <div>
          <span>{t('purchases.orders.supplier')}</span> <span>{nameIn(i18n.language, order.supplier.name)}</span>
        </div>
        {order.supplier.phone && (
          <div>
            <span>{t('purchases.paper.phone')}</span> <bdi>{formatPhone(order.supplier.phone)}</bdi>
          </div>
        )}
        {order.supplier.address && (
          <div>
            <span>{t('purchases.paper.address')}</span> <span>{order.supplier.address}</span>
          </div>
        )}
      </div>
      <table className="receipt-items">
        <thead>
          <tr>
            <th>{t('purchases.orders.product')}</th>
            <th className="num">{t('purchases.orders.ordered')}</th>
            <th className="num">{t('purchases.orders.unitCost')}</th>
            <th className="num">{t('purchases.paper.lineTotal')}</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((l) => (
            <tr key={l.productId}>
              <td>
                <div>{nameIn(i18n.language, l.name)}</div>
                <bdi className="muted">{l.sku}</bdi>
              </td>
              <td className="num">{f.number(l.ordered)}</td>
              <td className="num">{money(f, l.unitCostMinor, order.currency)}</td>
              <td className="num">{money(f, l.unitCostMinor * l.ordered, order.currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="receipt-meta">
        <div>
          <span>{t('purchases.orders.total')}</span>{' '}
          <strong data-testid={forPrint ? undefined : 'order-paper-total'}>{money(f, order.totalMinor, order.currency)}</strong>
        </div>
      </div>
      {order.note && (
        <p>
          {t('purchases.note')}: <bdi>{order.note}</bdi>
        </p>
      )}
      <div className="transfer-signatures">
        <div className="transfer-signature">
          <span>{t('purchases.paper.signature')}</span>
        </div>
      </div>
    </div>
  );
}

function OrderPrintDialog({ order, onClose }: { order: PurchaseOrderDto; onClose: () => void }) {
  const { t } = useTranslation();
  const printRoot = useRef<HTMLDivElement>(null);
  return (
    <>
      <Modal
        title={t('purchases.paper.title')}
        onClose={onClose}
        testId="order-print-dialog"
        footer={
          <>
            <button type="button" className="button" onClick={onClose}>
              {t('purchases.close')}
            </button>
            <button type="button" className="button primary" autoFocus onClick={() => window.print()} data-testid="print-order-now">
              {t('purchases.orders.print')}
            </button>
          </>
        }
      >
        <OrderPaper order={order} />
      </Modal>
      {createPortal(
        <div className="print-root" ref={printRoot} aria-hidden="true">
          <OrderPaper order={order} forPrint />
        </div>,
        document.body,
      )}
    </>
  );
}
