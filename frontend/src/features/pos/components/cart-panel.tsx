import { useTranslation } from 'react-i18next';
import type { Dispatch, ReactNode } from 'react';
import { kgText } from '@dukan/contracts';
import { fixedQuantity, lineKey, type CartAction, type CartState } from '../lib/cart.js';
import { lineSubtotal, unitInSale, type Totals } from '../lib/totals.js';
import { sanitizeAmountInput } from '../../../lib/money.js';
import { Icon } from '../../../components/layout/icons.js';
import { useFormat } from '../../../i18n/format.js';
import { useMinorMoney, type DisplayCurrency } from '../hooks/use-money.js';
import { TaxRow } from './sale-summary.js';

interface CartPanelProps {
  cart: CartState;
  dispatch: Dispatch<CartAction>;
  totals: Totals;
  currency: DisplayCurrency;
  rate: number;
  canDiscount: boolean;
  saving: boolean;
  customerBox: ReactNode;
  /** To the checkout; `method`: the tender the cashier starts with (the Card and Cash buttons). */
  onCheckout: (method?: 'card' | 'cash') => void;
  /** What the last scan or tap added, with a count so the same product added twice flashes again. */
  lastAdded: { text: string; n: number } | null;
}

export function CartPanel({
  cart,
  dispatch,
  totals,
  currency,
  rate,
  canDiscount,
  saving,
  customerBox,
  onCheckout,
  lastAdded,
}: CartPanelProps) {
  const { t, i18n } = useTranslation();
  const f = useFormat();
  // Every figure of the cart is exact in the sale's currency (the till's display currency).
  const format = useMinorMoney();
  const money = (minor: number) => format(minor, currency);
  const m = { currency, rate };
  const itemCount = cart.lines.reduce((n, l) => n + (fixedQuantity(l) ? 1 : l.quantity), 0);

  return (
    <aside className="cart-panel" aria-label={t('pos.cart')} data-testid="cart">
      {customerBox}
      <div className="cart-head row between">
        <h2>
          <Icon name="cart" /> {t('pos.cart')} <span className="muted small">{t('pos.cartItems', { n: f.number(itemCount) })}</span>
        </h2>
        <button
          type="button"
          className="link-button danger"
          onClick={() => dispatch({ type: 'clear' })}
          disabled={cart.lines.length === 0}
          data-testid="clear-cart"
        >
          {t('pos.clearCart')}
        </button>
      </div>
      <p className="scan-confirm" aria-live="polite" data-testid="last-added">
        {lastAdded && (
          <span key={lastAdded.n} className="scan-flash">
            ✓ {lastAdded.text}
          </span>
        )}
      </p>
      {cart.undo && (
        <div className="undo-bar" role="status" data-testid="undo-bar">
          <span>
            {cart.undo.kind === 'clear'
              ? t('pos.cartCleared')
              : t('pos.lineRemoved', { name: (i18n.language === 'ku' && cart.undo.name?.ku) || cart.undo.name?.en })}
          </span>
          <button type="button" className="button small" onClick={() => dispatch({ type: 'undo' })} data-testid="undo">
            {t('pos.undo')}
          </button>
        </div>
      )}
      {cart.lines.length === 0 ? (
        <p className="muted empty-cart">{t('pos.emptyCart')}</p>
      ) : (
        <ul className="cart-lines">
          {cart.lines.map((line) => {
            const name = (i18n.language === 'ku' && line.name.ku) || line.name.en;
            const over = !line.weighed && !line.scaleLabel && line.quantity > line.stock;
            const packText = line.packId
              ? t('pos.packOf', {
                  name: (i18n.language === 'ku' && line.packName?.ku) || line.packName?.en || t('pos.pack'),
                  n: line.unitsPerQuantity ?? 1,
                })
              : null;
            return (
              <li key={lineKey(line)} className={`cart-line ${over ? 'over-stock' : ''}`} data-testid="cart-line" data-sku={line.sku}>
                <div className="line-main">
                  <span className="line-name" title={name}>
                    {name}
                  </span>
                  {packText && (
                    <span className="small" data-testid="line-pack">
                      {packText}
                    </span>
                  )}
                  <span className="muted small">
                    {money(unitInSale(line, m))}
                    {line.weighed && ` / ${t('pos.kg')}`}
                    {line.discountPercent > 0 && ` · ${t('pos.percentOff', { percent: f.percent(line.discountPercent) })}`}
                  </span>
                  {over && (
                    <span className="small warning-text">{t('pos.stockLimit', { n: f.number(Math.max(0, line.stock)), name })}</span>
                  )}
                </div>
                {fixedQuantity(line) ? (
                  <div className="qty" data-testid="line-weight">
                    {line.weighed ? `${kgText(line.quantity)} ${t('pos.kg')}` : t('pos.scaleLabel')}
                  </div>
                ) : (
                  <div className="qty">
                    <button
                      type="button"
                      className="icon-button"
                      aria-label={t('pos.decrease')}
                      onClick={() => dispatch({ type: 'increment', productId: lineKey(line), by: -1 })}
                    >
                      −
                    </button>
                    <input
                      className="qty-input"
                      inputMode="numeric"
                      aria-label={t('pos.quantityOf', { name })}
                      value={line.quantity}
                      data-testid="line-quantity"
                      onChange={(e) => {
                        const digits = sanitizeAmountInput(e.target.value).replace('.', '');
                        if (digits) dispatch({ type: 'setQuantity', productId: lineKey(line), quantity: Number(digits) });
                      }}
                      onFocus={(e) => e.target.select()}
                      onKeyDown={(e) => {
                        if (e.key === 'Enter' || e.key === 'Escape') {
                          e.preventDefault();
                          document.querySelector<HTMLInputElement>('[data-testid=pos-search]')?.focus();
                        }
                      }}
                    />
                    <button
                      type="button"
                      className="icon-button"
                      aria-label={t('pos.increase')}
                      onClick={() => dispatch({ type: 'increment', productId: lineKey(line), by: 1 })}
                    >
                      +
                    </button>
                  </div>
                )}
                <span className="line-total num" data-testid="line-total">
                  {money(lineSubtotal(line, m))}
                </span>
                <button
                  type="button"
                  className="icon-button danger"
                  aria-label={t('pos.remove', { name })}
                  onClick={() => dispatch({ type: 'remove', productId: lineKey(line) })}
                >
                  <Icon name="trash" />
                </button>
              </li>
            );
          })}
        </ul>
      )}

      {canDiscount && (
        <div className="discount-controls" data-testid="discount-controls">
          <div className="segmented" role="group" aria-label={t('pos.discountType')}>
            <button
              type="button"
              className={cart.discountType === 'percentage' ? 'active' : ''}
              aria-pressed={cart.discountType === 'percentage'}
              onClick={() => dispatch({ type: 'discountType', value: 'percentage' })}
            >
              {t('pos.discountPercent')} %
            </button>
            <button
              type="button"
              className={cart.discountType === 'fixed' ? 'active' : ''}
              aria-pressed={cart.discountType === 'fixed'}
              onClick={() => dispatch({ type: 'discountType', value: 'fixed' })}
            >
              {t('pos.discountFixed')} {(cart.discountCurrency ?? currency) === 'IQD' ? 'IQD' : '$'}
            </button>
          </div>
          <input
            className="discount-input"
            inputMode="decimal"
            aria-label={t('pos.discountValue')}
            placeholder="0"
            value={cart.discountInput}
            data-testid="discount-input"
            dir="ltr"
            onChange={(e) => dispatch({ type: 'discountInput', value: sanitizeAmountInput(e.target.value), currency })}
          />
        </div>
      )}

      <dl className="totals" data-testid="totals">
        <div>
          <dt>{t('pos.subtotal')}</dt>
          <dd data-testid="subtotal">{money(totals.subtotalMinor)}</dd>
        </div>
        <div>
          <dt>{t('pos.discount')}</dt>
          <dd data-testid="discount-amount">{totals.discountMinor > 0 ? `−${money(totals.discountMinor)}` : money(0)}</dd>
        </div>
        <div>
          <dt>{t('pos.loyaltyDiscount')}</dt>
          <dd data-testid="loyalty-amount">{totals.loyaltyMinor > 0 ? `−${money(totals.loyaltyMinor)}` : money(0)}</dd>
        </div>
        <TaxRow totals={totals} money={money} testId="tax-amount" />
        <div className="grand">
          <dt>{t('pos.total')}</dt>
          <dd data-testid="total">{money(totals.totalMinor)}</dd>
        </div>
      </dl>

      <div className="pay-buttons">
        {(['card', 'cash'] as const).map((method) => (
          <button
            key={method}
            type="button"
            className="button"
            disabled={cart.lines.length === 0 || saving}
            onClick={() => onCheckout(method)}
            data-testid={`pay-${method}`}
          >
            {t(`pos.${method}`)}
          </button>
        ))}
      </div>
      <button
        type="button"
        className="button primary block big"
        onClick={() => onCheckout()}
        disabled={cart.lines.length === 0 || saving}
        data-testid="checkout"
      >
        {saving ? t('pos.saving') : t('pos.checkout')} <kbd>F4</kbd>
      </button>
      {/* On a phone the cart is below the products: its total and the checkout stay on screen here. */}
      <div className="pos-phone-bar" data-testid="phone-bar">
        <div className="phone-total">
          <span className="muted small">
            {t('pos.total')} · {t('pos.cartItems', { n: f.number(itemCount) })}
          </span>
          <strong data-testid="phone-total">{money(totals.totalMinor)}</strong>
          {lastAdded && (
            <span key={lastAdded.n} className="scan-flash small" data-testid="phone-last-added">
              ✓ {lastAdded.text}
            </span>
          )}
        </div>
        <button
          type="button"
          className="button primary"
          onClick={() => onCheckout()}
          disabled={cart.lines.length === 0 || saving}
          data-testid="phone-checkout"
        >
          {saving ? t('pos.saving') : t('pos.checkout')}
        </button>
      </div>
    </aside>
  );
}
