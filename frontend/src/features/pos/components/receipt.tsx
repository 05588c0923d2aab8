import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal.js';
import { useFormat } from '../../../i18n/format.js';
import type { CartLine, Totals } from '../lib/totals.js';
import { SaleLinesTable, SaleTotals } from './sale-summary.js';
import type { CartCustomer } from '../lib/cart.js';
import type { ReceiptSettingsDto, SaleChange, SaleDto, SaleTender } from '@dukan/contracts';
import { useMinorMoney } from '../hooks/use-money.js';
import { InvoiceBarcode } from '../printing/invoice-barcode.js';
import { ReceiptPrinterButton } from '../printing/receipt-printer-button.js';
import { useReceiptLogo, useTillSettings } from '../printing/till-settings.js';
import { ltr } from '../../transactions/index.js';

/** What the receipt reads of the stored sale (a sale kept offline has these before the server has it). */
export type ReceiptSale = Pick<SaleDto, 'invoiceNumber' | 'createdAt' | 'loyaltyPointsRedeemed' | 'loyaltyPointsAwarded'> &
  Partial<Pick<SaleDto, 'tenders' | 'change' | 'amountsInCurrency' | 'exchange'>>;

export interface CompletedSale {
  sale: ReceiptSale;
  lines: CartLine[];
  totals: Totals;
  customer: CartCustomer | null;
  /** As handed over, each in its own currency (the stored sale's, once the server has it). */
  tenders: SaleTender[];
  change: SaleChange | null;
  /** Added (+) or taken off (-) by cash rounding, in the sale's currency. */
  cashRoundingMinor: number;
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

function ReceiptPaper({ done, shop, forPrint = false }: { done: CompletedSale; shop?: ShopReceipt | undefined; forPrint?: boolean }) {
  // The printed copy repeats the on-screen one; only the latter carries test ids.
  const tid = (id: string) => (forPrint ? undefined : id);
  const show = shop?.settings.fields ?? { customer: true, cashier: true, points: true, rate: true, invoiceBarcode: false };
  const { t } = useTranslation();
  const f = useFormat();
  const format = useMinorMoney();
  const { sale, lines, totals } = done;
  const money = (minor: number) => format(minor, done.currency);
  // The stored sale's tenders, change and rounding when the server has it; the till's own (same pricing module) before.
  const tenders = sale.tenders ?? done.tenders;
  const change = sale.change !== undefined ? sale.change : done.change;
  const rounding =
    sale.amountsInCurrency !== undefined
      ? done.currency === 'USD'
        ? Math.round(sale.amountsInCurrency.cashRounding * 100)
        : sale.amountsInCurrency.cashRounding
      : done.cashRoundingMinor;
  const label = (tn: SaleTender) =>
    tn.method === 'cash' ? t('pos.tender.cashIn', { currency: tn.currency }) : t(`pos.tender.${tn.method}`);
  const twoCurrencies =
    done.currency === 'IQD' || tenders.some((tn) => tn.currency !== done.currency) || change?.currency !== done.currency;
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
      <SaleLinesTable lines={lines} money={money} sale={{ currency: done.currency, rate: done.rate }} className="receipt-items" />
      <SaleTotals
        totals={totals}
        money={money}
        className="receipt-totals"
        totalTestId={tid('receipt-total')}
        taxTestId={tid('receipt-tax')}
      >
        {sale.exchange && (
          <>
            <div>
              <dt>{t('pos.returns.exchangeReturned', { invoice: ltr(sale.exchange.invoiceNumber) })}</dt>
              <dd data-testid={tid('receipt-exchange-returned')}>
                <bdi dir="ltr">−{money(sale.exchange.returnMinor)}</bdi>
              </dd>
            </div>
            {sale.exchange.back && (
              <div>
                <dt>{t('pos.returns.exchangeGiveBack')}</dt>
                <dd data-testid={tid('receipt-exchange-back')}>
                  <bdi dir="ltr">{format(sale.exchange.back.amountMinor, sale.exchange.back.currency)}</bdi>
                </dd>
              </div>
            )}
          </>
        )}
        {rounding !== 0 && (
          <>
            <div>
              <dt>{t('pos.receipt.rounding')}</dt>
              <dd data-testid={tid('receipt-rounding')}>
                <bdi dir="ltr">
                  {rounding > 0 ? '+' : '−'}
                  {money(Math.abs(rounding))}
                </bdi>
              </dd>
            </div>
            <div>
              <dt>{t('pos.receipt.toPay')}</dt>
              <dd>
                <bdi dir="ltr">{money((sale.exchange ? sale.exchange.dueMinor : totals.totalMinor) + rounding)}</bdi>
              </dd>
            </div>
          </>
        )}
        {tenders.map((tn, i) => (
          <div key={i} data-testid={tid('receipt-tender')}>
            <dt>{label(tn)}</dt>
            <dd>
              <bdi dir="ltr">{format(tn.amountMinor, tn.currency)}</bdi>
            </dd>
          </div>
        ))}
        <div>
          <dt>{change ? t('pos.receipt.changeIn', { currency: change.currency }) : t('pos.receipt.change')}</dt>
          <dd data-testid={tid('receipt-change')}>
            <bdi dir="ltr">{change ? format(change.amountMinor, change.currency) : money(0)}</bdi>
          </dd>
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
        {show.rate && twoCurrencies && <div>{t('pos.receipt.rate', { rate: f.number(done.rate) })}</div>}
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

/** After an exchange: the receipt whose items came back, and the cash to hand back when they were worth more. */
function ExchangeDone({ exchange }: { exchange: NonNullable<ReceiptSale['exchange']> }) {
  const { t } = useTranslation();
  const money = useMinorMoney();
  return (
    <div className="info-box" role="status" data-testid="exchange-done">
      <p>{t('pos.returns.exchangeDone', { invoice: ltr(exchange.invoiceNumber) })}</p>
      {exchange.back && (
        <p>
          {t('pos.returns.exchangeGiveBack')}:{' '}
          <strong data-testid="exchange-done-back" dir="ltr">
            {money(exchange.back.amountMinor, exchange.back.currency)}
          </strong>
        </p>
      )}
    </div>
  );
}

export function FinalReceipt({ done, onNewSale }: { done: CompletedSale; onNewSale: () => void }) {
  const { t } = useTranslation();
  const printRoot = useRef<HTMLDivElement>(null);
  usePageSizedTo(printRoot);
  const settings = useTillSettings();
  // A sale with cash in it opens the drawer on its first print.
  const logo = useReceiptLogo(settings);
  const shop = settings ? { settings: settings.receipt, logo } : undefined;
  return (
    <>
      <Modal title={t('pos.receipt.title')} onClose={onNewSale} testId="final-receipt" className="receipt-modal" onEnter={onNewSale}>
        {done.sale.exchange && <ExchangeDone exchange={done.sale.exchange} />}
        <ReceiptPaper done={done} shop={shop} />
        <div className="row gap end modal-actions">
          <ReceiptPrinterButton
            settings={settings}
            printRoot={printRoot}
            logoReady={!settings?.receipt.logo || logo !== null}
            cashSale={done.tenders.some((tn) => tn.method === 'cash')}
          />
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
          <ReceiptPaper done={done} shop={shop} forPrint />
        </div>,
        document.body,
      )}
    </>
  );
}

