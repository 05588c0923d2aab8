import {
  EXPENSE_FORM_DEFAULT_EXCHANGE_RATE,
  expenseBaseCents,
  formatMoney,
  type Currency,
  type ExpensePaymentDetailsDto,
  type RecurringFrequency,
} from '@dukan/contracts';
import { DomainError, type FieldMessage } from '@dukan/platform';
import { firstDueDate } from '../recurring/recurrence.policy.js';
import type { ExpenseBodyDto } from './expense.dto.js';
import { amountInMinor, baseAmountAgrees, paymentDetailsFor } from './expense.policy.js';
import type { ExpenseRow } from './expense.row.js';

/** The columns a create or an edit writes, worked out and checked by the server. */
export interface ExpenseValues {
  title: string;
  description: string | null;
  category: string;
  amountMinor: number;
  currency: Currency;
  exchangeRate: number;
  baseCents: number;
  paymentMethod: string;
  details: ExpensePaymentDetailsDto;
  vendor: { name: string; phone: string | null; email: string | null; address: string | null } | null;
  receipt: string | null;
  expenseDate: string;
  department: string | null;
  tags: string[];
  notes: string | null;
  schedule: { frequency: RecurringFrequency; anchor: string; index: number; nextDueDate: string; endDate: string | null } | null;
}

type FieldErrors = Record<string, FieldMessage>;

/**
 * The values to store for a body, or a validation error naming every field that is wrong. `current` is the
 * expense being edited: its schedule carries on unless the frequency or the next due day changed.
 */
export function expenseValues(dto: ExpenseBodyDto, shopRate: number | null, current?: ExpenseRow): ExpenseValues {
  const errors: FieldErrors = {};
  const currency = dto.currency ?? 'USD';
  const exchangeRate =
    dto.exchangeRate ??
    (current && current.currency === currency ? Number(current.exchange_rate) : null) ??
    shopRate ??
    EXPENSE_FORM_DEFAULT_EXCHANGE_RATE;

  const amount = amountInMinor(dto.amount, currency);
  let baseCents = 0;
  if (!amount.ok) errors.amount = { key: amount.messageKey };
  else {
    baseCents = expenseBaseCents(amount.minor, currency, exchangeRate);
    if (dto.amountInBaseCurrency !== undefined && !baseAmountAgrees(dto.amountInBaseCurrency, baseCents)) {
      errors.amountInBaseCurrency = {
        key: 'expenses.baseAmountMismatch',
        params: { expected: formatMoney(baseCents, 'USD'), given: String(dto.amountInBaseCurrency) },
      };
    }
  }

  const payment = paymentDetailsFor(dto.paymentMethod, dto.paymentDetails ?? {});
  if (!payment.ok) for (const [field, key] of Object.entries(payment.errors)) errors[`paymentDetails.${field}`] = { key };

  const schedule = scheduleOf(dto, current, errors);
  if (Object.keys(errors).length > 0) throw new DomainError('VALIDATION_FAILED', 'validation.failed', {}, errors);

  const contact = dto.vendor?.contact;
  return {
    title: dto.title,
    description: dto.description ?? null,
    category: dto.category,
    amountMinor: amount.ok ? amount.minor : 0,
    currency,
    exchangeRate,
    baseCents,
    paymentMethod: dto.paymentMethod,
    details: payment.ok ? payment.details : { bankName: null, accountNumber: null, checkNumber: null, cardLast4: null, reference: null },
    vendor: dto.vendor
      ? { name: dto.vendor.name, phone: contact?.phone ?? null, email: contact?.email ?? null, address: contact?.address ?? null }
      : null,
    receipt: dto.receipt ?? null,
    expenseDate: dto.expenseDate,
    department: dto.department ?? null,
    tags: dto.tags ?? [],
    notes: dto.notes ?? null,
    schedule,
  };
}

function scheduleOf(dto: ExpenseBodyDto, current: ExpenseRow | undefined, errors: FieldErrors): ExpenseValues['schedule'] {
  const r = dto.recurring;
  if (!r?.isRecurring || !r.frequency) return null;
  if (current?.recurrence_source_id) {
    errors['recurring.isRecurring'] = { key: 'expenses.occurrenceNotRecurring' };
    return null;
  }
  const sameFrequency = current?.recurring_frequency === r.frequency;
  const nextDueDate =
    r.nextDueDate ?? (sameFrequency && current?.next_due_date ? current.next_due_date : firstDueDate(dto.expenseDate, r.frequency));
  if (nextDueDate <= dto.expenseDate) errors['recurring.nextDueDate'] = { key: 'expenses.nextDueAfterDate' };
  const endDate = r.endDate ?? null;
  if (endDate !== null && endDate < nextDueDate) errors['recurring.endDate'] = { key: 'expenses.endBeforeNextDue' };
  // The same schedule carries on from where it stands; a changed one starts counting from its new first day.
  const unchanged = sameFrequency && current?.next_due_date === nextDueDate && current.recurring_anchor !== null;
  return unchanged
    ? { frequency: r.frequency, anchor: current.recurring_anchor!, index: current.recurring_index, nextDueDate, endDate }
    : { frequency: r.frequency, anchor: nextDueDate, index: 0, nextDueDate, endDate };
}
