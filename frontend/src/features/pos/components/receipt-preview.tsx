import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  exchangeBalance,
  remainingToPay,
  settleSale,
  type Currency,
  type SaleTender,
  type Settled,
  type TenderMethod,
} from '@dukan/contracts';
import { ltr } from '../../transactions/index.js';
import type { PendingExchange } from '../returns/return-choice.js';
import { Modal } from '../../../components/ui/modal.js';
import type { CartLine, Totals } from '../lib/totals.js';
import { SaleLinesTable, SaleTotals } from './sale-summary.js';
import { sanitizeAmountInput, typedAmountToMinor } from '../../../lib/money.js';
import type { CartCustomer } from '../lib/cart.js';
import { useMinorMoney } from '../hooks/use-money.js';

/** What the amount typed is: cash in dinars or dollars, or a card, transfer or account payment in the sale's currency. */
export type TenderKind = 'cash-IQD' | 'cash-USD' | 'card' | 'transfer' | 'account';
const KINDS: readonly TenderKind[] = ['cash-IQD', 'cash-USD', 'card', 'transfer', 'account'];

function tenderOf(kind: TenderKind, amountMinor: number, saleCurrency: Currency): SaleTender {
  if (kind === 'cash-IQD') return { method: 'cash', currency: 'IQD', amountMinor };
  if (kind === 'cash-USD') return { method: 'cash', currency: 'USD', amountMinor };
  return { method: kind as TenderMethod, currency: saleCurrency, amountMinor };
}

const kindCurrency = (kind: TenderKind, saleCurrency: Currency): Currency =>
  kind === 'cash-IQD' ? 'IQD' : kind === 'cash-USD' ? 'USD' : saleCurrency;

interface PreviewProps {
  lines: readonly CartLine[];
  totals: Totals;
  customer: CartCustomer | null;
  rate: number;
  /** The shop's dinar cash-rounding step (1: none). */
  iqdCashRounding: number;
  /** The currency the change starts in: the shop's setting (null: the sale's own). The cashier may pick the other. */
  changeCurrency: Currency | null;
  /** The tender the cashier started with (the Card or Cash button). */
  initialMethod?: 'card' | 'cash';
  /** The till cannot reach the server: the customer's credit limit cannot be checked, so no tender on account. */
  offline?: boolean;
  /** Units of an earlier sale coming back: their value pays for this sale first; what it leaves over is handed back. */
  exchange?: PendingExchange | null;
  saving: boolean;
  error: string | null;
  onCancel: () => void;
  onConfirm: (tenders: SaleTender[], changeCurrency: Currency, settled: Settled) => void;
}

/**
 * The checkout: the sale, its tenders as they are handed over (several, each in its own currency), what is still to
 * pay in both currencies, the cash rounding and the change. Keyboard: type an amount, Enter adds it (or confirms once
 * the tenders cover the total); F7 exact dinars, F8 exact dollars, F9 pays dollars with change in dinars.
 */
