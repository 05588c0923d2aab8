import {
  EXPENSE_TRANSITIONS,
  expenseAmountInMinor,
  type ExpenseAction,
  type ExpensePaymentDetailsDto,
  type ExpensePaymentMethod,
  type ExpenseStatus,
  type MessageKey,
  type Role,
} from '@dukan/contracts';

// The expense workflow and the checks of an expense's money and payment, as plain functions (table-tested).

export type TransitionDecision = { ok: true; to: ExpenseStatus } | { ok: false; messageKey: MessageKey };

const REFUSALS: Record<ExpenseAction, MessageKey> = {
  approve: 'expenses.cannotApprove',
  reject: 'expenses.cannotReject',
  pay: 'expenses.cannotPay',
};

/** pending -> approved or rejected, approved -> paid; anything else is refused with the action's own message. */
export function decideTransition(action: ExpenseAction, status: ExpenseStatus): TransitionDecision {
  const rule = EXPENSE_TRANSITIONS[action];
  return rule.from === status ? { ok: true, to: rule.to } : { ok: false, messageKey: REFUSALS[action] };
}

/**
 * Approving or rejecting is a decision on someone else's claim: nobody decides on an expense they recorded,
 * unless they are an admin. Marking as paid follows a decision already made, so it is not held back.
 */
export function mayDecideOn(action: ExpenseAction, actor: { id: string; role: Role }, createdBy: string): boolean {
  if (action === 'pay') return true;
  return actor.role === 'admin' || actor.id.toLowerCase() !== createdBy.toLowerCase();
}

/** Edits are allowed in every status, but an approved or paid expense whose amount changed needs approving again. */
export function statusAfterEdit(status: ExpenseStatus, amountChanged: boolean): ExpenseStatus {
  return amountChanged && (status === 'approved' || status === 'paid') ? 'pending' : status;
}

/** An amount typed in the expense's currency, in its minor units: contracts' expenseAmountInMinor, as the form checks it. */
export const amountInMinor = expenseAmountInMinor;

/** Which payment details each method needs. */
const NEEDS: Record<ExpensePaymentMethod, (keyof ExpensePaymentDetailsDto)[]> = {
  cash: [],
  card: ['cardLast4'],
  transfer: ['bankName', 'accountNumber'],
  check: ['checkNumber'],
  other: [],
};

export type PaymentDetailsCheck =
  { ok: true; details: ExpensePaymentDetailsDto } | { ok: false; errors: Partial<Record<keyof ExpensePaymentDetailsDto, MessageKey>> };

/**
 * The details kept for a payment method: what the method needs must be there (a card's last 4 digits exactly),
 * details of another method are dropped (the form hides them), and a reference is kept for any method.
 */
export function paymentDetailsFor(method: ExpensePaymentMethod, given: Partial<ExpensePaymentDetailsDto> = {}): PaymentDetailsCheck {
  const errors: Partial<Record<keyof ExpensePaymentDetailsDto, MessageKey>> = {};
  for (const field of NEEDS[method])
    if (!given[field]) errors[field] = field === 'cardLast4' ? 'validation.cardLast4' : 'validation.required';
  if (method === 'card' && given.cardLast4 && !/^\d{4}$/.test(given.cardLast4)) errors.cardLast4 = 'validation.cardLast4';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const keep = (field: keyof ExpensePaymentDetailsDto) => (NEEDS[method].includes(field) ? (given[field] ?? null) : null);
  return {
    ok: true,
    details: {
      bankName: keep('bankName'),
      accountNumber: keep('accountNumber'),
      checkNumber: keep('checkNumber'),
      cardLast4: keep('cardLast4'),
      reference: given.reference ?? null,
    },
  };
}

/** A client's base amount (dollars) agrees with the server's when it is within half a cent. */
export function baseAmountAgrees(givenDollars: number, serverCents: number): boolean {
  return Number.isFinite(givenDollars) && Math.abs(givenDollars * 100 - serverCents) <= 0.5;
}

/** A real day written yyyy-MM-dd, between the years 2000 and 2100. */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  if (y < 2000 || y > 2100) return false;
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}
