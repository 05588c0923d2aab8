import { SERVER_MESSAGES, notFoundMessage, resolveLocale, translate, type Locale } from './messages.js';

// The texts the brief and the spec fix word for word.
const FIXED_ENGLISH: Record<string, string> = {
  'auth.invalidCredentials': 'Invalid username or password',
  'auth.required': 'Authentication required',
  'auth.tokenExpired': 'Your session has expired. Please sign in again.',
  'auth.throttled': 'Too many sign-in attempts. Try again in {seconds} seconds.',
  'auth.forbidden': "You don't have permission to access this feature.",
  'auth.adminOnly': 'Access denied. Admin privileges required.',
  'errors.notFound': '{entity} not found',
  'validation.failed': 'Validation error',
  'validation.required': 'This field is required',
  'validation.requiredCategory': 'Please select a category',
  'validation.invalidNumber': 'Please enter a valid number',
  'validation.invalidPhone': 'Please enter a valid phone number',
  'validation.invalidEmail': 'Please enter a valid email address',
  'validation.passwordTooShort': 'Password must be at least 6 characters',
  'validation.unknownField': 'This field is not allowed',
  'validation.invalidType': 'This value has the wrong type',
  'validation.tooLong': 'This value is too long (at most {max} characters)',
  'validation.min': 'Must be at least {min}',
  'validation.max': 'Must be at most {max}',
  'validation.integer': 'Must be a whole number',
  'validation.invalidValue': 'This value is not allowed',
  'users.duplicateUsername': 'This username is already taken',
  'products.duplicateBarcode': 'This barcode already exists',
};

const REQUIRED_KEYS = [
  ...Object.keys(FIXED_ENGLISH),
  'auth.tokenInvalid',
  'auth.tokenRevoked',
  'auth.accountInactive',
  'errors.routeNotFound',
  'errors.internal',
  'errors.payloadTooLarge',
  'errors.badRequest',
  'validation.invalidId',
  'users.duplicateEmail',
  'users.cannotDeleteSelf',
  'users.lastAdmin',
  'products.duplicateSku',
  'categories.inUse',
  'categories.hasChildren',
  'categories.cycle',
  'sales.totalMismatch',
  'sales.idempotencyReused',
  'sales.idempotencyInProgress',
  'loyalty.minimumPointsError',
  'loyalty.insufficientPointsError',
  'loyalty.disabled',
  'entities.user',
  'entities.product',
  'entities.category',
  'entities.customer',
  'entities.transaction',
  'entities.expense',
];

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('server messages', () => {
  it.each(Object.entries(FIXED_ENGLISH))('%s reads "%s" in English', (key, text) => {
    expect(SERVER_MESSAGES.en[key]).toBe(text);
  });

  it('has every required key in both languages', () => {
    const missing = (['en', 'ku'] as Locale[]).flatMap((l) => REQUIRED_KEYS.filter((k) => !SERVER_MESSAGES[l][k]).map((k) => `${l}:${k}`));
    expect(missing).toEqual([]);
  });

  it('has every English key in Kurdish and every Kurdish key in English', () => {
    expect(Object.keys(SERVER_MESSAGES.ku).sort()).toEqual(Object.keys(SERVER_MESSAGES.en).sort());
  });

  it('writes Kurdish in Arabic script, different from the English text, with the same placeholders', () => {
    for (const [key, en] of Object.entries(SERVER_MESSAGES.en)) {
      const ku = SERVER_MESSAGES.ku[key]!;
      expect({ key, arabicScript: /[\u0600-\u06FF]{2}/.test(ku) }).toEqual({ key, arabicScript: true });
      expect({ key, ku }).not.toEqual({ key, ku: en });
      expect({ key, params: placeholders(ku) }).toEqual({ key, params: placeholders(en) });
      expect(en.trim()).toBe(en);
    }
  });
});

describe('translate', () => {
  it('interpolates parameters', () => {
    expect(translate('en', 'auth.throttled', { seconds: 30 })).toBe('Too many sign-in attempts. Try again in 30 seconds.');
    expect(translate('ku', 'auth.throttled', { seconds: 30 })).toContain('30');
    expect(translate('ku', 'auth.throttled', { seconds: 30 })).not.toContain('{seconds}');
    expect(translate('en', 'validation.tooLong', { max: 120 })).toBe('This value is too long (at most 120 characters)');
  });

  it('leaves a placeholder without a parameter as written and ignores extra parameters', () => {
    expect(translate('en', 'validation.min', {})).toBe('Must be at least {min}');
    expect(translate('en', 'validation.min')).toBe('Must be at least {min}');
    expect(translate('en', 'validation.min', { min: 0, max: 9 })).toBe('Must be at least 0');
  });

  it('does not read parameters from the prototype', () => {
    expect(translate('en', 'errors.notFound', {})).toBe('{entity} not found');
    expect(translate('en', 'validation.min', { toString: 'x' } as Record<string, string>)).toBe('Must be at least {min}');
  });

  it('answers in Kurdish when asked', () => {
    expect(translate('ku', 'auth.invalidCredentials')).toBe('ناوی بەکارهێنەر یان وشەی نهێنی هەڵەیە');
  });

  it('falls back to English for an unknown language and to the key for an unknown key', () => {
    expect(translate('fr' as Locale, 'auth.required')).toBe('Authentication required');
    expect(translate('ku', 'no.such.key')).toBe('no.such.key');
    expect(translate('ku', 'constructor')).toBe('constructor');
  });

  it('names the entity that was not found in the same language', () => {
    expect(notFoundMessage('en', 'product')).toBe('Product not found');
    expect(notFoundMessage('ku', 'customer')).toBe('کڕیار نەدۆزرایەوە');
    expect(translate('en', 'errors.notFound', { entity: translate('en', 'entities.expense') })).toBe('Expense not found');
  });
});

describe('resolveLocale', () => {
  it.each([
    [undefined, 'en'],
    [null, 'en'],
    ['', 'en'],
    ['ku', 'ku'],
    ['KU', 'ku'],
    ['ckb', 'ku'],
    ['ckb-IQ', 'ku'],
    ['ku-IQ,ku;q=0.9,en;q=0.8', 'ku'],
    ['en-US,en;q=0.9,ku;q=0.8', 'en'],
    ['fr-FR,ku;q=0.5', 'ku'],
    ['en;q=0.2,ckb;q=0.9', 'ku'],
    ['ku;q=0,en', 'en'],
    ['de, fr', 'en'],
  ])('%s -> %s', (input, locale) => {
    expect(resolveLocale(input)).toBe(locale);
  });
});
