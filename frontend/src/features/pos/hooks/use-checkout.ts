import { useCallback, useRef, useState, type Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, serverCode, validationMessages } from '../../../app/api.js';
import { rememberedShift } from '../../shifts/index.js';
import { readBranch, readRegister } from '../../../app/session.js';
import { useToast } from '../../../components/ui/use-toast.js';
import { displayName, useCurrentUser } from '../../auth/index.js';
import { useCreateSaleMutation } from '../api/pos-api.js';
import type { CompletedSale, ReceiptSale } from '../components/receipt-paper.js';
import { isNoAnswer } from '../lib/catalogue-follow.js';
import type { SaleQueue } from '../offline/use-sale-queue.js';
import type { PendingExchange } from '../returns/return-choice.js';
import type { CartAction, CartCustomer, CartState } from '../lib/cart.js';
import { isDefinitiveRefusal, newIdempotencyKey as newSaleKey } from '../../../lib/idempotency-key.js';
import { buildSalePayload, type OrderDiscount, type Totals } from '../lib/totals.js';
import type { Currency, SaleRequest, SaleTender, Settled } from '@dukan/contracts';
import type { DisplayCurrency } from './use-money.js';

export type Phase = 'cart' | 'checkout-pick' | 'change-customer' | 'preview' | 'done';

interface CheckoutInputs {
  cart: CartState;
  dispatch: Dispatch<CartAction>;
  discount: OrderDiscount;
  totals: Totals;
  currency: DisplayCurrency;
  rate: number;
  /** The rate changed in settings since the till loaded it: load it again. */
  reloadRate: () => void;
  recordSold: (lines: { productId: string; quantity: number }[]) => void;
  /** Where a sale goes while the server cannot be reached. */
  queue: SaleQueue;
  /** Units of an earlier sale coming back to pay for this one (null: a plain sale). */
  exchange?: PendingExchange | null;
}

/**
 * From the cart to a stored sale: choosing the customer, the preview, confirming (with one Idempotency-Key and one
 * timestamp per pending sale, so a repeated confirm sends the very same request) and the final receipt.
 */
