// A register's shift: the float counted in, cash in and out, what the sales put in the drawer, and the count at the
// close. Every amount is in its own currency's minor unit (US cents, whole dinars); the currencies are never mixed.
import { CURRENCIES, type Currency } from './money.js';
import { noCurrencyAmounts, type CurrencyAmounts, type TenderMethod } from './tenders.js';

/** The notes a cashier counts, in minor units, smallest first: 250 … 50,000 dinars; 1 … 100 dollars. */
export const DRAWER_NOTES: Readonly<Record<Currency, readonly number[]>> = Object.freeze({
  IQD: Object.freeze([250, 500, 1000, 5000, 10000, 25000, 50000]),
  USD: Object.freeze([100, 500, 1000, 2000, 5000, 10000]),
});

/** How many of each note (by its value in minor units) a cashier counted. */
export type NoteCount = Partial<Record<number, number>>;

/** What a count of notes comes to, in minor units; a count that is not a whole number of notes counts as none. */
export function countNotes(counts: NoteCount): number {
  let total = 0;
  for (const [note, n] of Object.entries(counts)) {
    if (Number.isInteger(n) && (n ?? 0) > 0) total += Number(note) * (n ?? 0);
  }
  return total;
}

/** Largest amount a drawer may hold or a movement may carry, per currency (a bound, not a policy). */
export const MAX_DRAWER_MINOR: Readonly<Record<Currency, number>> = Object.freeze({ USD: 100_000_000, IQD: 10_000_000_000 });

/** Default: a difference of more than $1 or 1,000 dinars at the close needs a user with pos → close. */
export const DEFAULT_SHIFT_DIFFERENCE_LIMIT: CurrencyAmounts = Object.freeze({ USD: 100, IQD: 1000 });

export const SHIFT_ENTRY_KINDS = ['sale', 'change', 'refund', 'void', 'cash_in', 'cash_out', 'discount', 'rounding'] as const;
/**
 * One line of a shift's book. sale: a tender of a sale (method, currency, amount); change: change given (cash, < 0);
 * refund: money given back (cash, < 0); void: a voided sale's tenders and change reversed; cash_in / cash_out: money
 * put in or taken out (< 0) with a reason; discount and rounding: what a sale gave away (no method: not drawer money).
 */
export type ShiftEntryKind = (typeof SHIFT_ENTRY_KINDS)[number];

export type ShiftStatus = 'open' | 'closed';

/** A shift's book added up (an X report while open, the Z report once closed). */
export interface ShiftFigures {
  float: CurrencyAmounts;
  /** Sales' tenders by method and currency (gross of change), with how many sales paid that way. */
  sales: { method: TenderMethod; currency: Currency; count: number; amountMinor: number }[];
  /** Number of sales recorded in the shift. */
  saleCount: number;
  change: CurrencyAmounts;
  refunds: { count: number; amount: CurrencyAmounts };
  voids: { count: number; amount: CurrencyAmounts };
  discounts: CurrencyAmounts;
  rounding: CurrencyAmounts;
  cashIn: CurrencyAmounts;
  cashOut: CurrencyAmounts;
  /** The float plus every cash entry: what the drawer should hold. */
  expected: CurrencyAmounts;
  /** Known once the shift is closed. */
  counted: CurrencyAmounts | null;
  /** counted − expected (negative: the drawer is short). */
  difference: CurrencyAmounts | null;
}

export interface CashMovementDto {
  _id: string;
  kind: 'cash_in' | 'cash_out';
  currency: Currency;
  /** Always positive: the amount put in or taken out. */
  amountMinor: number;
  reason: string;
  asExpense: boolean;
  createdBy: string;
  createdAt: string;
}

export interface ShiftDto {
  _id: string;
  number: number;
  branchId: string;
  register: string;
  cashier: { _id: string; username: string };
  status: ShiftStatus;
  openedAt: string;
  closedAt: string | null;
  closedBy: { _id: string; username: string } | null;
  /** Who accepted a difference above the shop's limit (a user with pos → close). */
  approvedBy: { _id: string; username: string } | null;
  note: string | null;
  figures: ShiftFigures;
  movements: CashMovementDto[];
}

/** A shift in a list: the figures that matter at a glance. */
export interface ShiftSummaryDto {
  _id: string;
  number: number;
  branchId: string;
  register: string;
  cashier: { _id: string; username: string };
  status: ShiftStatus;
  openedAt: string;
  closedAt: string | null;
  expected: CurrencyAmounts | null;
  counted: CurrencyAmounts | null;
  difference: CurrencyAmounts | null;
}

/** counted − expected per currency. */
export function drawerDifference(counted: CurrencyAmounts, expected: CurrencyAmounts): CurrencyAmounts {
  const out = noCurrencyAmounts();
  for (const c of CURRENCIES) out[c] = counted[c] - expected[c];
  return out;
}

/** The currencies whose difference is beyond the shop's limit (either way): closing then needs pos → close. */
export function differencesOverLimit(difference: CurrencyAmounts, limit: CurrencyAmounts): Currency[] {
  return CURRENCIES.filter((c) => Math.abs(difference[c]) > limit[c]);
}