export function ReceiptPreview({
  lines,
  totals,
  customer,
  rate,
  iqdCashRounding,
  changeCurrency: shopChangeCurrency,
  initialMethod,
  offline = false,
  exchange = null,
  saving,
  error,
  onCancel,
  onConfirm,
}: PreviewProps) {
  const { t } = useTranslation();
  const format = useMinorMoney();
  const cur = totals.currency;
  const money = (minor: number) => format(minor, cur);
  const [tenders, setTenders] = useState<SaleTender[]>([]);
  const [kind, setKind] = useState<TenderKind>(initialMethod === 'card' ? 'card' : `cash-${cur}`);
  const [typed, setTyped] = useState('');
  const [changeCurrency, setChangeCurrency] = useState<Currency>(shopChangeCurrency ?? cur);
  const amountRef = useRef<HTMLInputElement>(null);

  // An exchange: the tenders pay what the returned units leave of the total (the shared rule, as the server applies it).
  const balance = exchange
    ? exchangeBalance({
        currency: cur,
        exchangeRate: rate,
        saleTotalMinor: totals.totalMinor,
        returnMinor: exchange.returnMinor,
        changeCurrency,
        iqdCashRounding,
      })
    : null;
  const wrongCurrency = exchange !== null && exchange.currency !== cur;
  const base = { currency: cur, totalMinor: balance ? balance.dueMinor : totals.totalMinor, exchangeRate: rate, iqdCashRounding };
  const typedMinor = typed === '' ? 0 : typedAmountToMinor(typed, kindCurrency(kind, cur));
  const accountOffline = offline && kind === 'account';
  const typedTender = typedMinor > 0 && !accountOffline ? tenderOf(kind, typedMinor, cur) : null;
  const all = typedTender ? [...tenders, typedTender] : tenders;
  const settle = (list: readonly SaleTender[], changeCur: Currency) =>
    settleSale({ ...base, tenders: list, changeCurrency: changeCur, hasCustomer: customer !== null });
  const settlement = settle(all, changeCurrency);
  const remaining = remainingToPay({ ...base, tenders: tenders });
  const stillDue = remainingToPay({ ...base, tenders: all });
  const onAccountOffline = offline && all.some((tn) => tn.method === 'account');
  const canConfirm = settlement.ok && !saving && !onAccountOffline && !wrongCurrency;

  const confirmWith = (list: SaleTender[], changeCur: Currency) => {
    if (saving) return;
    const s = settle(list, changeCur);
    if (s.ok && !wrongCurrency && !(offline && list.some((tn) => tn.method === 'account'))) onConfirm(list, changeCur, s);
    else {
      setTenders(list);
      setTyped('');
    }
  };
  const confirm = () => {
    if (canConfirm) confirmWith(all, changeCurrency);
  };
  const addTyped = () => {
    if (!typedTender) return;
    setTenders(all);
    setTyped('');
    amountRef.current?.focus();
  };
  const exact = (currency: Currency) => {
    const left = remaining[currency];
    confirmWith(left > 0 ? [...tenders, { method: 'cash', currency, amountMinor: left }] : tenders, changeCurrency);
  };
  /** Pays dollars, change in dinars: the dollars typed (or whole dollars covering what is left) as cash, change in IQD. */
  const dollarsChangeInDinars = () => {
    setChangeCurrency('IQD');
    const dollars = typed !== '' ? typedAmountToMinor(typed, 'USD') : Math.ceil(remaining.USD / 100) * 100;
    if (dollars <= 0) return;
    const list: SaleTender[] = [...tenders, { method: 'cash', currency: 'USD', amountMinor: dollars }];
    setKind('cash-USD');
    confirmWith(list, 'IQD');
  };

  const onKeys = (e: KeyboardEvent) => {
    const action = { F7: () => exact('IQD'), F8: () => exact('USD'), F9: dollarsChangeInDinars }[e.key];
    if (!action) return;
    e.preventDefault();
    action();
  };

  const tenderLabel = (tn: SaleTender) =>
    tn.method === 'cash' ? t('pos.tender.cashIn', { currency: tn.currency }) : t(`pos.tender.${tn.method}`);
  const refusal =
    !settlement.ok && settlement.error !== 'short' && settlement.error !== 'noTenders' ? t(`pos.tender.error.${settlement.error}`) : null;

  return (
    <Modal title={t('pos.preview.title')} onClose={saving ? () => undefined : onCancel} testId="receipt-preview" className="preview">
      <div onKeyDown={onKeys}>
        <div className="preview-customer muted">
          {t('pos.customer')}: <strong>{customer ? customer.name : t('pos.guestCustomer')}</strong>
        </div>
        <SaleLinesTable lines={lines} money={money} sale={{ currency: cur, rate }} className="table compact" />
        <SaleTotals totals={totals} money={money} className="totals" totalTestId="preview-total" />
        {exchange && balance && (
          <dl className="totals" data-testid="exchange-summary">
            <div>
              <dt>{t('pos.returns.exchangeReturned', { invoice: ltr(exchange.invoiceNumber) })}</dt>
              <dd data-testid="exchange-returned" dir="ltr">
                −{format(exchange.returnMinor, exchange.currency)}
              </dd>
            </div>
            {balance.back && (
              <div>
                <dt>{t('pos.returns.exchangeGiveBack')}</dt>
                <dd>
                  <strong data-testid="exchange-back" dir="ltr">
                    {format(balance.back.amountMinor, balance.back.currency)}
                  </strong>
                </dd>
              </div>
            )}
            {wrongCurrency && (
              <p className="field-error" role="alert">
                {t('pos.returns.exchangeCurrency', { currency: exchange.currency })}
              </p>
            )}
          </dl>
        )}

        {tenders.length > 0 && (
          <ul className="tender-list" data-testid="tender-list">
            {tenders.map((tn, i) => (
              <li key={i} data-testid="tender-row">
                <span>{tenderLabel(tn)}</span>
                <strong dir="ltr">{format(tn.amountMinor, tn.currency)}</strong>
                <button
                  type="button"
                  className="icon-button danger"
                  aria-label={t('pos.tender.remove', { tender: tenderLabel(tn) })}
                  onClick={() => setTenders(tenders.filter((_, j) => j !== i))}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}

        <div className="row gap">
          <label className="field">
            <span>{t('pos.tender.kind')}</span>
            <select value={kind} onChange={(e) => setKind(e.target.value as TenderKind)} data-testid="tender-kind">
              {KINDS.map((k) => (
                <option key={k} value={k} disabled={offline && k === 'account'}>
                  {k.startsWith('cash-') ? t('pos.tender.cashIn', { currency: k.slice(5) }) : t(`pos.tender.${k}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span>{t('pos.preview.tendered', { currency: kindCurrency(kind, cur) })}</span>
            <span className="input-with-button">
              <input
                ref={amountRef}
                autoFocus
                inputMode="decimal"
                dir="ltr"
                value={typed}
                data-testid="tendered"
                onChange={(e) => setTyped(sanitizeAmountInput(e.target.value))}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    if (settlement.ok) confirm();
                    else addTyped();
                  }
                }}
              />
              <button type="button" className="button small" onClick={addTyped} disabled={!typedTender} data-testid="add-tender">
                {t('pos.tender.add')}
              </button>
              <button
                type="button"
                className="button small"
                onClick={() => {
                  const c = kindCurrency(kind, cur);
                  const left = remaining[c];
                  setTyped(c === 'IQD' ? String(left) : (left / 100).toFixed(2));
                }}
                data-testid="exact-amount"
              >
                {t('pos.preview.exact')}
              </button>
            </span>
          </label>
        </div>

        <div className="row gap wrap tender-keys">
          <button type="button" className="button small" onClick={() => exact('IQD')} disabled={saving} data-testid="exact-iqd">
            {t('pos.tender.exactIqd')} <kbd>F7</kbd>
          </button>
          <button type="button" className="button small" onClick={() => exact('USD')} disabled={saving} data-testid="exact-usd">
            {t('pos.tender.exactUsd')} <kbd>F8</kbd>
          </button>
          <button type="button" className="button small" onClick={dollarsChangeInDinars} disabled={saving} data-testid="usd-change-iqd">
            {t('pos.tender.dollarsChangeDinars')} <kbd>F9</kbd>
          </button>
        </div>

        <dl className="totals">
          <div>
            <dt>{t('pos.tender.remaining')}</dt>
            <dd>
              <span data-testid="remaining-iqd">{format(stillDue.IQD, 'IQD')}</span>
              {' · '}
              <span data-testid="remaining-usd">{format(stillDue.USD, 'USD')}</span>
            </dd>
          </div>
          {settlement.ok && settlement.cashRoundingMinor !== 0 && (
            <div>
              <dt>{t('pos.receipt.rounding')}</dt>
              <dd data-testid="rounding" dir="ltr">
                {settlement.cashRoundingMinor > 0 ? '+' : '−'}
                {money(Math.abs(settlement.cashRoundingMinor))}
              </dd>
            </div>
          )}
          <div className="change-row">
            <dt>
              <label>
                {t('pos.preview.change')}{' '}
                <select
                  value={changeCurrency}
                  onChange={(e) => setChangeCurrency(e.target.value as Currency)}
                  aria-label={t('pos.tender.changeCurrency')}
                  data-testid="change-currency"
                >
                  <option value="IQD">IQD</option>
                  <option value="USD">USD</option>
                </select>
              </label>
            </dt>
            <dd>
              <strong data-testid="change">
                {settlement.ok && settlement.change ? format(settlement.change.amountMinor, settlement.change.currency) : '—'}
              </strong>
            </dd>
          </div>
        </dl>
        {all.length > 0 && !settlement.ok && !refusal && <p className="field-error">{t('pos.preview.short')}</p>}
        {(accountOffline || onAccountOffline) && (
          <p className="field-error" role="alert" data-testid="account-offline">
            {t('pos.tender.error.accountOffline')}
          </p>
        )}
        {refusal && (
          <p className="field-error" data-testid="tender-refusal">
            {refusal}
          </p>
        )}
        {error && (
          <div className="form-error" role="alert" data-testid="sale-error">
            {error}
          </div>
        )}
        <div className="row gap end modal-actions">
          <button type="button" className="button" onClick={onCancel} disabled={saving} data-testid="cancel-sale">
            {t('common.cancel')}
          </button>
          <button type="button" className="button primary" onClick={confirm} disabled={!canConfirm} data-testid="confirm-sale">
            {saving ? t('pos.preview.confirming') : t('pos.preview.confirm')}
          </button>
        </div>
      </div>
    </Modal>
  );
}
