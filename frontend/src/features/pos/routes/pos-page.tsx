import { lazy, Suspense, useCallback, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can, convertMinor, parseScaleLabel, scaleItemKey, type TillProductDto } from '@dukan/contracts';
import { useFormat } from '../../../i18n/format.js';
import { errorText } from '../../../app/api.js';
import { ErrorPanel } from '../../../components/ui/error-panel.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { useToast } from '../../../components/ui/use-toast.js';
import { useCurrentUser } from '../../auth/index.js';
import { useLoyaltySettingsQuery } from '../../../app/shared-api.js';
import { CartPanel } from '../components/cart-panel.js';
import { CustomerBox } from '../components/customer-box.js';
import { ProductsPanel } from '../components/products-panel.js';
import { FinalReceipt } from '../components/receipt.js';
import { ReceiptPreview } from '../components/receipt-preview.js';
import { TillToolbar } from '../components/till-toolbar.js';
import { useBarcodeScanner } from '../hooks/use-barcode-scanner.js';
import { useCartTotals } from '../hooks/use-cart-totals.js';
import { NO_TAX } from '../lib/totals.js';
import { useCheckout } from '../hooks/use-checkout.js';
import { useTillCatalogue } from '../hooks/use-till-catalogue.js';
import { useTillCurrency } from '../hooks/use-till-currency.js';
import { useTillKeys } from '../hooks/use-till-keys.js';
import { useTillSearch } from '../hooks/use-till-search.js';
import { OfflinePanel } from '../offline/offline-panel.js';
import { useTillSettings } from '../printing/till-settings.js';
import { useSaleQueue } from '../offline/use-sale-queue.js';
import { cartReducer, emptyCart, packLine, weighedLine } from '../lib/cart.js';
import { useScaleRuleQuery } from '../api/pos-api.js';
import { WeighDialog } from '../components/weigh-dialog.js';
import { dollarsToCents } from '../../../lib/money.js';

// Loaded when first opened, with the phone library it reads typed numbers by: the till opens without either.
const CustomerPicker = lazy(() => import('../components/customer-picker.js').then((m) => ({ default: m.CustomerPicker })));
import { ShiftBar } from '../../shifts/index.js';
import { ReturnDialog } from '../returns/return-dialog.js';
import { TillRepayment } from '../../customers/index.js';
import { invoiceOfCode, type PendingExchange } from '../returns/return-choice.js';
import { ExchangeBanner } from '../returns/exchange-banner.js';

/** The shortest time between two catch-ups for scanned codes the till does not know. */
const SCAN_MISS_CATCH_UP_MS = 5000;

