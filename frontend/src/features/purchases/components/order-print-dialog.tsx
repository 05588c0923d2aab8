import { useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { formatPhone, type PurchaseOrderDto } from '@dukan/contracts';
import { Modal } from '../../../components/ui/modal.js';
import { useFormat } from '../../../i18n/format.js';
import { money, nameIn } from '../lib/money.js';

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

/** The order's paper in a dialog, and printed from the browser (the page's print root holds the copy printed). */
export function OrderPrintDialog({ order, onClose }: { order: PurchaseOrderDto; onClose: () => void }) {
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
