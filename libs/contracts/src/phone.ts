// Phone numbers as people write them: one reading for every service and the browser. A number is kept in one
// canonical form (E.164, '+9647501234567'), so '0750 123 4567' and '+964 750 123 4567' are the same customer,
// and shown the local way. The 'min' metadata checks each country's number lengths, small enough for the till.
import { getCountryCallingCode, parsePhoneNumberFromString, type CountryCode, type PhoneNumber } from 'libphonenumber-js/min';
import { foldSearchText } from './search-text.js';

/** The shop's country: a number written without a country code is read as one of its numbers. */
export const PHONE_DEFAULT_REGION: CountryCode = 'IQ';
/** Longest phone text read; a number written with a country code, spaces and dashes fits well within it. */
export const PHONE_MAX_LENGTH = 30;
/** Fewest digits a search needs before it is also matched against phone numbers. */
export const PHONE_SEARCH_MIN_DIGITS = 3;

/** Digits and what people put between them: spaces, dashes, dots, slashes, brackets, one leading '+'. */
const PHONE_TEXT = /^\+?[\d\s().\-/]+$/;

/** The national (trunk) prefix Iraqis write before a local number. */
const REGION_NATIONAL_PREFIX = '0';

function read(text: string): PhoneNumber | undefined {
  if (typeof text !== 'string' || text.length > PHONE_MAX_LENGTH) return undefined;
  // Eastern Arabic and Persian digits (٠١٢…, ۰۱۲…) as Western ones, as every search folds them.
  const folded = foldSearchText(text).trim();
  if (!PHONE_TEXT.test(folded)) return undefined;
  const number = parsePhoneNumberFromString(folded, { defaultCountry: PHONE_DEFAULT_REGION, extract: false });
  return number?.isValid() ? number : undefined;
}

/**
 * The canonical form (E.164) of a phone as typed, e.g. '0750 123 4567', '+964 750-123-4567', '00964 750 123 4567'
 * or '٠٧٥٠١٢٣٤٥٦٧' all give '+9647501234567'; null when it is not a valid number (letters, wrong length).
 */
export function parsePhone(text: string): string | null {
  return read(text)?.number ?? null;
}

export function isValidPhone(text: string): boolean {
  return parsePhone(text) !== null;
}

/**
 * A stored phone the way people here write it: the region's numbers in the local form ('0750 123 4567'), others
 * with their country code ('+1 202 555 0123'); a phone that cannot be read (kept from before) as it is.
 */
export function formatPhone(stored: string): string {
  const number = read(stored);
  if (!number) return stored;
  return number.country === PHONE_DEFAULT_REGION ? number.formatNational() : number.formatInternational();
}

/**
 * What a search's digits are looked for in a phone's digits: anywhere (`contains`), and, when the search starts the
 * way a local or international number does ('0770…', '00964770…'), at the start of the international digits
 * (`prefixes`, e.g. '964770'). Null when the search has too few digits to be a phone fragment.
 */
export function phoneSearchDigits(search: string): { contains: string; prefixes: string[] } | null {
  const digits = foldSearchText(search).replace(/\D/g, '');
  if (digits.length < PHONE_SEARCH_MIN_DIGITS) return null;
  const prefixes = new Set<string>();
  if (digits.startsWith('00')) prefixes.add(digits.slice(2));
  else if (digits.startsWith(REGION_NATIONAL_PREFIX))
    // The region's calling code ('964'), asked when needed: nothing runs when this module is loaded, so a bundle that
    // imports the contracts without a phone function leaves the phone metadata out.
    prefixes.add(getCountryCallingCode(PHONE_DEFAULT_REGION) + digits.slice(REGION_NATIONAL_PREFIX.length));
  prefixes.delete(digits);
  prefixes.delete('');
  return { contains: digits, prefixes: [...prefixes] };
}

/** Whether a stored phone is found by a search's digits (the rule the services' SQL searches follow). */
export function phoneMatchesSearch(stored: string, search: string): boolean {
  const wanted = phoneSearchDigits(search);
  if (!wanted) return false;
  const digits = stored.replace(/\D/g, '');
  return digits.includes(wanted.contains) || wanted.prefixes.some((p) => digits.startsWith(p));
}
