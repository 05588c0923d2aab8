import { useEffect, useState } from 'react';
import { useExchangeRateQuery } from '../api/pos-api.js';
import { FALLBACK_EXCHANGE_RATE } from '../../../lib/money.js';
import { useMoney, type DisplayCurrency } from './use-money.js';

const CURRENCY_KEY = 'dukan.currency';

/**
 * The sale currency the cashier chose (remembered on this device), the exchange rate, the dinar cash step, the shop's
 * change currency (null: the sale's own) and money formatting.
 */
export function useTillCurrency() {
  const rateQuery = useExchangeRateQuery();
  const rate = rateQuery.data?.exchangeRate && rateQuery.data.exchangeRate >= 1 ? rateQuery.data.exchangeRate : FALLBACK_EXCHANGE_RATE;
  const [currency, setCurrency] = useState<DisplayCurrency>(() => (localStorage.getItem(CURRENCY_KEY) === 'IQD' ? 'IQD' : 'USD'));
  useEffect(() => localStorage.setItem(CURRENCY_KEY, currency), [currency]);
  const money = useMoney(currency, rate);
  const iqdCashRounding = rateQuery.data?.iqdCashRounding ?? 1;
  const changeCurrency = rateQuery.data?.changeCurrency ?? null;
  return { rateQuery, rate, currency, setCurrency, money, iqdCashRounding, changeCurrency };
}
