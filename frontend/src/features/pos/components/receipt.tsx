import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal.js';
import { useFormat } from '../../../i18n/format.js';
import type { CartLine, Totals } from '../lib/totals.js';
import { SaleLinesTable, SaleTotals } from './sale-summary.js';
import type { CartCustomer } from '../lib/cart.js';
import type { SaleDto } from '@dukan/contracts';
import { centsToIqd, dollarsToCents } from '../../../lib/money.js';
import type { ReceiptSettingsDto } from '@dukan/contracts';
import { InvoiceBarcode } from '../printing/invoice-barcode.js';
import { ReceiptPrinterButton } from '../printing/receipt-printer-button.js';
import { useReceiptLogo, useTillSettings } from '../printing/till-settings.js';

/** What the receipt reads of the stored sale (a sale kept offline has these before the server has it). */
export type ReceiptSale = Pick<
  SaleDto,
  'invoiceNumber' | 'createdAt' | 'paymentDetails' | 'loyaltyPointsRedeemed' | 'loyaltyPointsAwarded'
>;

export interface CompletedSale {
  sale: ReceiptSale;
  lines: CartLine[];
  totals: Totals;
  customer: CartCustomer | null;
  tenderedCents: number;
  /** In an IQD sale, the dinars the cashier typed (the receipt shows them, not a round trip through cents). */
  tenderedIqd: number | null;
  currency: 'USD' | 'IQD';
  rate: number;
  cashier: string;
  /** Made offline: kept on the till and sent when the server is back. */
  queued?: boolean;
}

/** What the shop set for its receipts, with its logo inline (absent: the settings have not loaded; the receipt says Dukan). */
export interface ShopReceipt {
  settings: ReceiptSettingsDto;
  logo: string | null;
}

/** The shop's name, details and header above the receipt. */
function ShopHeading({ shop, tid }: { shop: ShopReceipt | undefined; tid: (id: string) => string | undefined }) {
  const { t, i18n } = useTranslation();
  if (!shop) return <strong className="receipt-shop">{t('common.appName')}</strong>;
  const s = shop.settings;
  const header = i18n.language === 'ku' ? s.header.ku : s.header.en;
  return (
    <>
      {shop.logo && <img className="receipt-logo" src={shop.logo} alt="" data-testid={tid('receipt-logo')} />}
      <strong className="receipt-shop" data-testid={tid('receipt-shop')}>
        {s.storeName}
      </strong>
      {s.address && <div>{s.address}</div>}
      {s.phone && (
        <div>
          {t('pos.printing.phone')} <bdi>{s.phone}</bdi>
        </div>
      )}
      {s.taxNumber && (
        <div>
          {t('pos.printing.taxNumber')} <bdi>{s.taxNumber}</bdi>
        </div>
      )}
      {header && <div data-testid={tid('receipt-header')}>{header}</div>}
    </>
  );
}

function ShopFooter({ shop, fallback }: { shop: ShopReceipt | undefined; fallback: ReactNode }) {
  const { i18n } = useTranslation();
  const footer = shop ? (i18n.language === 'ku' ? shop.settings.footer.ku : shop.settings.footer.en) : '';
  return footer ? <div className="receipt-footer">{footer}</div> : <>{fallback}</>;
}

