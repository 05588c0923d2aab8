import { useCallback } from 'react';
import { useFormat } from '../../../i18n/format.js';
import { centsToIqd } from '../../../lib/money.js';

export type DisplayCurrency = 'USD' | 'IQD';

/** Formats USD cents in the till's display currency. */
export function useMoney(currency: DisplayCurrency, rate: number) {
  const f = useFormat();
  return useCallback((cents: number) => (currency === 'IQD' ? f.iqd(centsToIqd(cents, rate)) : f.usd(cents)), [currency, rate, f]);
}
