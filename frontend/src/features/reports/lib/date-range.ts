import type { ReportPreset } from '@dukan/contracts';

/** What a report is asked for: yyyy-MM-dd days, null for an open end (all time is both null). */
export interface DateRange {
  startDate: string | null;
  endDate: string | null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The local calendar day of a date as yyyy-MM-dd. */
export function dayOf(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/**
 * Today in the shop's time zone, as a local date with the shop's year, month and day (the reports count shop days;
 * a browser elsewhere, or a test machine on UTC, would otherwise ask for the wrong day around midnight).
 */
export function shopToday(timeZone?: string | null, now: Date = new Date()): Date {
  if (!timeZone) return now;
  try {
    const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
    const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
    return new Date(n('year'), n('month') - 1, n('day'), 12);
  } catch {
    return now; // a zone this browser does not know
  }
}

function shifted(today: Date, days: number): Date {
  return new Date(today.getFullYear(), today.getMonth(), today.getDate() + days);
}

/** The range of a preset on the day `today` (spec part 2 §2: last 30 days spans 30 days, a single day has end = start). */
export function presetRange(preset: ReportPreset, today: Date = new Date()): DateRange {
  const day = (d: Date) => dayOf(d);
  switch (preset) {
    case 'today':
      return { startDate: day(today), endDate: day(today) };
    case 'yesterday': {
      const y = day(shifted(today, -1));
      return { startDate: y, endDate: y };
    }
    case 'last7days':
      return { startDate: day(shifted(today, -6)), endDate: day(today) };
    case 'last30days':
      return { startDate: day(shifted(today, -29)), endDate: day(today) };
    case 'thisMonth':
      return { startDate: day(new Date(today.getFullYear(), today.getMonth(), 1)), endDate: day(today) };
    case 'lastMonth':
      return {
        startDate: day(new Date(today.getFullYear(), today.getMonth() - 1, 1)),
        endDate: day(new Date(today.getFullYear(), today.getMonth(), 0)),
      };
    default:
      return { startDate: null, endDate: null };
  }
}

/** A custom range a person may pick: both days given, start not after end, no day after today. */
export function isValidCustomRange(startDate: string, endDate: string, today: Date = new Date()): boolean {
  const valid = /^\d{4}-\d{2}-\d{2}$/;
  if (!valid.test(startDate) || !valid.test(endDate)) return false;
  const limit = dayOf(today);
  return startDate <= endDate && endDate <= limit;
}

/** Query parameters of a range (open ends left out). */
export function rangeParams(r: DateRange): Record<string, string> {
  return { ...(r.startDate ? { startDate: r.startDate } : {}), ...(r.endDate ? { endDate: r.endDate } : {}) };
}
