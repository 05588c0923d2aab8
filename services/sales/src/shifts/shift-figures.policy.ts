// A shift's book added up: the X report (open) and the Z report (closed). Pure; the SQL only sums by kind.
import {
  CURRENCIES,
  drawerDifference,
  noCurrencyAmounts,
  type Currency,
  type CurrencyAmounts,
  type ShiftEntryKind,
  type ShiftFigures,
  type TenderMethod,
} from '@dukan/contracts';

/** The book's entries summed by kind, method and currency, with how many distinct things (sales, refunds) they came from. */
export interface EntrySum {
  kind: ShiftEntryKind;
  method: TenderMethod | null;
  currency: Currency;
  amountMinor: number;
  refs: number;
}

export interface EntryCounts {
  sales: number;
  refunds: number;
  voids: number;
}

const METHOD_ORDER: readonly TenderMethod[] = ['cash', 'card', 'transfer', 'account'];

/**
 * Expected cash per currency is the float plus every cash entry (sales' cash tenders, less change, refunds, voids,
 * cash out; plus cash in). Other methods never touch the drawer. Amounts are never carried across currencies.
 */
export function shiftFigures(
  float: CurrencyAmounts,
  sums: readonly EntrySum[],
  counts: EntryCounts,
  counted: CurrencyAmounts | null,
): ShiftFigures {
  const amounts = () => noCurrencyAmounts();
  const expected = { ...float };
  const change = amounts();
  const refunds = amounts();
  const voids = amounts();
  const discounts = amounts();
  const rounding = amounts();
  const cashIn = amounts();
  const cashOut = amounts();
  const sales = new Map<string, ShiftFigures['sales'][number]>();
  for (const s of sums) {
    if (s.method === 'cash') expected[s.currency] += s.amountMinor;
    switch (s.kind) {
      case 'sale': {
        const key = `${s.method}:${s.currency}`;
        const row = sales.get(key) ?? { method: s.method ?? 'cash', currency: s.currency, count: 0, amountMinor: 0 };
        row.count += s.refs;
        row.amountMinor += s.amountMinor;
        sales.set(key, row);
        break;
      }
      case 'change':
        change[s.currency] -= s.amountMinor;
        break;
      case 'refund':
        refunds[s.currency] -= s.amountMinor;
        break;
      case 'void':
        // A void reverses the sale's money (tenders less change); its discount entries are not money.
        if (s.method !== null) voids[s.currency] -= s.amountMinor;
        break;
      case 'cash_in':
        cashIn[s.currency] += s.amountMinor;
        break;
      case 'cash_out':
        cashOut[s.currency] -= s.amountMinor;
        break;
      case 'discount':
        discounts[s.currency] += s.amountMinor;
        break;
      case 'rounding':
        rounding[s.currency] += s.amountMinor;
        break;
    }
  }
  const salesList = [...sales.values()].sort(
    (a, b) =>
      METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method) || CURRENCIES.indexOf(a.currency) - CURRENCIES.indexOf(b.currency),
  );
  return {
    float: { ...float },
    sales: salesList,
    saleCount: counts.sales,
    change,
    refunds: { count: counts.refunds, amount: refunds },
    voids: { count: counts.voids, amount: voids },
    discounts,
    rounding,
    cashIn,
    cashOut,
    expected,
    counted: counted ? { ...counted } : null,
    difference: counted ? drawerDifference(counted, expected) : null,
  };
}
