// A customer's account (the debt book, issue 31): what they owe, per currency, each in its own minor unit (US cents,
// whole dinars), never converted to be kept. The one copy of its rules, used by loyalty (which keeps the book),
// sales, the till and the tests.
//
// - A sale on account adds its account tenders to the balance of their own currencies.
// - A repayment pays the debt of its own currency first; what is left of it is converted ONCE at the rate of that
//   moment (half up, convertMinor) into the other currency's debt. Paying more than is owed is refused: the most a
//   payment in a currency can be is its own debt plus the other debt in it at the rate (maxRepayment), and an amount
//   that converts a little above the debt (rounding) clears that debt exactly.
// - The limit is one amount in one currency (0: no credit). Checked on everything owed and held for sales in
//   progress, valued in the limit's currency at the current rate.
import type { Pagination } from './dto.js';
import type { Currency } from './money.js';
import { convertMinor, coveringAmount } from './pricing.js';
import type { CurrencyAmounts, TenderMethod } from './tenders.js';

/** How a repayment is handed over: any tender but the account itself. */
export const REPAYMENT_METHODS = ['cash', 'card', 'transfer'] as const satisfies readonly TenderMethod[];
export type RepaymentMethod = (typeof REPAYMENT_METHODS)[number];

/** What moves a balance: nothing else does. */
export const ACCOUNT_ENTRY_KINDS = ['sale', 'repayment', 'return', 'void', 'adjustment'] as const;
export type AccountEntryKind = (typeof ACCOUNT_ENTRY_KINDS)[number];

export interface CreditLimit {
  currency: Currency;
  /** >= 0 in the limit's own minor unit; 0: the customer may not owe anything. */
  amountMinor: number;
}

/** Everything in `amounts` valued in `currency`: its own part as it is, the other converted once at `rate`. */
export function valueIn(amounts: CurrencyAmounts, currency: Currency, exchangeRate: number): number {
  const other: Currency = currency === 'USD' ? 'IQD' : 'USD';
  return amounts[currency] + convertMinor(amounts[other], other, currency, exchangeRate);
}

export interface LimitCheck {
  ok: boolean;
  /** What the customer would owe after the charge, valued in the limit's currency. */
  owedAfterMinor: number;
  /** What the limit still allows before the charge, in the limit's currency (never below 0). */
  availableMinor: number;
}

/** Whether `charge` may go on an account owing `owed` (with `held` for sales in progress) under `limit`. */
export function checkCreditLimit(
  owed: CurrencyAmounts,
  held: CurrencyAmounts,
  charge: CurrencyAmounts,
  limit: CreditLimit,
  exchangeRate: number,
): LimitCheck {
  const before = valueIn({ USD: owed.USD + held.USD, IQD: owed.IQD + held.IQD }, limit.currency, exchangeRate);
  const owedAfterMinor = before + valueIn(charge, limit.currency, exchangeRate);
  return { ok: owedAfterMinor <= limit.amountMinor, owedAfterMinor, availableMinor: Math.max(0, limit.amountMinor - before) };
}

/** One part of a repayment: the debt of `currency` reduced by `amountMinor`, paid with `paidMinor` of the payment's currency. */
export interface RepaymentPart {
  currency: Currency;
  amountMinor: number;
  paidMinor: number;
}

export type RepaymentPlan = { ok: true; parts: RepaymentPart[] } | { ok: false; reason: 'nothingOwed' | 'overpaid'; maxMinor: number };

/**
 * The most a payment in `currency` can be against `owed`: its own debt, then the other debt in this currency at the
 * rate (converted, or the least amount that covers it, whichever is more: $20 at 1,480 is 29,600 dinars, although
 * 29,593 already converts to $20.00).
 */
export function maxRepayment(owed: CurrencyAmounts, currency: Currency, exchangeRate: number): number {
  const other: Currency = currency === 'USD' ? 'IQD' : 'USD';
  const otherDebt = Math.max(0, owed[other]);
  const inThis = Math.max(convertMinor(otherDebt, other, currency, exchangeRate), coveringAmount(otherDebt, other, currency, exchangeRate));
  return Math.max(0, owed[currency]) + inThis;
}

