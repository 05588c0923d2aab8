import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type PurchaseOrderDto } from '@dukan/contracts';
import { ErrorPanel } from '../../../components/ui/error-panel.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { errorText } from '../../../app/api.js';
import { useFormat } from '../../../i18n/format.js';
import { useCan } from '../../auth/index.js';
import { useOrderActionMutation, useOrdersQuery } from '../api/purchases-api.js';
import { failureText } from '../lib/failure.js';
import type { Notice } from '../lib/notice.js';
import { money, nameIn } from '../lib/money.js';
import { NewOrderDialog } from './new-order-dialog.js';
import { OrderPrintDialog } from './order-print-dialog.js';

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
