// Date fields: a client may send a day (yyyy-MM-dd) or an ISO 8601 date-time (a serialised Date); either names a day
// of the shop's calendar, a date-time read in the shop's time zone (settings' timeZone).

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
// A date-time with its offset (Z or ±hh:mm), seconds and fractions optional: what JSON.stringify(new Date()) sends.
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

function realDay(y: number, m: number, d: number): boolean {
  if (y < 1900 || y > 2200) return false;
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** A real day written yyyy-MM-dd, or an ISO 8601 date-time with its offset on a real day. */
export function isDayOrDateTime(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const day = DAY.exec(value);
  if (day) return realDay(Number(day[1]), Number(day[2]), Number(day[3]));
  const at = DATE_TIME.exec(value);
  if (!at || !realDay(Number(at[1]), Number(at[2]), Number(at[3]))) return false;
  if (Number(at[4]) > 23 || Number(at[5]) > 59 || Number(at[6] ?? 0) > 59) return false;
  return !Number.isNaN(Date.parse(value));
}

/** The day (yyyy-MM-dd) a date field names in `timeZone`: a day as it is, a date-time's date there. */
export function dayInTimeZone(value: string, timeZone: string): string {
  if (DAY.test(value)) return value;
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(value));
}

/** `fields` of `o` that hold a date read as days in `timeZone` (absent, null and '' left as they are). */
export function daysInTimeZone<T extends object>(o: T, fields: readonly (keyof T)[], timeZone: string): T {
  const out = { ...o };
  for (const f of fields) {
    const v = out[f];
    if (typeof v === 'string' && v !== '' && isDayOrDateTime(v)) out[f] = dayInTimeZone(v, timeZone) as T[keyof T];
  }
  return out;
}