/** How a payment of `amountMinor` in `currency` pays the debt `owed`: its own currency first, the rest converted once. */
export function planRepayment(owed: CurrencyAmounts, currency: Currency, amountMinor: number, exchangeRate: number): RepaymentPlan {
  const max = maxRepayment(owed, currency, exchangeRate);
  if (max <= 0) return { ok: false, reason: 'nothingOwed', maxMinor: 0 };
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0 || amountMinor > max) return { ok: false, reason: 'overpaid', maxMinor: max };
  const other: Currency = currency === 'USD' ? 'IQD' : 'USD';
  const own = Math.min(amountMinor, Math.max(0, owed[currency]));
  const parts: RepaymentPart[] = [];
  if (own > 0) parts.push({ currency, amountMinor: own, paidMinor: own });
  const rest = amountMinor - own;
  if (rest > 0) {
    const converted = Math.min(Math.max(0, owed[other]), convertMinor(rest, currency, other, exchangeRate));
    if (converted > 0) parts.push({ currency: other, amountMinor: converted, paidMinor: rest });
  }
  return { ok: true, parts };
}

/** The account tenders of a sale, per currency (what it puts on the account). */
export function accountCharge(tenders: readonly { method: TenderMethod; currency: Currency; amountMinor: number }[]): CurrencyAmounts {
  const out: CurrencyAmounts = { USD: 0, IQD: 0 };
  for (const t of tenders) if (t.method === 'account') out[t.currency] += t.amountMinor;
  return out;
}

/** An account tender's part of a sale, sent by sales to loyalty with the points reserve. */
export interface AccountChargeRequest {
  charge: CurrencyAmounts;
  /** The sale's rate (IQD per USD), at which the limit is checked. */
  exchangeRate: number;
  /** The caller holds customers.credit: the limit does not stop the sale. */
  override: boolean;
  branchId: string;
}

/** One line of a customer's statement: an entry and the balances after it. */
export interface AccountEntryDto {
  _id: string;
  kind: AccountEntryKind;
  currency: Currency;
  /** + the customer owes more, - less; in `currency`'s minor unit. */
  amountMinor: number;
  /** For a repayment: what was handed over, in its own currency (differs from `currency` when converted). */
  paid: { method: RepaymentMethod; currency: Currency; amountMinor: number } | null;
  /** IQD per USD at the moment of the entry. */
  exchangeRate: number;
  /** The sale, refund, repayment or adjustment it came from. */
  refId: string | null;
  invoiceNumber: string | null;
  branchId: string;
  note: string | null;
  balanceAfter: CurrencyAmounts;
  createdAt: string;
}

export interface CustomerAccountDto {
  customerId: string;
  balance: CurrencyAmounts;
  creditLimit: CreditLimit;
  /** Held by sales in progress (not yet owed). */
  held: CurrencyAmounts;
  /** The oldest day any of the current debt dates from (null: owes nothing). */
  owingSince: string | null;
}

/** The receivables report's ages of debt, in days since the charge (GET /api/receivables). */
export const RECEIVABLE_AGES = ['d0_30', 'd31_60', 'd61_90', 'd90_plus'] as const;
export type ReceivableAge = (typeof RECEIVABLE_AGES)[number];

/** GET /api/receivables: who owes what and since when (a page of customers, oldest debt first), totals per branch. */
export interface ReceivablesReportDto {
  asOf: string;
  totals: { branchId: string; currency: Currency; owedMinor: number; aged: Record<ReceivableAge, number> }[];
  rows: {
    customerId: string;
    name: string;
    phone: string;
    currency: Currency;
    owedMinor: number;
    since: string;
    aged: Record<ReceivableAge, number>;
  }[];
  pagination: Pagination;
}
