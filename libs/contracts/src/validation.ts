// The rules of what people type into a form: a field required, a number, a username, an email address, a phone, a
// password, an amount. One set of checks and one wording per rule in each language, used by the services' request
// checks (class-validator) and by the app's forms, so a form refuses exactly what the server would, in its words.

// --- usernames
/** Letters and digits of any script, dots, dashes and underscores. */
export const USERNAME_PATTERN = '^[\\p{L}\\p{N}._-]+$';
export const USERNAME_REGEX = new RegExp(USERNAME_PATTERN, 'u');
export const USERNAME_MAX_LENGTH = 50;

export function isValidUsername(value: string): boolean {
  return typeof value === 'string' && value.length <= USERNAME_MAX_LENGTH && USERNAME_REGEX.test(value);
}

// --- email addresses
/** Local part, '@', dot-separated domain labels and a 2-63 letter top-level domain. Linear: no nested ambiguity. */
export const EMAIL_PATTERN = "^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z]{2,63}$";
export const EMAIL_REGEX = new RegExp(EMAIL_PATTERN);
export const EMAIL_MAX_LENGTH = 254;

export function isValidEmail(value: string): boolean {
  return typeof value === 'string' && value.length <= EMAIL_MAX_LENGTH && EMAIL_REGEX.test(value);
}

// --- passwords
export const MIN_PASSWORD_LENGTH = 6;
/** Longest password taken: hashing a longer one would cost more than a sign-in should. */
export const MAX_PASSWORD_LENGTH = 200;

export function isValidPassword(value: string): boolean {
  return typeof value === 'string' && value.length >= MIN_PASSWORD_LENGTH && value.length <= MAX_PASSWORD_LENGTH;
}

// --- amounts
/**
 * The largest amount of money one field takes, in minor units (10 billion: ten billion dinars, or a hundred million
 * dollars in cents): far above any shop's figure, and every sum of a few thousand of them stays a safe integer.
 */
export const MAX_AMOUNT_MINOR = 10_000_000_000;
/** The largest price or cost of a product or pack in dollars (a dinar price: MAX_AMOUNT_MINOR whole dinars). */
export const MAX_PRICE_DOLLARS = 1_000_000;
/** The largest expense in its currency's major unit (dollars or dinars): every amount stays a safe integer of cents. */
export const MAX_EXPENSE_AMOUNT = 1_000_000_000;
/**
 * The largest figure a sale's request states, in major units (dollars, or whole dinars: a big dinar sale runs to
 * billions), and a tender in minor units: a sale of many lines may pass any single field's MAX_AMOUNT_MINOR.
 */
export const MAX_SALE_FIGURE = 100_000_000_000;
export const MAX_TENDER_MINOR = MAX_SALE_FIGURE * 100;

/**
 * One kind of amount a request carries: whole (minor units: cents, dinars) or not (major units as a form sends them:
 * dollars with cents), whether 0 is taken, whether a figure may be negative (a correction), its largest size, and the
 * one message key its refusal carries.
 */
export interface AmountRule {
  readonly whole: boolean;
  readonly zero: boolean;
  readonly signed: boolean;
  readonly max: number;
  readonly key: AmountRuleKey;
}

/** The message keys of the amount rules (each in the server's catalogue, so a form shows the server's words). */
export type AmountRuleKey = 'validation.invalidAmount' | 'validation.invalidAmountOrZero' | 'validation.invalidNumber';

/** Every kind of money amount the services take; each field names its kind (and may only tighten `max`). */
export const AMOUNT_RULES = Object.freeze({
  /** Money paid, received, moved or owed, in minor units: a repayment, a supplier invoice or payment, cash in/out, a tender. */
  amount: { whole: true, zero: false, signed: false, max: MAX_AMOUNT_MINOR, key: 'validation.invalidAmount' },
  /** A tender handed over at the till, in minor units: above zero, as large as a sale's figures run. */
  tender: { whole: true, zero: false, signed: false, max: MAX_TENDER_MINOR, key: 'validation.invalidAmount' },
  /** A sale's total in minor units as one service tells another (the total before loyalty, its discount): zero too. */
  saleTotal: { whole: true, zero: true, signed: false, max: MAX_TENDER_MINOR, key: 'validation.invalidAmountOrZero' },
  /** A cost, a limit or a counted drawer in minor units, where 0 means none: a unit cost, a credit limit, a float. */
  amountOrZero: { whole: true, zero: true, signed: false, max: MAX_AMOUNT_MINOR, key: 'validation.invalidAmountOrZero' },
  /** A correction of what is owed, in minor units: either way, never 0. */
  correction: { whole: true, zero: false, signed: true, max: MAX_AMOUNT_MINOR, key: 'validation.invalidAmount' },
  /** A product's or pack's price or cost in dollars as the product form sends it (spec part 1 §5: 0 or more). */
  price: { whole: false, zero: true, signed: false, max: MAX_PRICE_DOLLARS, key: 'validation.invalidNumber' },
  /** A product's or pack's price in whole dinars. */
  priceIqd: { whole: true, zero: true, signed: false, max: MAX_AMOUNT_MINOR, key: 'validation.invalidNumber' },
  /** An expense's amount in its currency's major unit, above 0 (spec part 2 §5; cents or whole dinars checked with the currency). */
  expense: { whole: false, zero: false, signed: false, max: MAX_EXPENSE_AMOUNT, key: 'validation.invalidAmount' },
  /** A figure a sale's request states in major units (a client's price, subtotal, discount, total): the server prices again. */
  saleFigure: { whole: false, zero: true, signed: false, max: MAX_SALE_FIGURE, key: 'validation.invalidNumber' },
} as const satisfies Record<string, AmountRule>);