export function PosPage() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const user = useCurrentUser();
  const canDiscount = can(user, 'pos', 'discount');

  const { products, categories, stockOf, recordSold } = useTillCatalogue();
  const { rateQuery, rate, currency, setCurrency, money, iqdCashRounding, changeCurrency } = useTillCurrency();
  const loyaltySettings = useLoyaltySettingsQuery();
  // The shop's receipt, payment and tax settings, followed while the till is open (its receipt and cart read them).
  const tax = useTillSettings()?.tax ?? NO_TAX;
  const [cart, dispatch] = useReducer(cartReducer, emptyCart);
  const [lastAdded, setLastAdded] = useState<{ text: string; n: number } | null>(null);
  const list = products.data;

  const scaleRule = useScaleRuleQuery().data ?? null;
  /** A product sold by weight waiting for its weight to be typed. */
  const [weighing, setWeighing] = useState<TillProductDto | null>(null);
  const added = useCallback(
    (p: TillProductDto) => {
      const name = (i18n.language === 'ku' && p.name.ku) || p.name.en;
      setLastAdded((last) => ({ text: t('pos.scanAdded', { name }), n: (last?.n ?? 0) + 1 }));
    },
    [i18n.language, t],
  );
  const addProduct = useCallback(
    (p: TillProductDto) => {
      if (p.soldBy === 'weight') return setWeighing(p);
      dispatch({ type: 'add', product: { ...p, quantity: stockOf(p) }, priceCents: dollarsToCents(p.price) });
      added(p);
    },
    [stockOf, added],
  );
  /** A scanned code that is a pack's barcode or the shop's scale label; false when it is neither. */
  const addSpecial = useCallback(
    (code: string, all: readonly TillProductDto[]): boolean => {
      const label = scaleRule ? parseScaleLabel(code, scaleRule) : null;
      if (label && !label.ok && label.error !== 'layout') {
        toast.error(t('pos.scaleLabelMisread'));
        return true;
      }
      if (label?.ok) {
        const p = all.find((x) => x.scaleCode === scaleItemKey(label.itemCode));
        if (!p) toast.error(t('pos.scaleLabelUnknown', { code: label.itemCode }));
        else if (label.value === 'weight' && p.soldBy !== 'weight') toast.error(t('pos.scaleLabelNotWeighed'));
        else {
          const product = { ...p, quantity: stockOf(p) };
          const line =
            label.value === 'weight'
              ? weighedLine(product, label.amount, { code })
              : weighedLine(product, 0, { code, price: { minor: label.amount, currency: label.currency } });
          dispatch({ type: 'addLine', line });
          added(p);
        }
        return true;
      }
      for (const p of all) {
        const pack = p.packs?.find((k) => k.barcode === code);
        if (pack) {
          dispatch({ type: 'addLine', line: packLine({ ...p, quantity: stockOf(p) }, pack) });
          added(p);
          return true;
        }
      }
      return false;
    },
    [scaleRule, stockOf, added, toast, t],
  );

  // A receipt's invoice number, scanned or typed, opens the sale for a return.
  const [returning, setReturning] = useState<string | null>(null);
  const [repaying, setRepaying] = useState(false);
  /** Units of an earlier sale coming back to pay for this one (an exchange), until it is made or cancelled. */
  const [exchange, setExchange] = useState<PendingExchange | null>(null);
  const typedCode = useCallback((code: string) => !!list && addSpecial(code, list), [list, addSpecial]);
  const search = useTillSearch(list, categories.data, addProduct, setReturning, typedCode);
  const f = useFormat();
  /** Both prices: the one the product is set in first, then the other at the till's rate (converted once, as a sale would). */
  const priceOf = useCallback(
    (p: TillProductDto) => {
      const dinars = p.priceCurrency === 'IQD' && typeof p.priceIqd === 'number';
      const usd = dinars ? convertMinor(p.priceIqd!, 'IQD', 'USD', rate) : dollarsToCents(p.price);
      const iqd = dinars ? p.priceIqd! : convertMinor(usd, 'USD', 'IQD', rate);
      return dinars ? `${f.iqd(iqd)} · ${f.usd(usd)}` : `${f.usd(usd)} · ${f.iqd(iqd)}`;
    },
    [f, rate],
  );
  const { discount, totals } = useCartTotals(cart, canDiscount, currency, rate, tax);
  const reloadRate = useCallback(() => void rateQuery.refetch(), [rateQuery]);
  const queue = useSaleQueue();
  const checkout = useCheckout({ cart, dispatch, discount, totals, currency, rate, reloadRate, recordSold, queue, exchange });
  const { phase, setPhase } = checkout;

  const { findByCode } = search;
  const { refetch: refetchList } = products;
  const lastMissCatchUp = useRef(0);
  const onScan = useCallback(
    (code: string) => {
      const product = findByCode(code);
      if (product) return addProduct(product);
      if (list && addSpecial(code, list)) return;
      const invoice = invoiceOfCode(code);
      if (invoice) return setReturning(invoice);
      // Not in the list this till keeps: it may have been added elsewhere a moment ago, so catch up once and look
      // again; a till scanning unknown codes one after another asks the server at most once in a few seconds.
      if (Date.now() - lastMissCatchUp.current < SCAN_MISS_CATCH_UP_MS) return toast.error(t('pos.scanNotFound', { code }));
      lastMissCatchUp.current = Date.now();
      void refetchList().then(({ data }) => {
        const fresh = data?.find((p) => p.barcode === code || p.sku === code);
        if (fresh) addProduct(fresh);
        else if (data && addSpecial(code, data)) return;
        else toast.error(t('pos.scanNotFound', { code }));
      });
    },
    [findByCode, addProduct, addSpecial, list, refetchList, toast, t],
  );
  useBarcodeScanner(phase === 'cart' && !!list && !returning && !weighing, onScan);
  const { startCheckout } = checkout;
  const startCashCheckout = useCallback(() => startCheckout('cash'), [startCheckout]);
  useTillKeys(phase === 'cart' && !returning, search.searchRef, startCashCheckout);

  const { reset: resetCheckout } = checkout;
  const { setQuery, searchRef } = search;
  const newSale = useCallback(() => {
    resetCheckout();
    setExchange(null);
    setQuery('');
    setLastAdded(null);
    requestAnimationFrame(() => searchRef.current?.focus());
  }, [resetCheckout, setQuery, searchRef]);

  if (products.error || categories.error) {
    const err = products.error ?? categories.error;
    return (
      <ErrorPanel
        message={`${t('pos.fetchError')}: ${errorText(err, products.error ? t('pos.fetchProductsError') : t('pos.fetchCategoriesError'))}`}
        onRetry={() => {
          void products.refetch();
          void categories.refetch();
        }}
      />
    );
  }
  if (!list || !categories.data) {
    return <Spinner label={t('common.loading')} />;
  }

  const pointValue = loyaltySettings.data?.redemptionRate ?? 0.01;

  return (
    <div className="pos" data-testid="pos">
      <OfflinePanel queue={queue} mayResolve={can(user, 'transactions', 'view')} />
      <ProductsPanel
        list={list}
        search={search}
        stockOf={stockOf}
        priceOf={priceOf}
        onAdd={addProduct}
        toolbar={
          <>
            <TillToolbar
              searchRef={search.searchRef}
              query={search.query}
              onQuery={search.setQuery}
              onSearchKey={search.onSearchKey}
              currency={currency}
              onCurrency={setCurrency}
              rate={rate}
              rateFailed={rateQuery.isError}
            />
            <ShiftBar />
          </>
        }
      />

      <CartPanel
        cart={cart}
        dispatch={dispatch}
        totals={totals}
        currency={currency}
        rate={rate}
        canDiscount={canDiscount}
        saving={checkout.saving}
        onCheckout={checkout.startCheckout}
        lastAdded={lastAdded}
        customerBox={
          <>
            {exchange && phase !== 'done' && <ExchangeBanner exchange={exchange} currency={currency} onCancel={() => setExchange(null)} />}
            <CustomerBox
              customer={cart.customer}
              redemption={cart.redemption}
              money={money}
              pointValue={pointValue}
              hasItems={cart.lines.length > 0}
              onChange={() => setPhase('change-customer')}
              onRemove={() => dispatch({ type: 'customer', customer: null })}
              onRedeemed={(redemption, customerId) => dispatch({ type: 'redeemed', redemption, customerId })}
              dropped={cart.droppedRedemption}
              onDismissDropped={() => dispatch({ type: 'dismissDropped' })}
            />
            {cart.customer && queue.online && (
              <button type="button" className="button small" onClick={() => setRepaying(true)} data-testid="till-repayment">
                {t('customers.account.repay')}
              </button>
            )}
          </>
        }
      />

      {(phase === 'checkout-pick' || phase === 'change-customer') && (
        <Suspense fallback={<Spinner label={t('common.loading')} />}>
          <CustomerPicker onPick={checkout.onPicked} onClose={() => setPhase('cart')} />
        </Suspense>
      )}
      {phase === 'preview' && (
        <ReceiptPreview
          lines={cart.lines}
          totals={totals}
          customer={cart.customer}
          rate={rate}
          iqdCashRounding={iqdCashRounding}
          changeCurrency={changeCurrency}
          initialMethod={checkout.firstMethod}
          exchange={exchange}
          offline={!queue.online}
          saving={checkout.saving}
          error={checkout.saleError}
          onCancel={checkout.cancelPreview}
          onConfirm={(tenders, changeCurrency, settled) => void checkout.confirmSale(tenders, changeCurrency, settled)}
        />
      )}
      {weighing && (
        <WeighDialog
          product={weighing}
          onClose={() => setWeighing(null)}
          onWeighed={(grams) => {
            dispatch({ type: 'addLine', line: weighedLine({ ...weighing, quantity: stockOf(weighing) }, grams) });
            added(weighing);
            setWeighing(null);
            requestAnimationFrame(() => searchRef.current?.focus());
          }}
        />
      )}
      {phase === 'done' && checkout.done && <FinalReceipt done={checkout.done} onNewSale={newSale} />}
      {repaying && cart.customer && (
        <TillRepayment customerId={cart.customer._id} name={cart.customer.name} onClose={() => setRepaying(false)} />
      )}
      {returning && (
        <ReturnDialog
          invoice={returning}
          onClose={() => {
            setReturning(null);
            requestAnimationFrame(() => searchRef.current?.focus());
          }}
          onExchange={(ex) => {
            // The exchange is made in the currency of the sale it exchanges; the new items are added as any sale's.
            setExchange(ex);
            setCurrency(ex.currency);
            setReturning(null);
            requestAnimationFrame(() => searchRef.current?.focus());
          }}
        />
      )}
    </div>
  );
}

export default PosPage;
