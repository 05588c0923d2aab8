import { useCallback } from 'react';
import { useFormat } from '../../../i18n/format.js';
import { centsToIqd } from '../../../lib/money.js';

export type DisplayCurrency = 'USD' | 'IQD';

/** Formats USD cents in the till's display currency. */
export function useMoney(currency: DisplayCurrency, rate: number) {
  const f = useFormat();
  return useCallback((cents: number) => (currency === 'IQD' ? f.iqd(centsToIqd(cents, rate)) : f.usd(cents)), [currency, rate, f]);
}

/** Formats an amount in minor units of its own currency (cents, or whole dinars): a sale's figures. */
export function useMinorMoney() {
  const f = useFormat();
  return useCallback((minor: number, currency: DisplayCurrency) => (currency === 'IQD' ? f.iqd(minor) : f.usd(minor)), [f]);
}
