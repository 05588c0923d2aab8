import {
  CARD_LAST_DIGITS_MAX,
  DEFAULT_EXPENSE_PAYMENT_METHOD,
  DEFAULT_RECURRING_FREQUENCY,
  EXPENSE_FORM_DEFAULT_EXCHANGE_RATE,
  expenseAmountInMinor,
  expenseBaseCents,
  formatPhone,
  isValidEmail,
  isValidPhone,
  toMinor,
  type ExpenseAmountRefusal,
  type Currency,
  type ExpenseCategory,
  type ExpenseDto,
  type ExpenseInput,
  type ExpensePaymentMethod,
  type RecurringFrequency,
} from '@dukan/contracts';

/** What the expense form holds: text as typed, so a half-typed number stays on screen. */
export interface ExpenseFormValues {
  title: string;
  description: string;
  category: ExpenseCategory | '';
  expenseDate: string;
  department: string;
  amount: string;
  currency: Currency;
  exchangeRate: string;
  paymentMethod: ExpensePaymentMethod;
  cardLast4: string;
  bankName: string;
  accountNumber: string;
  checkNumber: string;
  reference: string;
  vendorName: string;
  vendorPhone: string;
  vendorEmail: string;
  vendorAddress: string;
  receipt: string;
  tags: string[];
  isRecurring: boolean;
  frequency: RecurringFrequency;
  nextDueDate: string;
  endDate: string;
  notes: string;
}

export type FieldName = keyof ExpenseFormValues;
export type FieldErrors = Partial<Record<FieldName, string>>;

/** Today in the browser's calendar, yyyy-MM-dd (the form's default expense date). */
export function today(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The spec's defaults (part 2 §9): USD, cash, monthly, today, 1410 IQD per USD (the form then takes the shop's rate). */
export function emptyValues(date = today()): ExpenseFormValues {
  return {
    title: '',
    description: '',
    category: '',
    expenseDate: date,
    department: '',
    amount: '',
    currency: 'USD',
    exchangeRate: String(EXPENSE_FORM_DEFAULT_EXCHANGE_RATE),
    paymentMethod: DEFAULT_EXPENSE_PAYMENT_METHOD,
    cardLast4: '',
    bankName: '',
    accountNumber: '',
    checkNumber: '',
    reference: '',
    vendorName: '',
    vendorPhone: '',
    vendorEmail: '',
    vendorAddress: '',
    receipt: '',
    tags: [],
    isRecurring: false,
    frequency: DEFAULT_RECURRING_FREQUENCY,
    nextDueDate: '',
    endDate: '',
    notes: '',
  };
}

export function valuesFromExpense(e: ExpenseDto): ExpenseFormValues {
  return {
    title: e.title,
    description: e.description ?? '',
    category: e.category,
    expenseDate: e.expenseDate,
    department: e.department ?? '',
    amount: String(e.amount),
    currency: e.currency,
    exchangeRate: String(e.exchangeRate),
    paymentMethod: e.paymentMethod,
    cardLast4: e.paymentDetails.cardLast4 ?? '',
    bankName: e.paymentDetails.bankName ?? '',
    accountNumber: e.paymentDetails.accountNumber ?? '',
    checkNumber: e.paymentDetails.checkNumber ?? '',
    reference: e.paymentDetails.reference ?? '',
    vendorName: e.vendor?.name ?? '',
    vendorPhone: e.vendor?.contact.phone ? formatPhone(e.vendor.contact.phone) : '',
    vendorEmail: e.vendor?.contact.email ?? '',
    vendorAddress: e.vendor?.contact.address ?? '',
    receipt: e.receipt ?? '',
    tags: [...e.tags],
    isRecurring: e.recurring !== null,
    frequency: e.recurring?.frequency ?? DEFAULT_RECURRING_FREQUENCY,
    nextDueDate: e.recurring?.nextDueDate ?? '',
    endDate: e.recurring?.endDate ?? '',
    notes: e.notes ?? '',
  };
}

const number = (text: string): number | null => (text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : null);

/** What the form says when a field fails: the spec's "This field is required", and the server's words for its rules. */
export interface ExpenseFormTexts {
  required: string;
  cardLast4Invalid: string;
  invalidAmount: string;
  usdDecimals: string;
  iqdWhole: string;
  invalidPhone: string;
  invalidEmail: string;
}

const AMOUNT_TEXT: Record<ExpenseAmountRefusal, keyof ExpenseFormTexts> = {
  'validation.invalidAmount': 'invalidAmount',
  'expenses.usdDecimals': 'usdDecimals',
  'expenses.iqdWhole': 'iqdWhole',
};

/**
 * The spec's checks (part 2 §5), each failing with 'This field is required' (`required`): title, category, an
 * amount, the payment method, the expense date, and the frequency of a recurring expense; plus what the method needs.
 * A typed amount, vendor phone and email are checked by the rules the server applies (an amount above 0 in cents or
 * whole dinars, a phone, an email address), refused in the server's words.
 */
