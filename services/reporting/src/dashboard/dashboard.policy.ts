// Pure rules of the dashboard cards (spec part 1 §2, §3).
import type { TrendDto } from '@dukan/contracts';

/**
 * Today against yesterday: 'up' unless today is lower; the percent is the size of the change relative to
 * yesterday, one decimal. From nothing to something is +100 %; nothing to nothing is 0 %.
 */
export function trendOf(today: number, yesterday: number): { trend: TrendDto; percent: number } {
  const trend: TrendDto = today >= yesterday ? 'up' : 'down';
  if (yesterday === 0) return { trend, percent: today === 0 ? 0 : 100 };
  return { trend, percent: Math.round((Math.abs(today - yesterday) / Math.abs(yesterday)) * 1000) / 10 };
}

export type SaleState = 'completed' | 'voided' | 'refunded';

/** The status a recent-transaction row shows: a paid sale is Completed (spec part 2 §4); voids and full refunds say so. */
export function saleStatusLabel(state: SaleState): string {
  switch (state) {
    case 'completed':
      return 'Completed';
    case 'voided':
      return 'Voided';
    case 'refunded':
      return 'Refunded';
    default:
      return 'Unknown';
  }
}

/** True for a name the runtime's time-zone database knows ('Asia/Baghdad'); garbage would break every date. */
export function isTimeZone(name: unknown): name is string {
  if (typeof name !== 'string' || name.length === 0 || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
