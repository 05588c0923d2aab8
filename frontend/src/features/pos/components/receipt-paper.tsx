import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/format.js';
import type { CartLine, Totals } from '../lib/totals.js';
import { SaleLinesTable, SaleTotals } from './sale-summary.js';
import type { CartCustomer } from '../lib/cart.js';
import type { ReceiptSettingsDto, SaleChange, SaleDto, SaleTender } from '@dukan/contracts';
import { useMinorMoney } from '../hooks/use-money.js';
import { InvoiceBarcode } from '../printing/invoice-barcode.js';
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

/** The receipt itself: the shop's heading, the lines and totals, tenders and change in the sale's currency, and the footer. */
export function ReceiptPaper({
  done,
  shop,
  forPrint = false,
}: {
  done: CompletedSale;
  shop?: ShopReceipt | undefined;
  forPrint?: boolean;
}) {
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
