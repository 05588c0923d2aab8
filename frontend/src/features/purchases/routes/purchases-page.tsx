import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PurchaseOrderDto } from '@dukan/contracts';
import { AccessRestricted } from '../../../components/ui/access-restricted.js';
import { useCan } from '../../auth/index.js';
import { OrdersTab } from '../components/orders-tab.js';
import { PayablesTab } from '../components/payables-tab.js';
import { ReceiveTab } from '../components/receive-tab.js';
import { SuppliersTab } from '../components/suppliers-tab.js';
import type { Notice } from '../lib/notice.js';
import '../purchases.css';

const TABS = ['orders', 'receive', 'suppliers', 'payables'] as const;
type Tab = (typeof TABS)[number];
const isTab = (s: string | null): s is Tab => (TABS as readonly string[]).includes(s ?? '');

/** /purchases: purchase orders, receiving goods by scanning, suppliers, and what the shop owes them. */
export default function PurchasesPage() {
  const canView = useCan('purchases', 'view');
  const canReceive = useCan('purchases', 'receive');
  return canView || canReceive ? <Purchases /> : <AccessRestricted />;
}

function Purchases() {
  const { t } = useTranslation();
  const canView = useCan('purchases', 'view');
  const canReceive = useCan('purchases', 'receive');
  const [params, setParams] = useSearchParams();
  const shown = TABS.filter((tab) => (tab === 'receive' ? canReceive : tab === 'orders' ? canView || canReceive : canView));
  const tab: Tab = isTab(params.get('tab')) && shown.includes(params.get('tab') as Tab) ? (params.get('tab') as Tab) : shown[0]!;
  // Kept as a text key and its values, so a notice follows a change of language.
  const [notice, setNotice] = useState<Notice | null>(null);
  const [receiving, setReceiving] = useState<string | null>(null);
  const go = (next: Tab) => {
    setNotice(null);
    setParams(next === 'orders' ? {} : { tab: next });
  };
  const receiveOrder = (order: PurchaseOrderDto) => {
    setReceiving(order._id);
    go('receive');
  };

  return (
    <section className="page purchases" data-testid="purchases-page">
      <header className="page-header">
        <div>
          <h1>{t('purchases.title')}</h1>
          <p className="muted">{t('purchases.subtitle')}</p>
        </div>
      </header>
      <div className="segmented" role="tablist" aria-label={t('purchases.title')}>
        {shown.map((s) => (
          <button
            key={s}
            type="button"
            role="tab"
            className={tab === s ? 'active' : ''}
            aria-selected={tab === s}
            onClick={() => go(s)}
            data-testid={`tab-${s}`}
          >
            {t(`purchases.tabs.${s}`)}
          </button>
        ))}
      </div>
      {notice && (
        <p className="info-box" role="status" data-testid="purchases-notice">
          {t(notice.key, notice.values ?? {})}
        </p>
      )}
      {tab === 'orders' && <OrdersTab onNotice={setNotice} onReceive={receiveOrder} />}
      {tab === 'receive' && <ReceiveTab orderId={receiving} onNotice={setNotice} />}
      {tab === 'suppliers' && <SuppliersTab onNotice={setNotice} />}
      {tab === 'payables' && <PayablesTab onNotice={setNotice} />}
    </section>
  );
}