export function useCheckout({
  cart,
  dispatch,
  discount,
  totals,
  currency,
  rate,
  reloadRate,
  recordSold,
  queue,
  exchange = null,
}: CheckoutInputs) {
  /** The tender the checkout starts with: the Card or Cash button (F4: cash). */
  const [firstMethod, setFirstMethod] = useState<'card' | 'cash'>('cash');
  const { t } = useTranslation();
  const toast = useToast();
  const user = useCurrentUser();
  const [createSale, saleState] = useCreateSaleMutation();
  const [phase, setPhase] = useState<Phase>('cart');
  /**
   * The sale being confirmed: its key, its time, once taken its reserved number (null: none was left) and whether
   * it was sent without one.
   */
  const [pending, setPending] = useState<{ key: string; at: Date; invoiceNumber?: string | null; sentUnnumbered?: boolean } | null>(null);
  const [saleError, setSaleError] = useState<string | null>(null);
  const [done, setDone] = useState<CompletedSale | null>(null);
  const submitting = useRef(false);

  const startCheckout = useCallback(
    (method: 'card' | 'cash' = 'cash') => {
      if (cart.lines.length === 0 || saleState.isLoading) return;
      setFirstMethod(method);
      if (queue.online) return setPhase('checkout-pick');
      // Offline no customer can be looked up: the sale goes to the customer already on it, or to a guest.
      setPending({ key: newSaleKey(), at: new Date() });
      setSaleError(null);
      setPhase('preview');
    },
    [cart.lines.length, saleState.isLoading, queue.online],
  );

  const onPicked = (customer: CartCustomer | null) => {
    dispatch({ type: 'customer', customer });
    if (phase === 'checkout-pick') {
      // One key per pending sale: every retry or double click of this sale reuses it.
      setPending({ key: newSaleKey(), at: new Date() });
      setSaleError(null);
      setPhase('preview');
    } else setPhase('cart');
  };

  const confirmSale = async (tenders: SaleTender[], changeCurrency: Currency, settled: Settled) => {
    if (!pending || submitting.current) return;
    submitting.current = true;
    setSaleError(null);
    // Every sale is numbered from the register's reserved block, online or not (online, a used-up block is topped
    // up first), so the register's numbers rise in the order of its sales, and a sale whose answer never came keeps
    // the number it was sent with when it is kept and sent again. The number is taken once per pending sale.
    let invoiceNumber = pending.invoiceNumber ?? null;
    let sentUnnumbered = pending.sentUnnumbered === true;
    if (!invoiceNumber && !sentUnnumbered) {
      invoiceNumber = await queue.nextNumber();
      if (!invoiceNumber && queue.online && (await queue.reserveNow())) invoiceNumber = await queue.nextNumber();
      const taken = invoiceNumber;
      setPending((p) => (p && p.key === pending.key ? { ...p, invoiceNumber: taken } : p));
    }
    const register = readRegister();
    const payload = buildSalePayload({
      lines: cart.lines,
      discount,
      totals,
      customerId: cart.customer?._id ?? null,
      exchangeRate: rate,
      tenders,
      changeCurrency,
      register,
      loyaltyPointsRedeemed: cart.redemption?.points ?? 0,
      now: pending.at,
    });
    // The shift open on this till goes with the sale, so a sale kept offline lands in the shift it was made in.
    const shiftId = rememberedShift(register);
    const body: SaleRequest = {
      ...payload,
      ...(invoiceNumber ? { reservedInvoiceNumber: invoiceNumber } : {}),
      ...(shiftId ? { shiftId } : {}),
      ...(exchange ? { exchangeFor: { saleId: exchange.saleId, lines: exchange.lines, restock: exchange.restock } } : {}),
    };
    const finish = (sale: ReceiptSale, queued: boolean) => {
      recordSold(cart.lines.map((l) => ({ productId: l.productId, quantity: l.quantity * (l.unitsPerQuantity ?? 1) })));
      setDone({
        sale,
        lines: cart.lines,
        totals,
        customer: cart.customer,
        tenders,
        change: settled.change,
        cashRoundingMinor: settled.cashRoundingMinor,
        currency,
        rate,
        cashier: user ? displayName(user) : '',
        queued,
      });
      setPhase('done');
      toast.success(t(queued ? 'pos.offline.saleKept' : 'pos.saleSuccess'));
    };
    /** Kept on the till with a reserved number, to be sent when the server is back. */
    const keepOffline = async () => {
      // Sent once without a reserved number: the server may hold it under a number of its own, which a kept copy
      // could not print. It waits for the server, under its key.
      if (sentUnnumbered) return setSaleError(t('pos.offline.unnumberedNoAnswer'));
      if (cart.redemption) return setSaleError(t('pos.offline.noRedemption'));
      // The return in it needs the server (what is left of the earlier sale, in one transaction with this one).
      if (exchange) return setSaleError(t('pos.returns.exchangeOffline'));
      const kept = await queue.keep({ key: pending.key, branch: readBranch(), body, createdAt: pending.at.toISOString(), invoiceNumber });
      if (!kept) return setSaleError(t('pos.offline.noNumbers'));
      finish(
        {
          invoiceNumber: kept.invoiceNumber,
          createdAt: kept.createdAt,
          loyaltyPointsRedeemed: 0,
          loyaltyPointsAwarded: 0,
        },
        true,
      );
    };
    try {
      if (!queue.online) return await keepOffline();
      if (!invoiceNumber && !sentUnnumbered) {
        sentUnnumbered = true;
        setPending((p) => (p && p.key === pending.key ? { ...p, sentUnnumbered: true } : p));
      }
      finish(await createSale({ key: pending.key, body }).unwrap(), false);
    } catch (err) {
      // Sent again later with the same key: stored once even if this attempt did reach the server.
      if (isNoAnswer(err)) return await keepOffline();
      const rateChanged = serverCode(err) === 'EXCHANGE_RATE_CHANGED';
      if (rateChanged) reloadRate();
      const fields = rateChanged ? [] : validationMessages(err);
      const text = fields.length ? t('pos.validationError', { message: fields[0] }) : errorText(err, t('pos.transactionError'));
      setSaleError(text);
      toast.error(text);
      if (isDefinitiveRefusal(err)) setPending({ key: newSaleKey(), at: new Date() });
    } finally {
      submitting.current = false;
    }
  };

  const cancelPreview = () => {
    setPending(null);
    setSaleError(null);
    setPhase('cart');
  };

  /** Back to an empty cart for the next customer. */
  const reset = useCallback(() => {
    dispatch({ type: 'reset' });
    setDone(null);
    setPending(null);
    setSaleError(null);
    setPhase('cart');
  }, [dispatch]);

  return {
    phase,
    setPhase,
    saving: saleState.isLoading,
    saleError,
    done,
    firstMethod,
    startCheckout,
    onPicked,
    confirmSale,
    cancelPreview,
    reset,
  };
}
