import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CartCustomer, Redemption } from '../lib/cart.js';
import { checkRedeem, clampRedeemPoints } from '../lib/totals.js';
import { dollarsToCents, sanitizeAmountInput } from '../../../lib/money.js';
import { useRedeemPointsMutation } from '../api/pos-api.js';
import { errorText } from '../../../app/api.js';
import { useFormat } from '../../../i18n/format.js';
import { Icon } from '../../../components/layout/icons.js';

interface CustomerBoxProps {
  customer: CartCustomer | null;
  redemption: Redemption | null;
  money: (cents: number) => string;
  /** Currency value of one point, for the estimate (spec: 0.01). */
  pointValue: number;
  hasItems: boolean;
  onChange: () => void;
  onRemove: () => void;
  onRedeemed: (r: Redemption | null, customerId: string) => void;
  /** A redemption a change of the cart took away, offered again. */
  dropped?: Redemption | null;
  onDismissDropped?: () => void;
}

export function CustomerBox({
  customer,
  redemption,
  money,
  pointValue,
  hasItems,
  onChange,
  onRemove,
  onRedeemed,
  dropped = null,
  onDismissDropped,
}: CustomerBoxProps) {
  const { t } = useTranslation();
  const f = useFormat();
  const [open, setOpen] = useState(false);

  return (
    <section className="customer-box" data-testid="customer-box">
      <div className="row between">
        <div className="row gap">
          <span className="avatar small" aria-hidden="true">
            <Icon name="user" />
          </span>
          <div>
            <div className="muted small">{t('pos.customer')}</div>
            <strong data-testid="customer-name">{customer ? customer.name : t('pos.guestCustomer')}</strong>
            {customer && (
              <div className="muted small">
                <span dir="ltr">{customer.phone ?? ''}</span> ·{' '}
                <span data-testid="customer-points">{t('pos.points', { points: f.number(customer.loyaltyPoints) })}</span>
              </div>
            )}
          </div>
        </div>
        <div className="row gap">
          {customer && (
            <button
              type="button"
              className="button small"
              onClick={() => setOpen((o) => !o)}
              aria-expanded={open}
              data-testid="open-redeem"
            >
              {t('pos.redeemPoints')}
            </button>
          )}
          <button type="button" className="link-button" onClick={onChange} data-testid="change-customer">
            {t('pos.changeCustomer')}
          </button>
          {customer && (
            <button type="button" className="icon-button" onClick={onRemove} aria-label={t('pos.removeCustomer')}>
              ×
            </button>
          )}
        </div>
      </div>
      {customer && dropped && !redemption && (
        <DroppedRedemption
          customer={customer}
          dropped={dropped}
          money={money}
          hasItems={hasItems}
          onRedeemed={onRedeemed}
          onDismiss={onDismissDropped}
        />
      )}
      {(open || redemption) && (
        <LoyaltyPanel
          customer={customer}
          redemption={redemption}
          money={money}
          pointValue={pointValue}
          hasItems={hasItems}
          onRedeemed={onRedeemed}
        />
      )}
    </section>
  );
}

