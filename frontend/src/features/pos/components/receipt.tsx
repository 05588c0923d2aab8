import { useLayoutEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal.js';
import { useFormat } from '../../../i18n/format.js';
import type { CartLine, Totals } from '../lib/totals.js';
import { SaleLinesTable, SaleTotals } from './sale-summary.js';
import type { CartCustomer } from '../lib/cart.js';
import type { SaleDto } from '@dukan/contracts';
import { centsToIqd, dollarsToCents } from '../../../lib/money.js';

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

function ReceiptPaper({ done, money, forPrint = false }: { done: CompletedSale; money: (cents: number) => string; forPrint?: boolean }) {
  // The printed copy repeats the on-screen one; only the latter carries test ids.
  const tid = (id: string) => (forPrint ? undefined : id);
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
        <strong className="receipt-shop">{t('common.appName')}</strong>
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
        <div>
          <span>{t('pos.receipt.cashier')}</span> <span>{done.cashier}</span>
        </div>
        <div>
          <span>{t('pos.receipt.customer')}</span> <span>{done.customer ? done.customer.name : t('pos.guestCustomer')}</span>
        </div>
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
        {!!sale.loyaltyPointsRedeemed && (
          <div>
            <dt>{t('pos.receipt.pointsRedeemed')}</dt>
            <dd>{f.number(sale.loyaltyPointsRedeemed)}</dd>
          </div>
        )}
        {!!sale.loyaltyPointsAwarded && (
          <div>
            <dt>{t('pos.receipt.pointsEarned')}</dt>
            <dd data-testid={tid('points-earned')}>{f.number(sale.loyaltyPointsAwarded)}</dd>
          </div>
        )}
      </SaleTotals>
      <div className="receipt-center small">
        <div>{t('pos.receipt.paidCash')}</div>
        {done.currency === 'IQD' && <div>{t('pos.receipt.rate', { rate: f.number(done.rate) })}</div>}
        <div>{t('pos.receipt.thanks')}</div>
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
  return (
    <>
      <Modal title={t('pos.receipt.title')} onClose={onNewSale} testId="final-receipt" className="receipt-modal" onEnter={onNewSale}>
        <ReceiptPaper done={done} money={money} />
        <div className="row gap end modal-actions">
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
          <ReceiptPaper done={done} money={money} forPrint />
        </div>,
        document.body,
      )}
    </>
  );
}