function ReceiptPaper({
  done,
  money,
  shop,
  forPrint = false,
}: {
  done: CompletedSale;
  money: (cents: number) => string;
  shop?: ShopReceipt | undefined;
  forPrint?: boolean;
}) {
  // The printed copy repeats the on-screen one; only the latter carries test ids.
  const tid = (id: string) => (forPrint ? undefined : id);
  const show = shop?.settings.fields ?? { customer: true, cashier: true, points: true, rate: true, invoiceBarcode: false };
  const { t } = useTranslation();
  const f = useFormat();
  const { sale, lines, totals } = done;
  const tendered =
    sale.paymentDetails?.amountTendered !== undefined ? dollarsToCents(sale.paymentDetails.amountTendered) : done.tenderedCents;
  const change =
    sale.paymentDetails?.change !== undefined ? dollarsToCents(sale.paymentDetails.change) : done.tenderedCents - totals.totalCents;
  const iqdTender = done.currency === 'IQD' && done.tenderedIqd !== null ? done.tenderedIqd : null;
  const tenderText = iqdTender !== null ? f.iqd(iqdTender) : money(tendered);
  const changeText =
    iqdTender !== null ? f.iqd(Math.max(0, iqdTender - centsToIqd(totals.totalCents, done.rate))) : money(Math.max(0, change));
  return (
    <div className="receipt-paper" data-testid={tid('receipt-paper')}>
      <div className="receipt-center">
        <ShopHeading shop={shop} tid={tid} />
        <div>{t('pos.receipt.title')}</div>
        {done.queued && <div data-testid={tid('receipt-offline')}>{t('pos.offline.receiptNote')}</div>}
      </div>
      <div className="receipt-meta">
        <div>
          <span>{t('pos.receipt.invoice')}</span> <bdi data-testid={tid('invoice-number')}>{sale.invoiceNumber}</bdi>
        </div>
        <div>
          <span>{t('pos.receipt.date')}</span> <span>{f.dateTime(sale.createdAt)}</span>
        </div>
        {show.cashier && (
          <div>
            <span>{t('pos.receipt.cashier')}</span> <span>{done.cashier}</span>
          </div>
        )}
        {show.customer && (
          <div>
            <span>{t('pos.receipt.customer')}</span> <span>{done.customer ? done.customer.name : t('pos.guestCustomer')}</span>
          </div>
        )}
      </div>
      <SaleLinesTable lines={lines} money={money} className="receipt-items" />
      <SaleTotals totals={totals} money={money} className="receipt-totals" totalTestId={tid('receipt-total')}>
        <div>
          <dt>{t('pos.receipt.tendered')}</dt>
          <dd>{tenderText}</dd>
        </div>
        <div>
          <dt>{t('pos.receipt.change')}</dt>
          <dd data-testid={tid('receipt-change')}>{changeText}</dd>
        </div>
        {show.points && !!sale.loyaltyPointsRedeemed && (
          <div>
            <dt>{t('pos.receipt.pointsRedeemed')}</dt>
            <dd>{f.number(sale.loyaltyPointsRedeemed)}</dd>
          </div>
        )}
        {show.points && !!sale.loyaltyPointsAwarded && (
          <div>
            <dt>{t('pos.receipt.pointsEarned')}</dt>
            <dd data-testid={tid('points-earned')}>{f.number(sale.loyaltyPointsAwarded)}</dd>
          </div>
        )}
      </SaleTotals>
      <div className="receipt-center small">
        <div>{t('pos.receipt.paidCash')}</div>
        {show.rate && done.currency === 'IQD' && <div>{t('pos.receipt.rate', { rate: f.number(done.rate) })}</div>}
        <ShopFooter shop={shop} fallback={<div>{t('pos.receipt.thanks')}</div>} />
        {show.invoiceBarcode && sale.invoiceNumber && <InvoiceBarcode code={sale.invoiceNumber} testId={tid('receipt-barcode')} />}
      </div>
    </div>
  );
}

const PAGE_MARGIN_MM = 2;

/** While the receipt is shown, the printed page is 58 mm wide and exactly as long as the receipt (also a transfer's note). */
export function usePageSizedTo(ref: React.RefObject<HTMLDivElement | null>) {
  useLayoutEffect(() => {
    const paper = ref.current?.firstElementChild as HTMLElement | null;
    if (!paper) return;
    const mm = Math.ceil((paper.offsetHeight * 25.4) / 96) + 2 * PAGE_MARGIN_MM + 2;
    const style = document.createElement('style');
    style.dataset.receiptPage = '';
    style.textContent = `@page { size: 58mm ${mm}mm; margin: ${PAGE_MARGIN_MM}mm; }`;
    document.head.appendChild(style);
    return () => style.remove();
  });
}

export function FinalReceipt({ done, money, onNewSale }: { done: CompletedSale; money: (cents: number) => string; onNewSale: () => void }) {
  const { t } = useTranslation();
  const printRoot = useRef<HTMLDivElement>(null);
  usePageSizedTo(printRoot);
  const settings = useTillSettings();
  // Every sale is paid in cash for now (SaleDto.paymentMethod): the first print opens the drawer.
  const logo = useReceiptLogo(settings);
  const shop = settings ? { settings: settings.receipt, logo } : undefined;
  return (
    <>
      <Modal title={t('pos.receipt.title')} onClose={onNewSale} testId="final-receipt" className="receipt-modal" onEnter={onNewSale}>
        <ReceiptPaper done={done} money={money} shop={shop} />
        <div className="row gap end modal-actions">
          <ReceiptPrinterButton settings={settings} printRoot={printRoot} logoReady={!settings?.receipt.logo || logo !== null} cashSale />
          <button type="button" className="button" onClick={() => window.print()} data-testid="print-receipt">
            {t('pos.receipt.print')}
          </button>
          <button type="button" className="button primary" autoFocus onClick={onNewSale} data-testid="new-sale">
            {t('pos.receipt.newSale')}
          </button>
        </div>
      </Modal>
      {createPortal(
        <div className="print-root" ref={printRoot} aria-hidden="true">
          <ReceiptPaper done={done} money={money} shop={shop} forPrint />
        </div>,
        document.body,
      )}
    </>
  );
}