/** Says a change of the cart took the redeemed points off, and redeems them again with one press. */
function DroppedRedemption({
  customer,
  dropped,
  money,
  hasItems,
  onRedeemed,
  onDismiss,
}: {
  customer: CartCustomer;
  dropped: Redemption;
  money: (cents: number) => string;
  hasItems: boolean;
  onRedeemed: (r: Redemption | null, customerId: string) => void;
  onDismiss?: () => void;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const [redeem, { isLoading }] = useRedeemPointsMutation();
  const [error, setError] = useState<string | null>(null);
  const points = Math.min(dropped.points, customer.loyaltyPoints);

  async function reapply() {
    setError(null);
    try {
      const res = await redeem({ customerId: customer._id, points }).unwrap();
      onRedeemed({ points: res.pointsRedeemed, cents: dollarsToCents(res.monetaryValue) }, customer._id);
    } catch (err) {
      setError(errorText(err, t('pos.loyalty.redemptionError')));
    }
  }

  return (
    <div className="loyalty-panel warning" role="alert" data-testid="redemption-dropped">
      <span>{t('pos.loyalty.dropped', { points: f.number(dropped.points), amount: money(dropped.cents) })}</span>
      <div className="row gap">
        <button
          type="button"
          className="button small primary"
          onClick={() => void reapply()}
          disabled={isLoading || !hasItems || points <= 0}
          data-testid="redemption-reapply"
        >
          {t('pos.loyalty.reapply')}
        </button>
        {onDismiss && (
          <button type="button" className="icon-button" aria-label={t('common.dismiss')} onClick={onDismiss}>
            ×
          </button>
        )}
      </div>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

interface LoyaltyPanelProps {
  customer: CartCustomer | null;
  redemption: Redemption | null;
  money: (cents: number) => string;
  pointValue: number;
  hasItems: boolean;
  onRedeemed: (r: Redemption | null, customerId: string) => void;
}

/** States of spec part 1 §4: no customer, no points, entering points, success. */
export function LoyaltyPanel({ customer, redemption, money, pointValue, hasItems, onRedeemed }: LoyaltyPanelProps) {
  const { t } = useTranslation();
  const f = useFormat();
  const [input, setInput] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [redeem, { isLoading }] = useRedeemPointsMutation();

  if (!customer) return <p className="loyalty-panel muted">{t('pos.loyalty.noCustomer')}</p>;
  if (redemption) {
    return (
      <div className="loyalty-panel success" data-testid="loyalty-applied">
        <span>{t('pos.loyalty.applied', { points: f.number(redemption.points), amount: money(redemption.cents) })}</span>
        <button type="button" className="link-button" onClick={() => onRedeemed(null, customer._id)}>
          {t('pos.loyalty.undo')}
        </button>
      </div>
    );
  }
  if (customer.loyaltyPoints <= 0) return <p className="loyalty-panel muted">{t('pos.loyalty.noPoints')}</p>;

  const points = input ? Number(input) : 0;

  async function submit() {
    if (!customer) return;
    const check = checkRedeem(points, customer.loyaltyPoints);
    if (check !== 'ok') {
      setError(t(`pos.loyalty.${check}`));
      return;
    }
    setError(null);
    try {
      const res = await redeem({ customerId: customer._id, points }).unwrap();
      onRedeemed({ points: res.pointsRedeemed, cents: dollarsToCents(res.monetaryValue) }, customer._id);
      setInput('');
    } catch (err) {
      setError(errorText(err, t('pos.loyalty.redemptionError')));
    }
  }

  return (
    <div className="loyalty-panel" data-testid="loyalty-panel">
      <div className="muted small">{t('pos.loyalty.available', { points: f.number(customer.loyaltyPoints) })}</div>
      <div className="row gap">
        <input
          inputMode="numeric"
          aria-label={t('pos.loyalty.pointsToRedeem')}
          placeholder={t('pos.loyalty.pointsToRedeem')}
          value={input}
          dir="ltr"
          data-testid="redeem-input"
          onChange={(e) => {
            const digits = sanitizeAmountInput(e.target.value).split('.')[0] ?? '';
            setError(null);
            setInput(digits === '' ? '' : String(clampRedeemPoints(Number(digits), customer.loyaltyPoints)));
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void submit();
            }
          }}
        />
        <button type="button" className="button small" onClick={() => setInput(String(customer.loyaltyPoints))} data-testid="redeem-max">
          {t('pos.loyalty.max')}
        </button>
        <button
          type="button"
          className="button small primary"
          onClick={() => void submit()}
          disabled={isLoading || !hasItems}
          data-testid="redeem-submit"
        >
          {isLoading ? t('pos.loyalty.redeeming') : t('pos.loyalty.redeem')}
        </button>
      </div>
      {points > 0 && (
        <div className="muted small">{t('pos.loyalty.estimate', { amount: money(Math.round(points * pointValue * 100)) })}</div>
      )}
      {error && (
        <p className="field-error" role="alert" data-testid="redeem-error">
          {error}
        </p>
      )}
    </div>
  );
}