/** A stored sale as the receipt prints it: its lines, totals, tenders and change exact in the sale's currency. */
export function receiptOfSale(sale: SaleDto, cashier: string): CompletedSale {
  const minor = (major: number) => (sale.currency === 'USD' ? Math.round(major * 100) : major);
  const a = sale.amountsInCurrency;
  return {
    sale,
    lines: sale.items.map((l) => ({
      productId: l._id,
      sku: l.productSnapshot.sku,
      barcode: null,
      name: { en: l.productSnapshot.name.en, ku: l.productSnapshot.name.ku },
      unitCents: Math.round(l.unitPrice * 100),
      priceCurrency: sale.currency,
      priceMinor: minor(l.unitPriceInCurrency),
      discountPercent: l.discount,
      quantity: l.quantity,
      stock: l.quantity,
      // A weighed line's quantity is grams at a price per kg; a pack's price is the pack's.
      weighed: l.weighed ?? false,
      ...(l.packId ? { packId: l.packId, unitsPerQuantity: l.unitsPerQuantity ?? 1 } : {}),
    })),
    totals: {
      currency: sale.currency,
      subtotalMinor: minor(a.subtotal),
      discountMinor: minor(a.discountAmount),
      loyaltyMinor: minor(a.loyaltyDiscount),
      totalMinor: minor(a.total),
    },
    customer: sale.customer
      ? { _id: sale.customer._id, name: `${sale.customer.firstName} ${sale.customer.lastName}`.trim(), loyaltyPoints: 0 }
      : null,
    tenders: sale.tenders,
    change: sale.change,
    cashRoundingMinor: minor(a.cashRounding),
    currency: sale.currency,
    rate: sale.exchangeRate,
    cashier,
  };
}

/** A stored sale's receipt again, from its page: shown, and printed at the receipt printer's page size. */
export function ReprintReceipt({ sale, cashier, onClose }: { sale: SaleDto; cashier: string; onClose: () => void }) {
  const { t } = useTranslation();
  const printRoot = useRef<HTMLDivElement>(null);
  usePageSizedTo(printRoot);
  const done = receiptOfSale(sale, cashier);
  const settings = useTillSettings();
  const logo = useReceiptLogo(settings);
  const shop = settings ? { settings: settings.receipt, logo } : undefined;
  return (
    <>
      <Modal title={t('pos.receipt.title')} onClose={onClose} testId="reprint-receipt" className="receipt-modal">
        {done.sale.exchange && <ExchangeDone exchange={done.sale.exchange} />}
        <ReceiptPaper done={done} shop={shop} />
        <div className="row gap end modal-actions">
          <button type="button" className="button" onClick={onClose} data-testid="close-receipt">
            {t('common.close')}
          </button>
          <button type="button" className="button primary" autoFocus onClick={() => window.print()} data-testid="print-receipt">
            {t('pos.receipt.print')}
          </button>
        </div>
      </Modal>
      {createPortal(
        <div className="print-root" ref={printRoot} aria-hidden="true">
          <ReceiptPaper done={done} shop={shop} forPrint />
        </div>,
        document.body,
      )}
    </>
  );
}
