// Server-side user-visible texts, English and Kurdish (Sorani, Arabic script). Keys are stable; add new keys
// to both catalogues (the compiler and a test refuse a key missing from either).
import { EXPENSE_MESSAGES_EN, EXPENSE_MESSAGES_KU } from './expense-messages.js';
import { branchesEn, branchesKu } from './messages/branches.js';
import { taxEn, taxKu } from './messages/tax.js';
import { catalogEn, catalogKu } from './messages/catalog.js';
import { loyaltyEn, loyaltyKu } from './messages/loyalty.js';
import { reportingEn, reportingKu } from './messages/reporting.js';
import { printingEn, printingKu } from './messages/printing.js';
import { salesEn, salesKu } from './messages/sales.js';
import { shiftsEn, shiftsKu } from './messages/shifts.js';
import { inputEn, inputKu } from './messages/input.js';
import { securityEn, securityKu } from './messages/security.js';
import { transfersEn, transfersKu } from './messages/transfers.js';
import { purchasesEn, purchasesKu } from './messages/purchases.js';
import { packsEn, packsKu } from './messages/packs.js';
import { accountsEn, accountsKu } from './messages/accounts.js';
import { inputRulesEn, inputRulesKu } from './validation.js';

export const LOCALES = ['en', 'ku'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

const en = {
  // authentication and authorisation
  'auth.invalidCredentials': 'Invalid username or password',
  'auth.required': 'Authentication required',
  'auth.tokenInvalid': 'Your session is not valid. Please sign in again.',
  'auth.tokenExpired': 'Your session has expired. Please sign in again.',
  'auth.tokenRevoked': 'Your session has ended. Please sign in again.',
  'auth.accountInactive': 'This account is inactive. Please contact an administrator.',
  'auth.throttled': 'Too many sign-in attempts. Try again in {seconds} seconds.',
  'auth.forbidden': "You don't have permission to access this feature.",
  'auth.adminOnly': 'Access denied. Admin privileges required.',
  'auth.loggedOut': 'You have been signed out.',
  'auth.loginSuccess': 'Signed in successfully',

  // general errors
  'errors.routeNotFound': 'The requested address does not exist.',
  'errors.notFound': '{entity} not found',
  'errors.notFoundGeneric': 'The requested item was not found.',
  'errors.internal': 'Something went wrong. Please try again.',
  'errors.payloadTooLarge': 'The request is too large.',
  'errors.badRequest': 'The request is not valid.',
  'errors.conflict': 'This record was changed at the same time by someone else. Reload it and try again.',
  'errors.ruleViolation': 'This action is not allowed.',
  'errors.invalidTransition': 'This change of status is not allowed.',
  'errors.rateLimited': 'Too many requests. Try again in {seconds} seconds.',
  'errors.serviceUnavailable': 'This service is temporarily unavailable. Please try again shortly.',

  // validation
  'validation.failed': 'Validation error',
  'validation.requiredCategory': 'Please select a category',
  'validation.invalidDate': 'Please enter a valid date',
  'validation.unknownField': 'This field is not allowed',
  'validation.invalidType': 'This value has the wrong type',
  'validation.tooLong': 'This value is too long (at most {max} characters)',
  'validation.min': 'Must be at least {min}',
  'validation.max': 'Must be at most {max}',
  'validation.integer': 'Must be a whole number',
  'validation.invalidValue': 'This value is not allowed',
  'validation.invalidId': 'This identifier is not valid',

  // users
  'users.duplicateUsername': 'This username is already taken',
  'users.duplicateEmail': 'This email address is already in use',
  'users.cannotDeleteSelf': 'You cannot delete your own account',
  'users.lastAdmin': 'The last active administrator cannot be deleted, deactivated or given another role',
  'users.deleted': 'User deleted successfully',
  'users.passwordReset': 'Password reset successfully',
  'users.adminPermissionsFixed': 'An administrator always has every permission; their permissions cannot be edited',
  'permissions.updated': 'Permissions updated successfully',
  'permissions.applied': 'Applied {role} permissions to {n} user(s)',

  // catalog
  'products.duplicateBarcode': 'This barcode already exists',
  'products.duplicateSku': 'This SKU already exists',
  'categories.inUse': 'This category still has products and cannot be deleted',
  'categories.hasChildren': 'This category has subcategories and cannot be deleted',
  'categories.cycle': 'A category cannot be placed inside itself or one of its subcategories',
  'products.deleted': 'Product deleted successfully',
  'products.merged': 'A product with this SKU already exists: the quantity was added to it as a new cost batch.',
  'products.skuBarcodeMismatch': 'This SKU belongs to a product with a different barcode ({barcode})',
  'products.barcodesExhausted': 'No unused barcode is left in the generated range',
  'categories.deleted': 'Category deleted successfully',
  'categories.parentNotFound': 'The parent category does not exist',

  // settings
  'settings.adminOnlyField': 'Only an administrator can change this setting',
  'settings.invalidTimeZone': 'This time zone is not known',
  'settings.saved': 'Settings saved successfully',

  // entity names, used as {entity}
  'entities.user': 'User',
  'entities.product': 'Product',
  'entities.category': 'Category',
  'entities.customer': 'Customer',
  'entities.transaction': 'Transaction',
  'entities.expense': 'Expense',
  'entities.branch': 'Branch',
  'entities.register': 'Register',
  'entities.report': 'Report',

  ...EXPENSE_MESSAGES_EN,
  ...catalogEn,
  ...transfersEn,
  ...purchasesEn,
  ...packsEn,
  ...salesEn,
  ...shiftsEn,
  ...loyaltyEn,
  ...reportingEn,
  ...securityEn,
  ...branchesEn,
  ...taxEn,
  ...printingEn,
  ...inputEn,
  ...accountsEn,
  ...inputRulesEn,
} as const satisfies Record<string, string>;

export type ServerMessageKey = keyof typeof en;
/**
 * A key of the catalogue: what every refusal and field error carries (DomainError, ErrorBody.errorKeys), so a key
 * missing from the catalogue fails the compile instead of reaching a user as its own name.
 */
export type MessageKey = ServerMessageKey;
/** The keys of the entities named in '{entity} not found' (DomainError.notFound('entities.product')). */
export type EntityKey = Extract<ServerMessageKey, `entities.${string}`>;
/** An entity's name, its key without 'entities.' (notFoundMessage('ku', 'product')). */
export type EntityName = EntityKey extends `entities.${infer E}` ? E : never;

export function isMessageKey(value: unknown): value is MessageKey {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(en, value);
}

const ku: Record<ServerMessageKey, string> = {
  'auth.invalidCredentials': 'ناوی بەکارهێنەر یان وشەی نهێنی هەڵەیە',
  'auth.required': 'پێویستە سەرەتا بچیتە ژوورەوە',
  'auth.tokenInvalid': 'دانیشتنەکەت دروست نییە. تکایە دووبارە بچۆرە ژوورەوە.',
  'auth.tokenExpired': 'کاتی دانیشتنەکەت بەسەرچووە. تکایە دووبارە بچۆرە ژوورەوە.',
  'auth.tokenRevoked': 'دانیشتنەکەت کۆتایی پێهاتووە. تکایە دووبارە بچۆرە ژوورەوە.',
  'auth.accountInactive': 'ئەم هەژمارە ناچالاکە. تکایە پەیوەندی بە بەڕێوەبەرەوە بکە.',
  'auth.throttled': 'هەوڵی چوونەژوورەوە زۆر دراوە. دوای {seconds} چرکە دووبارە هەوڵ بدەرەوە.',
  'auth.forbidden': 'مۆڵەتی دەستگەیشتنت بەم تایبەتمەندییە نییە.',
  'auth.adminOnly': 'دەستگەیشتن ڕەتکرایەوە. دەسەڵاتی بەڕێوەبەر پێویستە.',
  'auth.loggedOut': 'لە هەژمارەکەت چوویتە دەرەوە.',
  'auth.loginSuccess': 'بە سەرکەوتوویی چوویتە ژوورەوە',

  'errors.routeNotFound': 'ئەم ناونیشانە بوونی نییە.',
  'errors.notFound': '{entity} نەدۆزرایەوە',
  'errors.notFoundGeneric': 'ئەوەی داواکرا نەدۆزرایەوە.',
  'errors.internal': 'هەڵەیەک ڕوویدا. تکایە دووبارە هەوڵ بدەرەوە.',
  'errors.payloadTooLarge': 'داواکارییەکە زۆر گەورەیە.',
  'errors.badRequest': 'داواکارییەکە دروست نییە.',
  'errors.conflict': 'ئەم تۆمارە لە هەمان کاتدا لەلایەن کەسێکی ترەوە گۆڕدرا. دووبارە بیکەرەوە و هەوڵ بدەرەوە.',
  'errors.ruleViolation': 'ئەم کردارە ڕێگەپێدراو نییە.',
  'errors.invalidTransition': 'ئەم گۆڕینی دۆخە ڕێگەپێدراو نییە.',
  'errors.rateLimited': 'داواکاری زۆر نێردراوە. دوای {seconds} چرکە دووبارە هەوڵ بدەرەوە.',
  'errors.serviceUnavailable': 'ئەم خزمەتگوزارییە بۆ ماوەیەکی کاتی بەردەست نییە. تکایە کەمێکی تر هەوڵ بدەرەوە.',

  'validation.failed': 'هەڵەی پشتڕاستکردنەوە',
  'validation.requiredCategory': 'تکایە پۆلێک هەڵبژێرە',
  'validation.invalidDate': 'تکایە بەروارێکی دروست بنووسە',
  'validation.unknownField': 'ئەم خانەیە ڕێگەپێدراو نییە',
  'validation.invalidType': 'جۆری ئەم بەهایە هەڵەیە',
  'validation.tooLong': 'ئەم بەهایە زۆر درێژە (لانیزۆر {max} پیت)',
  'validation.min': 'دەبێت لانیکەم {min} بێت',
  'validation.max': 'دەبێت لانیزۆر {max} بێت',
  'validation.integer': 'دەبێت ژمارەیەکی تەواو بێت',
  'validation.invalidValue': 'ئەم بەهایە ڕێگەپێدراو نییە',
  'validation.invalidId': 'ئەم ناسنامەیە دروست نییە',

  'users.duplicateUsername': 'ئەم ناوی بەکارهێنەرە پێشتر بەکارهاتووە',
  'users.duplicateEmail': 'ئەم ناونیشانی ئیمەیڵە پێشتر بەکارهاتووە',
  'users.cannotDeleteSelf': 'ناتوانیت هەژماری خۆت بسڕیتەوە',
  'users.lastAdmin': 'دوایین بەڕێوەبەری چالاک ناتوانرێت بسڕدرێتەوە، ناچالاک بکرێت یان ڕۆڵێکی تری پێ بدرێت',
  'users.deleted': 'بەکارهێنەر بە سەرکەوتوویی سڕایەوە',
  'users.passwordReset': 'وشەی نهێنی بە سەرکەوتوویی گۆڕدرا',
  'users.adminPermissionsFixed': 'بەڕێوەبەر هەمیشە هەموو مۆڵەتەکانی هەیە؛ مۆڵەتەکانی ناگۆڕدرێن',
  'permissions.updated': 'مۆڵەتەکان بە سەرکەوتوویی نوێکرانەوە',
  'permissions.applied': 'مۆڵەتەکانی {role} بۆ {n} بەکارهێنەر جێبەجێ کران',

  'products.duplicateBarcode': 'ئەم بارکۆدە پێشتر هەیە',
  'products.duplicateSku': 'ئەم SKU یە پێشتر هەیە',
  'categories.inUse': 'ئەم پۆلە هێشتا کاڵای تێدایە و ناتوانرێت بسڕدرێتەوە',
  'categories.hasChildren': 'ئەم پۆلە ژێرپۆلی هەیە و ناتوانرێت بسڕدرێتەوە',
  'categories.cycle': 'پۆلێک ناتوانرێت بخرێتە ناو خۆی یان ناو یەکێک لە ژێرپۆلەکانی',
  'products.deleted': 'کاڵاکە بە سەرکەوتوویی سڕایەوە',
  'products.merged': 'کاڵایەک بەم SKU یە پێشتر هەیە: بڕەکە وەک کۆمەڵەیەکی نوێی تێچوو خرایە سەری.',
  'products.skuBarcodeMismatch': 'ئەم SKU یە هی کاڵایەکە بە بارکۆدێکی جیاواز ({barcode})',
  'products.barcodesExhausted': 'هیچ بارکۆدێکی بەکارنەهاتوو لە ڕیزی دروستکراودا نەماوە',
  'categories.deleted': 'پۆلەکە بە سەرکەوتوویی سڕایەوە',
  'categories.parentNotFound': 'پۆلی سەرەکی بوونی نییە',

  'settings.adminOnlyField': 'تەنها بەڕێوەبەری سیستەم دەتوانێت ئەم ڕێکخستنە بگۆڕێت',
  'settings.invalidTimeZone': 'ئەم ناوچە کاتییە نەناسراوە',
  'settings.saved': 'ڕێکخستنەکان بە سەرکەوتوویی پاشەکەوت کران',

  'entities.user': 'بەکارهێنەر',
  'entities.product': 'کاڵا',
  'entities.category': 'پۆل',
  'entities.customer': 'کڕیار',
  'entities.transaction': 'مامەڵە',
  'entities.expense': 'خەرجی',
  'entities.branch': 'لق',
  'entities.register': 'قاسە',
  'entities.report': 'ڕاپۆرت',

  ...EXPENSE_MESSAGES_KU,
  ...catalogKu,
  ...transfersKu,
  ...purchasesKu,
  ...packsKu,
  ...salesKu,
  ...shiftsKu,
  ...loyaltyKu,
  ...reportingKu,
  ...securityKu,
  ...branchesKu,
  ...taxKu,
  ...printingKu,
  ...inputKu,
  ...accountsKu,
  ...inputRulesKu,
};

export const SERVER_MESSAGES: Record<Locale, Record<string, string>> = Object.freeze({
  en: Object.freeze({ ...en }),
  ku: Object.freeze({ ...ku }),
});

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

function lookup(locale: string, key: string): string | undefined {
  const catalogue = isLocale(locale) ? SERVER_MESSAGES[locale] : undefined;
  return catalogue && Object.prototype.hasOwnProperty.call(catalogue, key) ? catalogue[key] : undefined;
}

/**
 * The text of `key` in `locale`, falling back to English, then to the key itself. `{name}` placeholders are
 * replaced from `params`; a placeholder without a parameter is left as written.
 */
export function translate(locale: Locale, key: string, params?: Record<string, string | number>): string {
  const text = lookup(locale, key) ?? lookup(DEFAULT_LOCALE, key) ?? key;
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole,
  );
}

/** '{entity} not found' with the entity name in the same language, e.g. notFoundMessage('ku', 'product'). */
export function notFoundMessage(locale: Locale, entity: EntityName): string {
  return translate(locale, 'errors.notFound', { entity: translate(locale, `entities.${entity}`) });
}

/**
 * The locale for a language preference or an Accept-Language header ('ku-IQ,ku;q=0.9,en;q=0.8').
 * Kurdish may arrive as ku, ckb (Sorani) or a regional form of either; anything else is English.
 */
export function resolveLocale(input: string | null | undefined): Locale {
  if (!input) return DEFAULT_LOCALE;
  const ranked = input
    .split(',')
    .map((part, index) => {
      const [tag = '', ...attrs] = part.trim().split(';');
      const q = attrs.map((a) => /^\s*q=([\d.]+)\s*$/.exec(a)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag !== '' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const base = tag.split(/[-_]/)[0];
    if (base === 'ku' || base === 'ckb') return 'ku';
    if (base === 'en') return 'en';
  }
  return DEFAULT_LOCALE;
}
