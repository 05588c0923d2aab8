// Expenses (spec part 2 §2-§9, issue 15): the shapes the API answers and takes, and the rules the form and the
// service share (the base amount, the workflow's transitions). Money in JSON is in major units: dollars, or whole
// dinars for an IQD amount; the database keeps integer minor units.
import type { ExpenseCategory, ExpensePaymentMethod, ExpenseStatus, RecurringFrequency } from './constants.js';
import type { MessageKey } from './messages.js';
import { iqdToUsdCents, toMinor, type Currency } from './money.js';
import { AMOUNT_RULES, isValidAmount } from './validation.js';

export interface ExpensePaymentDetailsDto {
  bankName: string | null; // transfer
  accountNumber: string | null; // transfer
  checkNumber: string | null; // check
  cardLast4: string | null; // card: exactly 4 digits
  reference: string | null; // any method
}

export interface ExpenseVendorDto {
  name: string;
  contact: { phone: string | null; email: string | null; address: string | null };
}

export interface ExpenseRecurringDto {
  isRecurring: true;
  frequency: RecurringFrequency;
  nextDueDate: string; // yyyy-MM-dd: the day the next occurrence is created
  endDate: string | null; // no occurrence is due after it
}

export interface ExpensePersonDto {
  _id: string;
  firstName: string; // the username while the user's name is not known here yet
  lastName: string;
  username: string;
}

export interface ExpenseStatusChangeDto {
  from: ExpenseStatus | null; // null: recorded
  to: ExpenseStatus;
  reason: string | null;
  changedBy: ExpensePersonDto | null; // null: done by Dukan itself (a recurring occurrence)
  changedAt: string;
}

/** GET /api/expenses/:id, the list's items, and the answers of POST, PUT and the workflow calls. */
export interface ExpenseDto {
  _id: string;
  expenseNumber: string; // 'EXP-' and digits, assigned by the server
  title: string;
  description: string | null;
  category: ExpenseCategory;
  amount: number; // in the expense's currency: dollars with up to 2 decimals, or whole dinars
  currency: Currency;
  exchangeRate: number; // IQD per USD on the expense's day
  amountInBaseCurrency: number; // USD dollars, computed by the server
  paymentMethod: ExpensePaymentMethod;
  paymentDetails: ExpensePaymentDetailsDto;
  vendor: ExpenseVendorDto | null;
  receipt: string | null; // URL
  expenseDate: string; // yyyy-MM-dd
  department: string | null;
  tags: string[];
  recurring: ExpenseRecurringDto | null;
  /** Set on an occurrence created by a recurring expense. */
  recurrenceOf: { _id: string; expenseNumber: string | null; occurrenceDate: string } | null;
  notes: string | null;
  status: ExpenseStatus;
  rejectionReason: string | null;
  createdBy: ExpensePersonDto;
  createdAt: string;
  updatedAt: string;
  version: number;
  /** GET /api/expenses/:id only: every status change, oldest first. */
  statusHistory?: ExpenseStatusChangeDto[];
  /** PUT only: set when the edit changed an approved or paid expense's amount and put it back to pending. */
  message?: string;
}

export interface ExpensePaginationDto {
  current: number;
  pages: number;
  total: number;
  limit: number;
}

/** GET /api/expenses */
export interface ExpenseListDto {
  expenses: ExpenseDto[];
  pagination: ExpensePaginationDto;
}

export interface ExpenseTotalDto {
  count: number;
  total: number; // USD dollars
}

/**
 * GET /api/expenses/summary?startDate&endDate (both optional, yyyy-MM-dd, inclusive). Totals in USD dollars.
 * `total`, `byCategory` and `byMonth` leave rejected expenses out (they were never spent); `byStatus` has all four.
 */
export interface ExpenseSummaryDto {
  startDate: string | null;
  endDate: string | null;
  total: number;
  count: number;
  byStatus: Record<ExpenseStatus, ExpenseTotalDto>;
  counts: Record<ExpenseStatus, number>;
  byCategory: ({ category: ExpenseCategory } & ExpenseTotalDto)[]; // largest total first
  byMonth: ({ month: string } & ExpenseTotalDto)[]; // 'yyyy-MM', oldest first
}