export function validateExpense(v: ExpenseFormValues, texts: ExpenseFormTexts): FieldErrors {
  const { required } = texts;
  const errors: FieldErrors = {};
  if (!v.title.trim()) errors.title = required;
  if (!v.category) errors.category = required;
  const amount = number(v.amount);
  if (amount === null) errors.amount = required;
  else {
    const check = expenseAmountInMinor(amount, v.currency);
    if (!check.ok) errors.amount = texts[AMOUNT_TEXT[check.messageKey]];
  }
  if (v.currency === 'IQD' && !((number(v.exchangeRate) ?? 0) > 0)) errors.exchangeRate = required;
  if (!v.paymentMethod) errors.paymentMethod = required;
  if (!v.expenseDate) errors.expenseDate = required;
  if (v.isRecurring && !v.frequency) errors.frequency = required;
  if (v.paymentMethod === 'card' && !/^\d{4}$/.test(v.cardLast4.trim()))
    errors.cardLast4 = v.cardLast4.trim() ? texts.cardLast4Invalid : required;
  if (v.paymentMethod === 'transfer' && !v.bankName.trim()) errors.bankName = required;
  if (v.paymentMethod === 'transfer' && !v.accountNumber.trim()) errors.accountNumber = required;
  if (v.paymentMethod === 'check' && !v.checkNumber.trim()) errors.checkNumber = required;
  if (v.vendorPhone.trim() && !isValidPhone(v.vendorPhone.trim())) errors.vendorPhone = texts.invalidPhone;
  if (v.vendorEmail.trim() && !isValidEmail(v.vendorEmail.trim())) errors.vendorEmail = texts.invalidEmail;
  return errors;
}

/** The USD cents the server will work out (spec part 2 §5), or null while the amount or rate is not a number. */
export function baseCentsOf(v: Pick<ExpenseFormValues, 'amount' | 'currency' | 'exchangeRate'>): number | null {
  const amount = number(v.amount);
  const rate = v.currency === 'IQD' ? number(v.exchangeRate) : 1;
  if (amount === null || amount <= 0 || rate === null || rate <= 0) return null;
  try {
    return expenseBaseCents(toMinor(amount, v.currency), v.currency, rate);
  } catch {
    return null;
  }
}

/** The body of POST/PUT: empty optional fields left out (spec part 2 §5), payment details only those of the method. */
export function toPayload(v: ExpenseFormValues): ExpenseInput {
  const opt = (text: string) => (text.trim() ? text.trim() : undefined);
  const details: Record<string, string> = {};
  const keep = (key: string, text: string) => {
    if (text.trim()) details[key] = text.trim();
  };
  if (v.paymentMethod === 'card') keep('cardLast4', v.cardLast4);
  if (v.paymentMethod === 'transfer') {
    keep('bankName', v.bankName);
    keep('accountNumber', v.accountNumber);
  }
  if (v.paymentMethod === 'check') keep('checkNumber', v.checkNumber);
  keep('reference', v.reference);
  const contact = { phone: opt(v.vendorPhone), email: opt(v.vendorEmail), address: opt(v.vendorAddress) };
  const body: ExpenseInput = {
    title: v.title.trim(),
    category: v.category as ExpenseCategory,
    amount: Number(v.amount),
    currency: v.currency,
    exchangeRate: number(v.exchangeRate) ?? EXPENSE_FORM_DEFAULT_EXCHANGE_RATE,
    paymentMethod: v.paymentMethod,
    expenseDate: v.expenseDate,
    tags: v.tags,
  };
  const cents = baseCentsOf(v);
  if (cents !== null) body.amountInBaseCurrency = cents / 100;
  if (opt(v.description)) body.description = opt(v.description);
  if (Object.keys(details).length > 0) body.paymentDetails = details;
  if (opt(v.vendorName))
    body.vendor = { name: v.vendorName.trim(), ...(Object.values(contact).some(Boolean) ? { contact: strip(contact) } : {}) };
  if (opt(v.receipt)) body.receipt = opt(v.receipt);
  if (opt(v.department)) body.department = opt(v.department);
  if (v.isRecurring) {
    body.recurring = {
      isRecurring: true,
      frequency: v.frequency,
      ...(v.nextDueDate ? { nextDueDate: v.nextDueDate } : {}),
      ...(v.endDate ? { endDate: v.endDate } : {}),
    };
  }
  if (opt(v.notes)) body.notes = opt(v.notes);
  return body;
}

function strip<T extends Record<string, string | undefined>>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/** A tag list with `typed` added: trimmed, not empty, not already there (spec part 2 §5). */
export function withTag(tags: string[], typed: string): string[] {
  const tag = typed.trim();
  return tag && !tags.includes(tag) ? [...tags, tag] : tags;
}

/** Server field paths ('paymentDetails.cardLast4', 'vendor.name') mapped to the form's fields. */
const SERVER_FIELDS: Record<string, FieldName> = {
  'paymentDetails.cardLast4': 'cardLast4',
  'paymentDetails.bankName': 'bankName',
  'paymentDetails.accountNumber': 'accountNumber',
  'paymentDetails.checkNumber': 'checkNumber',
  'paymentDetails.reference': 'reference',
  'vendor.name': 'vendorName',
  'vendor.contact.phone': 'vendorPhone',
  'vendor.contact.email': 'vendorEmail',
  'vendor.contact.address': 'vendorAddress',
  'recurring.frequency': 'frequency',
  'recurring.nextDueDate': 'nextDueDate',
  'recurring.endDate': 'endDate',
  'recurring.isRecurring': 'isRecurring',
  amountInBaseCurrency: 'amount',
};

/** The form's field for a server field path, if it shows one. */
export function expenseFieldOf(path: string): FieldName | null {
  return SERVER_FIELDS[path] ?? (path in emptyValues() ? (path as FieldName) : null);
}

export { CARD_LAST_DIGITS_MAX };
