// The rules of what people type into a form: a username, an email address, a phone, a password, an amount. One set
// of checks and one wording per rule in each language, used by the services' request checks (class-validator) and
// by the app's forms, so a form refuses exactly what the server would refuse, with the same words.

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

/**
 * An amount in minor units (cents, whole dinars): a whole number from 1 (0 too when `zero`) to `max`
 * (MAX_AMOUNT_MINOR unless a field has a tighter bound, such as a drawer's worth).
 */
export function isValidAmountMinor(value: unknown, options: { zero?: boolean; max?: number } = {}): boolean {
  return (
    typeof value === 'number' &&
    Number.isSafeInteger(value) &&
    value >= (options.zero ? 0 : 1) &&
    value <= (options.max ?? MAX_AMOUNT_MINOR)
  );
}

// --- the rules and their wording
export type InputRule = 'username' | 'email' | 'phone' | 'password' | 'amount';

/** The message key each rule's refusal carries (server field errors and the forms alike). */
export const INPUT_RULE_KEYS = Object.freeze({
  username: 'validation.invalidUsername',
  email: 'validation.invalidEmail',
  phone: 'validation.invalidPhone',
  password: 'validation.passwordTooShort',
  amount: 'validation.invalidAmount',
} as const satisfies Record<InputRule, string>);

export type InputRuleKey = (typeof INPUT_RULE_KEYS)[InputRule];

/** The one wording of each rule, in English; merged into the server's catalogue (messages.ts) and read by the app. */
export const inputRulesEn = {
  'validation.invalidUsername': 'A username may contain only letters, digits, dots, dashes and underscores',
  'validation.invalidEmail': 'Please enter a valid email address',
  'validation.invalidPhone': 'Please enter a valid phone number',
  'validation.passwordTooShort': `Password must be at least ${MIN_PASSWORD_LENGTH} characters`,
  'validation.invalidAmount': 'Enter an amount above zero',
} as const satisfies Record<InputRuleKey, string>;

/** The same in Kurdish (Sorani). */
export const inputRulesKu: Record<InputRuleKey, string> = {
  'validation.invalidUsername': 'ناوی بەکارهێنەر تەنها دەتوانێت پیت، ژمارە، خاڵ، داش و هێڵی ژێرەوە لەخۆ بگرێت',
  'validation.invalidEmail': 'تکایە ناونیشانی ئیمەیڵێکی دروست بنووسە',
  'validation.invalidPhone': 'تکایە ژمارەی تەلەفۆنێکی دروست بنووسە',
  'validation.passwordTooShort': `وشەی نهێنی دەبێت لانیکەم ${MIN_PASSWORD_LENGTH} پیت بێت`,
  'validation.invalidAmount': 'بڕێکی سەرووی سفر بنووسە',
};

/** A rule's wording in a language, for a form that shows it before the server is asked. */
export function inputRuleText(locale: 'en' | 'ku', rule: InputRule): string {
  return (locale === 'ku' ? inputRulesKu : inputRulesEn)[INPUT_RULE_KEYS[rule]];
}
