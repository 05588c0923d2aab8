import type { RecurringFrequency } from '@dukan/contracts';

// When a recurring expense falls due, as plain functions on days written yyyy-MM-dd (table-tested).

const MONTHS: Record<RecurringFrequency, number> = { daily: 0, weekly: 0, monthly: 1, quarterly: 3, yearly: 12 };
const DAYS: Record<RecurringFrequency, number> = { daily: 1, weekly: 7, monthly: 0, quarterly: 0, yearly: 0 };

function parts(day: string): [number, number, number] {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return [y, m, d];
}

function format(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * The day `n` periods after `anchor`. Months are counted from the anchor, not from the previous due day, so a
 * monthly expense anchored on the 31st falls on the last day of shorter months and comes back to the 31st.
 */
export function addPeriods(anchor: string, frequency: RecurringFrequency, n: number): string {
  const [y, m, d] = parts(anchor);
  const months = MONTHS[frequency] * n;
  if (months === 0) return format(new Date(Date.UTC(y, m - 1, d + DAYS[frequency] * n)));
  const firstOfTarget = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(firstOfTarget.getUTCFullYear(), firstOfTarget.getUTCMonth() + 1, 0)).getUTCDate();
  return format(new Date(Date.UTC(firstOfTarget.getUTCFullYear(), firstOfTarget.getUTCMonth(), Math.min(d, lastDay))));
}

/** The first due day of a new recurring expense when the form gives none: one period after the expense's day. */
export function firstDueDate(expenseDate: string, frequency: RecurringFrequency): string {
  return addPeriods(expenseDate, frequency, 1);
}

/** Today's date in the shop's time zone (a due day starts at the shop's midnight). */
export function dayIn(timeZone: string, now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

export interface Schedule {
  anchor: string; // the first due day
  index: number; // how many due days have been dealt with
  frequency: RecurringFrequency;
  endDate: string | null;
}

/**
 * The due days a schedule owes on `today` (days are compared as text, which orders yyyy-MM-dd correctly): from its
 * current index, each day not after today nor after the end date, at most `cap` of them. A service that was down
 * for a while owes each day it missed; `nextIndex` is where the schedule stands afterwards.
 */
export function dueDays(s: Schedule, today: string, cap: number): { days: string[]; nextIndex: number } {
  const days: string[] = [];
  let index = s.index;
  for (;;) {
    const day = addPeriods(s.anchor, s.frequency, index);
    if (day > today || (s.endDate !== null && day > s.endDate) || days.length >= cap) break;
    days.push(day);
    index += 1;
  }
  return { days, nextIndex: index };
}
