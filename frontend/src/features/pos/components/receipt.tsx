import { useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal.js';
import type { SaleDto } from '@dukan/contracts';
import { useMinorMoney } from '../hooks/use-money.js';
import { ReceiptPrinterButton } from '../printing/receipt-printer-button.js';
import { useReceiptLogo, useTillSettings } from '../printing/till-settings.js';
import { usePageSizedTo } from '../printing/page-size.js';
import { ltr } from '../../transactions/index.js';
import { ReceiptPaper, type CompletedSale, type ReceiptSale } from './receipt-paper.js';

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