export type AmountKind = keyof typeof AMOUNT_RULES;

/** Whether a value is an amount of a kind (`max` tightens the kind's bound, such as a drawer's worth). */
export function isValidAmount(value: unknown, kind: AmountKind, options: { max?: number } = {}): boolean {
  const rule: AmountRule = AMOUNT_RULES[kind];
  if (typeof value !== 'number' || !Number.isFinite(value)) return false;
  if (rule.whole && !Number.isSafeInteger(value)) return false;
  if (value === 0) return rule.zero;
  if (value < 0 && !rule.signed) return false;
  return Math.abs(value) <= Math.min(rule.max, options.max ?? rule.max);
}

// --- the rules and their wording
export type InputRule = 'required' | 'number' | 'username' | 'email' | 'phone' | 'password' | 'amount' | 'amountOrZero';

/** The message key each rule's refusal carries (server field errors and the forms alike). */
export const INPUT_RULE_KEYS = Object.freeze({
  required: 'validation.required',
  number: 'validation.invalidNumber',
  username: 'validation.invalidUsername',
  email: 'validation.invalidEmail',
  phone: 'validation.invalidPhone',
  password: 'validation.passwordTooShort',
  amount: 'validation.invalidAmount',
  amountOrZero: 'validation.invalidAmountOrZero',
} as const satisfies Record<InputRule, string>);

export type InputRuleKey = (typeof INPUT_RULE_KEYS)[InputRule];

/** The one wording of each rule, in English; merged into the server's catalogue (messages.ts) and read by the app. */
export const inputRulesEn = {
  'validation.required': 'This field is required',
  'validation.invalidNumber': 'Please enter a valid number',
  'validation.invalidUsername': 'A username may contain only letters, digits, dots, dashes and underscores',
  'validation.invalidEmail': 'Please enter a valid email address',
  'validation.invalidPhone': 'Please enter a valid phone number',
  'validation.passwordTooShort': `Password must be at least ${MIN_PASSWORD_LENGTH} characters`,
  'validation.invalidAmount': 'Enter a valid amount above zero',
  'validation.invalidAmountOrZero': 'Enter a valid amount of zero or more',
} as const satisfies Record<InputRuleKey, string>;

/** The same in Kurdish (Sorani). */
export const inputRulesKu: Record<InputRuleKey, string> = {
  'validation.required': 'پڕکردنەوەی ئەم خانەیە پێویستە',
  'validation.invalidNumber': 'تکایە ژمارەیەکی دروست بنووسە',
  'validation.invalidUsername': 'ناوی بەکارهێنەر تەنها دەتوانێت پیت، ژمارە، خاڵ، داش و هێڵی ژێرەوە لەخۆ بگرێت',
  'validation.invalidEmail': 'تکایە ناونیشانی ئیمەیڵێکی دروست بنووسە',
  'validation.invalidPhone': 'تکایە ژمارەی تەلەفۆنێکی دروست بنووسە',
  'validation.passwordTooShort': `وشەی نهێنی دەبێت لانیکەم ${MIN_PASSWORD_LENGTH} پیت بێت`,
  'validation.invalidAmount': 'بڕێکی دروستی سەرووی سفر بنووسە',
  'validation.invalidAmountOrZero': 'بڕێکی دروستی سفر یان زیاتر بنووسە',
};

/** A rule's wording in a language, for a form that shows it before the server is asked. */
export function inputRuleText(locale: 'en' | 'ku', rule: InputRule): string {
  return (locale === 'ku' ? inputRulesKu : inputRulesEn)[INPUT_RULE_KEYS[rule]];
}
