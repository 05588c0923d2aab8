import { useCallback, useDeferredValue, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '@dukan/contracts';
import { errorText, serverCode, validationMessages } from '../../../app/api.js';
import { readRegister } from '../../../app/session.js';
import { ErrorPanel } from '../../../components/ui/error-panel.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { useToast } from '../../../components/ui/use-toast.js';
import { Icon } from '../../../components/layout/icons.js';
import { useFormat } from '../../../i18n/format.js';
import { useCurrentUser } from '../../auth/use-permissions.js';
import { displayName } from '../../auth/types.js';
import {
  useCategoriesQuery,
  useCreateSaleMutation,
  useExchangeRateQuery,
  useLoyaltySettingsQuery,
  useTillProductsQuery,
  type TillProduct,
} from '../api/pos-api.js';
import { CartPanel } from '../components/cart-panel.js';
import { CustomerBox } from '../components/customer-box.js';
import { CustomerPicker } from '../components/customer-picker.js';
import { ProductGrid } from '../components/product-grid.js';
import { FinalReceipt, type CompletedSale } from '../components/receipt.js';
import { ReceiptPreview } from '../components/receipt-preview.js';
import { useBarcodeScanner } from '../hooks/use-barcode-scanner.js';
import { useMoney, type DisplayCurrency } from '../hooks/use-money.js';
import { cartReducer, emptyCart, type CartCustomer } from '../lib/cart.js';
import { dollarsToCents, FALLBACK_EXCHANGE_RATE, typedAmountToCents } from '../lib/money.js';
import { ProductSearchIndex, descendantsOf } from '../lib/search-index.js';
import { buildSalePayload, clampPercent, computeTotals, type OrderDiscount } from '../lib/totals.js';

type Phase = 'cart' | 'checkout-pick' | 'change-customer' | 'preview' | 'done';

const CURRENCY_KEY = 'dukan.currency';

/** Survives leaving and reopening the till while the cached product list is reused. */
const soldSince = new Map<number, Map<string, number>>();

function newSaleKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now()}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

function isDefinitiveRefusal(err: unknown): boolean {
  const { status, data } = (err ?? {}) as { status?: unknown; data?: { code?: string } };
  if (typeof status !== 'number' || status < 400 || status >= 500) return false;
  if (status === 408 || status === 409 || status === 429) return false;
  return data?.code !== 'IDEMPOTENCY_KEY_REUSED';
}