/** What POST /api/expenses and PUT /api/expenses/:id take (PUT replaces the whole expense: what is left out is cleared). */
export interface ExpenseInput {
  title: string;
  description?: string;
  category: ExpenseCategory;
  amount: number;
  currency?: Currency; // USD when left out
  exchangeRate?: number; // the shop's current rate when left out
  amountInBaseCurrency?: number; // optional check: refused if it is not the server's figure
  paymentMethod: ExpensePaymentMethod;
  paymentDetails?: Partial<Record<keyof ExpensePaymentDetailsDto, string>>;
  vendor?: { name: string; contact?: { phone?: string; email?: string; address?: string } };
  receipt?: string;
  expenseDate: string;
  department?: string;
  tags?: string[];
  recurring?: { isRecurring: boolean; frequency?: RecurringFrequency; nextDueDate?: string; endDate?: string };
  notes?: string;
}

// --- the workflow (spec part 2 §4): pending -> approved | rejected, approved -> paid

export const EXPENSE_ACTIONS = ['approve', 'reject', 'pay'] as const;
export type ExpenseAction = (typeof EXPENSE_ACTIONS)[number];

/** Each workflow action: the one status it starts from and the status it leads to. */
export const EXPENSE_TRANSITIONS: Readonly<Record<ExpenseAction, { from: ExpenseStatus; to: ExpenseStatus }>> = Object.freeze({
  approve: Object.freeze({ from: 'pending', to: 'approved' }),
  reject: Object.freeze({ from: 'pending', to: 'rejected' }),
  pay: Object.freeze({ from: 'approved', to: 'paid' }),
});

/** The actions an expense in `status` offers (the cards' Approve, Reject, Mark as Paid). */
export function expenseActionsFor(status: ExpenseStatus): ExpenseAction[] {
  return EXPENSE_ACTIONS.filter((a) => EXPENSE_TRANSITIONS[a].from === status);
}

// --- amounts

/** Digits after the decimal point an amount may have: cents for USD, none for IQD. */
export function expenseAmountDecimals(currency: Currency): number {
  return currency === 'USD' ? 2 : 0;
}

/** Why an expense's amount is refused: the amount rule's key, or too many decimals for its currency. */
export type ExpenseAmountRefusal = (typeof AMOUNT_RULES.expense)['key'] | 'expenses.usdDecimals' | 'expenses.iqdWhole';
export type ExpenseAmountCheck = { ok: true; minor: number } | { ok: false; messageKey: ExpenseAmountRefusal & MessageKey };

/**
 * An amount as typed in the expense's currency (spec part 2 §5), in its minor units: above 0 and at most
 * MAX_EXPENSE_AMOUNT (AMOUNT_RULES.expense, refused in that rule's words), in cents for USD, whole dinars for IQD.
 * The service and the expense form check an amount with it alike.
 */
export function expenseAmountInMinor(amount: number, currency: Currency): ExpenseAmountCheck {
  const refused = { ok: false, messageKey: AMOUNT_RULES.expense.key } as const;
  if (!isValidAmount(amount, 'expense')) return refused;
  const minor = toMinor(amount, currency);
  const scale = 10 ** expenseAmountDecimals(currency);
  if (minor / scale !== amount) return { ok: false, messageKey: currency === 'USD' ? 'expenses.usdDecimals' : 'expenses.iqdWhole' };
  return minor > 0 ? { ok: true, minor } : refused;
}

/**
 * The amount in USD cents (spec part 2 §5): for USD the amount itself; for IQD the dinars divided by the
 * exchange rate, half a cent rounding up.
 */
export function expenseBaseCents(amountMinor: number, currency: Currency, exchangeRate: number): number {
  return currency === 'USD' ? amountMinor : iqdToUsdCents(amountMinor, exchangeRate);
}
