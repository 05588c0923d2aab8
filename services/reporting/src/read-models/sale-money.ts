// A sale's money as the reports keep it: in its own currency, in dinars at its own rate (dollars are the events'
// cents, already at its rate), and what it took per payment method. Events from before sales sent the exact figures
// are read as the events contract says: the cents in the sale's currency, one cash tender, change in that currency.
import {
  allocate,
  convertMinor,
  takingsOf,
  toSaleMinor,
  type Currency,
  type SaleChange,
  type SaleEventData,
  type SaleRefundedData,
  type SaleTender,
  type TenderTaking,
} from '@dukan/contracts';

/** An amount in a sale's currency as whole dinars, at the sale's own rate (unchanged for a dinar sale). */
export const inDinars = (amountMinor: number, currency: Currency, exchangeRate: number): number =>
  convertMinor(amountMinor, currency, 'IQD', exchangeRate);

/** Dollars (cents) as whole dinars at a sale's own rate. */
export const centsInDinars = (cents: number, exchangeRate: number): number => convertMinor(cents, 'USD', 'IQD', exchangeRate);

export interface OwnMoney {
  subtotalMinor: number;
  discountMinor: number;
  loyaltyDiscountMinor: number;
  taxMinor: number;
  totalMinor: number;
  cashRoundingMinor: number;
  /** The total in dinars at the sale's rate. */
  totalIqd: number;
}

/** A sale's totals in its own currency's minor unit. */
export function ownMoney(d: SaleEventData): OwnMoney {
  const own = (minor: number | undefined, cents: number) => minor ?? toSaleMinor(cents, d.currency, d.exchangeRate);
  const totalMinor = own(d.totalMinor, d.totalCents);
  return {
    subtotalMinor: own(d.subtotalMinor, d.subtotalCents),
    discountMinor: own(d.discountMinor, d.discountCents),
    loyaltyDiscountMinor: own(d.loyaltyDiscountMinor, d.loyaltyDiscountCents),
    taxMinor: own(d.taxMinor, d.taxCents),
    totalMinor,
    cashRoundingMinor: d.cashRoundingMinor ?? 0,
    totalIqd: inDinars(totalMinor, d.currency, d.exchangeRate),
  };
}

/** A line's subtotal and unit cost in dinars at the sale's rate. */
export function lineDinars(d: SaleEventData, l: SaleEventData['lines'][number]): { subtotalIqd: number; unitCostIqd: number } {
  const subtotalMinor = l.subtotalMinor ?? toSaleMinor(l.subtotalCents, d.currency, d.exchangeRate);
  return {
    subtotalIqd: inDinars(subtotalMinor, d.currency, d.exchangeRate),
    unitCostIqd: centsInDinars(l.unitCostCents, d.exchangeRate),
  };
}

/** What a sale took per method and currency: tenders less change. */
export function saleTakings(d: SaleEventData): TenderTaking[] {
  const tenders: SaleTender[] =
    d.tenders ?? (d.tenderedMinor > 0 ? [{ method: 'cash', currency: d.currency, amountMinor: d.tenderedMinor }] : []);
  const change: SaleChange | null =
    d.change !== undefined ? d.change : d.changeMinor > 0 ? { currency: d.currency, amountMinor: d.changeMinor } : null;
  return takingsOf(tenders, change);
}

export interface RefundMoney {
  /** What was returned, in the sale's currency (without cash rounding). */
  amountMinor: number;
  amountIqd: number;
  /** The refunded lines' share of the dinars, in the event's line order, summing to amountIqd. */
  lineIqd: number[];
  /** How the money went back, per method and currency. */
  takings: TenderTaking[];
}

export function refundMoney(d: SaleRefundedData): RefundMoney {
  const amountMinor = d.amountMinor ?? toSaleMinor(d.amountCents, d.currency, d.exchangeRate);
  const amountIqd = inDinars(amountMinor, d.currency, d.exchangeRate);
  const takings = d.tenders
    ? takingsOf(d.tenders, d.change ?? null)
    : amountMinor > 0
      ? [{ method: 'cash' as const, currency: d.currency, amountMinor, count: 1 }]
      : [];
  return {
    amountMinor,
    amountIqd,
    lineIqd: d.lines.length
      ? allocate(
          amountIqd,
          d.lines.map((l) => Math.max(0, l.amountCents)),
        )
      : [],
    takings,
  };
}
