import {
  expenseAmountDecimals,
  fromCents,
  type Currency,
  type ExpenseCategory,
  type ExpenseDto,
  type ExpenseEventData,
  type ExpensePaymentMethod,
  type ExpensePersonDto,
  type ExpenseStatus,
  type RecurringFrequency,
} from '@dukan/contracts';

/** An expense as EXPENSE_SELECT reads it: days as yyyy-MM-dd text, bigint and numeric as PostgreSQL's strings. */
export interface ExpenseRow {
  id: string;
  expense_number: string;
  branch_id: string;
  title: string;
  description: string | null;
  category: ExpenseCategory;
  amount_minor: string | number;
  currency: Currency;
  exchange_rate: string | number;
  base_cents: string | number;
  payment_method: ExpensePaymentMethod;
  bank_name: string | null;
  account_number: string | null;
  check_number: string | null;
  card_last4: string | null;
  payment_reference: string | null;
  vendor_name: string | null;
  vendor_phone: string | null;
  vendor_email: string | null;
  vendor_address: string | null;
  receipt_url: string | null;
  expense_date: string;
  department: string | null;
  tags: string[];
  notes: string | null;
  recurring_frequency: RecurringFrequency | null;
  recurring_anchor: string | null;
  recurring_index: number;
  next_due_date: string | null;
  recurring_end_date: string | null;
  recurrence_source_id: string | null;
  occurrence_date: string | null;
  source_number: string | null;
  status: ExpenseStatus;
  rejection_reason: string | null;
  created_by: string;
  created_by_username: string;
  creator_first_name: string | null;
  creator_last_name: string | null;
  version: number;
  created_at: Date;
  updated_at: Date;
}

/** Every column a reader needs, with the creator's name from the users replica and an occurrence's source number. */
export const EXPENSE_SELECT = `
  SELECT e.id, e.expense_number, e.branch_id, e.title, e.description, e.category, e.amount_minor, e.currency, e.exchange_rate,
         e.base_cents, e.payment_method, e.bank_name, e.account_number, e.check_number, e.card_last4, e.payment_reference,
         e.vendor_name, e.vendor_phone, e.vendor_email, e.vendor_address, e.receipt_url, e.expense_date::text AS expense_date,
         e.department, e.tags, e.notes, e.recurring_frequency, e.recurring_anchor::text AS recurring_anchor, e.recurring_index,
         e.next_due_date::text AS next_due_date, e.recurring_end_date::text AS recurring_end_date, e.recurrence_source_id,
         e.occurrence_date::text AS occurrence_date, src.expense_number AS source_number, e.status, e.rejection_reason,
         e.created_by, e.created_by_username, u.first_name AS creator_first_name, u.last_name AS creator_last_name,
         e.version, e.created_at, e.updated_at
    FROM expenses e
    LEFT JOIN users u ON u.user_id = e.created_by
    LEFT JOIN expenses src ON src.id = e.recurrence_source_id`;

export function person(id: string, username: string, firstName: string | null, lastName: string | null): ExpensePersonDto {
  // A user the replica has not heard of yet (or only of their deletion) is shown by the username they signed in with.
  return firstName ? { _id: id, firstName, lastName: lastName ?? '', username } : { _id: id, firstName: username, lastName: '', username };
}

/** Minor units of `currency` as the JSON number clients read: dollars, or whole dinars. */
export function majorUnits(minor: number, currency: Currency): number {
  return minor / 10 ** expenseAmountDecimals(currency);
}

export function toExpenseDto(r: ExpenseRow): ExpenseDto {
  const currency = r.currency;
  return {
    _id: r.id,
    expenseNumber: r.expense_number,
    title: r.title,
    description: r.description,
    category: r.category,
    amount: majorUnits(Number(r.amount_minor), currency),
    currency,
    exchangeRate: Number(r.exchange_rate),
    amountInBaseCurrency: fromCents(Number(r.base_cents)),
    paymentMethod: r.payment_method,
    paymentDetails: {
      bankName: r.bank_name,
      accountNumber: r.account_number,
      checkNumber: r.check_number,
      cardLast4: r.card_last4,
      reference: r.payment_reference,
    },
    vendor:
      r.vendor_name === null
        ? null
        : {
            name: r.vendor_name,
            contact: { phone: r.vendor_phone, email: r.vendor_email, address: r.vendor_address },
          },
    receipt: r.receipt_url,
    expenseDate: r.expense_date,
    department: r.department,
    tags: r.tags,
    recurring:
      r.recurring_frequency === null || r.next_due_date === null
        ? null
        : {
            isRecurring: true,
            frequency: r.recurring_frequency,
            nextDueDate: r.next_due_date,
            endDate: r.recurring_end_date,
          },
    recurrenceOf:
      r.recurrence_source_id === null
        ? null
        : {
            _id: r.recurrence_source_id,
            expenseNumber: r.source_number,
            occurrenceDate: r.occurrence_date ?? r.expense_date,
          },
    notes: r.notes,
    status: r.status,
    rejectionReason: r.rejection_reason,
    createdBy: person(r.created_by, r.created_by_username, r.creator_first_name, r.creator_last_name),
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
    version: r.version,
  };
}

/** The created/updated event's data (libs/contracts ExpenseEventData). */
export function toExpenseEvent(r: ExpenseRow): ExpenseEventData {
  return {
    expenseId: r.id,
    expenseNumber: r.expense_number,
    title: r.title,
    description: r.description,
    category: r.category,
    amountMinor: Number(r.amount_minor),
    currency: r.currency,
    exchangeRate: Number(r.exchange_rate),
    amountInBaseCurrencyCents: Number(r.base_cents),
    paymentMethod: r.payment_method,
    expenseDate: r.expense_date,
    department: r.department,
    status: r.status,
    createdBy: r.created_by,
  };
}