export function PosPage() {
  const { t, i18n } = useTranslation();
  const f = useFormat();
  const toast = useToast();
  const user = useCurrentUser();
  const canDiscount = can(user, 'pos', 'discount');

  // A list older than a minute is fetched again in the background when the till opens.
  const products = useTillProductsQuery(undefined, { refetchOnMountOrArgChange: 60 });
  const categories = useCategoriesQuery();
  const rateQuery = useExchangeRateQuery();
  const loyaltySettings = useLoyaltySettingsQuery();
  const [createSale, saleState] = useCreateSaleMutation();

  const rate = rateQuery.data?.exchangeRate && rateQuery.data.exchangeRate >= 1 ? rateQuery.data.exchangeRate : FALLBACK_EXCHANGE_RATE;
  const [currency, setCurrency] = useState<DisplayCurrency>(() => (localStorage.getItem(CURRENCY_KEY) === 'IQD' ? 'IQD' : 'USD'));
  useEffect(() => localStorage.setItem(CURRENCY_KEY, currency), [currency]);
  const money = useMoney(currency, rate);

  const [cart, dispatch] = useReducer(cartReducer, emptyCart);
  const [phase, setPhase] = useState<Phase>('cart');
  /**
   * The pending sale: one Idempotency-Key and one timestamp, so a repeated confirm sends the very same request.
   */
  const [pending, setPending] = useState<{ key: string; at: Date } | null>(null);
  const [saleError, setSaleError] = useState<string | null>(null);
  const [done, setDone] = useState<CompletedSale | null>(null);
  const [lastAdded, setLastAdded] = useState<string | null>(null);
  // Units sold here since the product list was fetched: the tiles show stock net of them until the next fetch.
  const [sold, setSold] = useState<Map<string, number>>(() => soldSince.get(products.fulfilledTimeStamp ?? 0) ?? new Map());
  useEffect(() => {
    const at = products.fulfilledTimeStamp ?? 0;
    setSold(soldSince.get(at) ?? new Map());
  }, [products.fulfilledTimeStamp]);
  useEffect(() => {
    soldSince.clear();
    soldSince.set(products.fulfilledTimeStamp ?? 0, sold);
  }, [sold, products.fulfilledTimeStamp]);
  const submitting = useRef(false);

  // ---- search -------------------------------------------------------------------------------
  const list = products.data;
  const [index, setIndex] = useState<ProductSearchIndex<TillProduct> | null>(null);
  useEffect(() => {
    if (!list) return;
    const abort = new AbortController();
    setIndex(null);
    ProductSearchIndex.build(list, { signal: abort.signal }).then(setIndex, () => undefined);
    return () => abort.abort();
  }, [list]);

  const [query, setQuery] = useState('');
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const [activeIndex, setActiveIndex] = useState(-1);
  const searchRef = useRef<HTMLInputElement>(null);

  const categoryList = useMemo(() => (categories.data ?? []).filter((c) => c.active !== false), [categories.data]);
  const categoryNames = useMemo(() => new Map(categoryList.map((c) => [c._id, c.name])), [categoryList]);
  const categoryName = useCallback(
    (id: string | null | undefined) => {
      const name = id ? categoryNames.get(id) : undefined;
      return name ? (i18n.language === 'ku' && name.ku) || name.en : '';
    },
    [categoryNames, i18n.language],
  );

  // Typing stays responsive: the search runs on the deferred value and a newer keystroke interrupts it.
  const deferredQuery = useDeferredValue(query);
  const allowedCategories = useMemo(() => (categoryId ? descendantsOf(categoryId, categoryList) : null), [categoryId, categoryList]);
  const filterByCategory = useCallback(
    (positions: number[]) => (allowedCategories && list ? positions.filter((i) => allowedCategories.has(list[i]!.categoryId ?? '')) : positions),
    [allowedCategories, list],
  );
  const hits = useMemo(() => {
    if (!list) return [];
    return filterByCategory(index ? index.search(deferredQuery) : list.map((_, i) => i));
  }, [list, index, deferredQuery, filterByCategory]);

  // A new search or category highlights its first result; set during render, so no second commit follows.
  const [activeFor, setActiveFor] = useState<{ query: string; categoryId: string | null }>({ query: '', categoryId: null });
  if (activeFor.query !== deferredQuery || activeFor.categoryId !== categoryId) {
    setActiveFor({ query: deferredQuery, categoryId });
    setActiveIndex(deferredQuery ? 0 : -1);
  }

  const stockOf = useCallback((p: TillProduct) => p.quantity - (sold.get(p._id) ?? 0), [sold]);

  // ---- cart ---------------------------------------------------------------------------------
  const addProduct = useCallback(
    (p: TillProduct) => {
      dispatch({ type: 'add', product: { ...p, quantity: p.quantity - (sold.get(p._id) ?? 0) }, priceCents: dollarsToCents(p.price) });
      const name = (i18n.language === 'ku' && p.name.ku) || p.name.en;
      setLastAdded(t('pos.scanAdded', { name }));
    },
    [sold, i18n.language, t],
  );

  const discount: OrderDiscount = useMemo(() => {
    if (!canDiscount || !cart.discountInput) return { type: 'percentage', value: 0 };
    if (cart.discountType === 'percentage') return { type: 'percentage', value: clampPercent(Number.parseFloat(cart.discountInput) || 0) };
    return { type: 'fixed', value: typedAmountToCents(cart.discountInput, currency, rate) };
  }, [canDiscount, cart.discountInput, cart.discountType, currency, rate]);

  const totals = useMemo(() => computeTotals(cart.lines, discount, cart.redemption?.cents ?? 0), [cart.lines, discount, cart.redemption]);

  // ---- scanner ------------------------------------------------------------------------------
  const onScan = useCallback(
    (code: string) => {
      const product = index?.findByCode(code) ?? list?.find((p) => p.barcode === code || p.sku === code);
      if (product) addProduct(product);
      else toast.error(t('pos.scanNotFound', { code }));
    },
    [index, list, addProduct, toast, t],
  );
  useBarcodeScanner(phase === 'cart' && !!list, onScan);

  // ---- checkout -----------------------------------------------------------------------------
  const startCheckout = useCallback(() => {
    if (cart.lines.length === 0 || saleState.isLoading) return;
    setPhase('checkout-pick');
  }, [cart.lines.length, saleState.isLoading]);

  const onPicked = (customer: CartCustomer | null) => {
    dispatch({ type: 'customer', customer });
    if (phase === 'checkout-pick') {
      // One key per pending sale: every retry or double click of this sale reuses it.
      setPending({ key: newSaleKey(), at: new Date() });
      setSaleError(null);
      setPhase('preview');
    } else setPhase('cart');
  };

  const confirmSale = async (tenderedCents: number, tenderedIqd: number | null) => {
    if (!pending || submitting.current) return;
    submitting.current = true;
    setSaleError(null);
    const body = buildSalePayload({
      lines: cart.lines,
      discount,
      totals,
      customerId: cart.customer?._id ?? null,
      currency,
      exchangeRate: rate,
      tenderedCents,
      register: readRegister(),
      loyaltyPointsRedeemed: cart.redemption?.points ?? 0,
      now: pending.at,
    });
    try {
      const sale = await createSale({ key: pending.key, body }).unwrap();
      setSold((prev) => {
        const next = new Map(prev);
        for (const l of cart.lines) next.set(l.productId, (next.get(l.productId) ?? 0) + l.quantity);
        return next;
      });
      setDone({
        sale,
        lines: cart.lines,
        totals,
        customer: cart.customer,
        tenderedCents,
        tenderedIqd,
        currency,
        rate,
        cashier: user ? displayName(user) : '',
      });
      setPhase('done');
      toast.success(t('pos.saleSuccess'));
    } catch (err) {
      // The rate changed in settings since the till loaded it: reload it, so the cashier sees the new total and confirms again.
      const rateChanged = serverCode(err) === 'EXCHANGE_RATE_CHANGED';
      if (rateChanged) void rateQuery.refetch();
      const fields = rateChanged ? [] : validationMessages(err);
      const text = fields.length ? t('pos.validationError', { message: fields[0] }) : errorText(err, t('pos.transactionError'));
      setSaleError(text);
      toast.error(text);
      // Refused outright (bad data, no permission): nothing was stored, so the corrected sale gets a fresh key.
      // Any doubt (network, time-out, server trouble, still running, key already used) keeps the key.
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

  const newSale = useCallback(() => {
    dispatch({ type: 'reset' });
    setDone(null);
    setPending(null);
    setSaleError(null);
    setQuery('');
    setPhase('cart');
    setLastAdded(null);
    requestAnimationFrame(() => searchRef.current?.focus());
  }, []);

  // ---- keyboard -----------------------------------------------------------------------------
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (phase !== 'cart') return;
      if (e.key === 'F2' || (e.key === '/' && !(e.target instanceof HTMLInputElement))) {
        e.preventDefault();
        searchRef.current?.focus();
        searchRef.current?.select();
      } else if (e.key === 'F4') {
        e.preventDefault();
        startCheckout();
      } else if (e.key === 'F8') {
        // Quantity of the last line: type the number, Enter goes back to the search box.
        e.preventDefault();
        const inputs = document.querySelectorAll<HTMLInputElement>('[data-testid=line-quantity]');
        inputs[inputs.length - 1]?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [phase, startCheckout]);

  const onSearchKey = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (!list) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowRight') {
      if (e.key === 'ArrowRight' && e.currentTarget.selectionStart !== e.currentTarget.value.length) return;
      e.preventDefault();
      setActiveIndex((a) => Math.min(hits.length - 1, a + 1));
    } else if (e.key === 'ArrowUp' || e.key === 'ArrowLeft') {
      if (e.key === 'ArrowLeft' && e.currentTarget.selectionStart !== e.currentTarget.value.length) return;
      e.preventDefault();
      setActiveIndex((a) => Math.max(0, a - 1));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      // Enter right after typing must act on what was typed, even if the deferred results lag behind.
      const current = deferredQuery === query || !index ? hits : filterByCategory(index.search(query));
      const at = deferredQuery === query && activeIndex >= 0 ? activeIndex : current.length >= 1 && query.trim() ? 0 : -1;
      const pos = current[at];
      if (pos !== undefined) {
        addProduct(list[pos]!);
        setQuery('');
      } else if (query.trim()) {
        const exact = index?.findByCode(query.trim());
        if (exact) {
          addProduct(exact);
          setQuery('');
        }
      }
    } else if (e.key === 'Escape') {
      setQuery('');
    }
  };

  // ---- render -------------------------------------------------------------------------------
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
      <section className="pos-main" aria-label={t('pos.products')}>
        <div className="pos-toolbar">
          <label className="search-box">
            <Icon name="search" />
            <span className="sr-only">{t('pos.searchLabel')}</span>
            <input
              ref={searchRef}
              type="search"
              autoFocus
              autoComplete="off"
              placeholder={t('pos.searchPlaceholder')}
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              onKeyDown={onSearchKey}
              data-testid="pos-search"
              aria-controls="pos-grid"
            />
            <kbd>F2</kbd>
          </label>
          <div className="segmented" role="group" aria-label={t('pos.currency')}>
            {(['USD', 'IQD'] as const).map((c) => (
              <button key={c} type="button" className={currency === c ? 'active' : ''} aria-pressed={currency === c} onClick={() => setCurrency(c)} data-testid={`currency-${c}`}>
                {c}
              </button>
            ))}
          </div>
          <span className="muted small rate" title={rateQuery.isError ? t('pos.exchangeRateError') : undefined}>
            {t('pos.rate', { rate: f.number(rate) })}
            {rateQuery.isError && <span className="warning-text"> · {t('pos.exchangeRateError')}</span>}
          </span>
        </div>
        <div className="chips" role="group" aria-label={t('pos.categories')}>
          <button type="button" className={`chip ${categoryId === null ? 'active' : ''}`} aria-pressed={categoryId === null} onClick={() => setCategoryId(null)}>
            {t('pos.allCategories')}
          </button>
          {categoryList.map((c) => (
            <button key={c._id} type="button" className={`chip ${categoryId === c._id ? 'active' : ''}`} aria-pressed={categoryId === c._id} onClick={() => setCategoryId(c._id)}>
              {(i18n.language === 'ku' && c.name.ku) || c.name.en}
            </button>
          ))}
        </div>
        <div className="row between muted small grid-status">
          <span data-testid="results-count">{index ? t('pos.resultsCount', { n: f.number(hits.length) }) : t('pos.indexing')}</span>
          <span className="keyboard-help">{t('pos.keyboardHelp')}</span>
        </div>
        {list.length === 0 ? (
          <p className="panel muted">{t('pos.noProducts')}</p>
        ) : hits.length === 0 ? (
          <p className="panel muted">{t('pos.noResults', { query })}</p>
        ) : (
          <div id="pos-grid" className="grid-wrap">
            <ProductGrid products={list} hits={hits} activeIndex={activeIndex} stockOf={stockOf} categoryName={categoryName} money={money} onAdd={addProduct} />
          </div>
        )}
      </section>

      <CartPanel
        cart={cart}
        dispatch={dispatch}
        totals={totals}
        money={money}
        currency={currency}
        canDiscount={canDiscount}
        saving={saleState.isLoading}
        onCheckout={startCheckout}
        lastAdded={lastAdded}
        customerBox={
          <CustomerBox
            customer={cart.customer}
            redemption={cart.redemption}
            money={money}
            pointValue={pointValue}
            hasItems={cart.lines.length > 0}
            onChange={() => setPhase('change-customer')}
            onRemove={() => dispatch({ type: 'customer', customer: null })}
            onRedeemed={(redemption) => dispatch({ type: 'redeemed', redemption })}
          />
        }
      />

      {(phase === 'checkout-pick' || phase === 'change-customer') && <CustomerPicker onPick={onPicked} onClose={() => setPhase('cart')} />}
      {phase === 'preview' && (
        <ReceiptPreview
          lines={cart.lines}
          totals={totals}
          customer={cart.customer}
          currency={currency}
          rate={rate}
          money={money}
          saving={saleState.isLoading}
          error={saleError}
          onCancel={cancelPreview}
          onConfirm={(cents, iqd) => void confirmSale(cents, iqd)}
        />
      )}
      {phase === 'done' && done && <FinalReceipt done={done} money={money} onNewSale={newSale} />}
    </div>
  );
}

export default PosPage;
