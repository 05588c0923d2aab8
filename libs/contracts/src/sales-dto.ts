// Sales' JSON shapes: a sale, its lines and refunds. Money in USD dollars as JSON numbers; the database keeps
// integer cents.
import type { LocalizedTextDto } from './catalog-dto.js';
import type { Currency } from './money.js';
import type { DiscountType, TaxMode } from './pricing.js';
import type { SaleChange, SalePaymentMethod, SaleTender } from './tenders.js';

export interface SaleLineDto {
  _id: string; // line id (refunds name lines by it)
  product: string; // product id
  productSnapshot: { name: LocalizedTextDto; sku: string; price: number }; // as sold
  quantity: number;
  unitPrice: number; // list price of one unit, dollars
  unitPriceInCurrency: number; // the unit price in the sale's currency (dollars, or whole dinars)
  subtotalInCurrency: number; // the line's subtotal in the sale's currency
  discount: number; // the product's own discount, percent
  discountType: 'percentage';
  discountAmount: number; // dollars taken off this line
  subtotal: number; // quantity x unitPrice - discountAmount, dollars
  refundedQuantity: number;
  // Exact in the sale's currency's minor unit: what the line came to after the sale's discounts, and what of it went back.
  netMinor?: number;
  refundedMinor?: number;
  // Absent on sales kept from before packs and weighed goods: units.
  packId?: string | null; // the pack sold: quantity is packs
  unitsPerQuantity?: number; // stock units each of the quantity took (a pack's units; a price label's grams)
  weighed?: boolean; // quantity in grams, unitPrice per kg
}

export interface SaleRefundDto {
  _id: string;
  amount: number; // dollars returned
  amountInCurrency: number; // returned in the sale's currency (dollars, or whole dinars) before cash rounding
  cashRounding: number; // sale's currency
  pointsReturned: number;
  pointsRevoked: number;
  reason: string | null;
  lines: { lineId: string; quantity: number; amount: number }[];
  /** Where the money went back: cash in the currency paid, card, transfer or the customer's account (minor units, each its own currency). */
  tenders: SaleTender[];
  createdBy: string;
  createdAt: string;
  /** A return made in an exchange: the sale its value paid for (null or absent: a refund). */
  exchange?: { saleId: string; invoiceNumber: string } | null;
}

/** POST /api/transactions (201), GET /api/transactions[/:id], void and refund answers. */
export interface SaleDto {
  _id: string;
  invoiceNumber: string; // 'INV-' + digits: 3 for the register, then its running number
  createdAt: string;
  transactionDate: string; // same as createdAt
  branchId: string;
  register: string;
  status: 'completed' | 'voided';
  paymentStatus: 'paid' | 'pending' | 'failed';
  paymentStatusLabel: 'Completed' | 'Pending' | 'Cancelled' | 'Unknown'; // spec part 2 §4 (a voided sale reads Cancelled)
  paymentMethod: SalePaymentMethod; // 'cash' for the specification's one cash tender
  paymentDetails: { amountTendered: number; change: number }; // dollars (at the sale's rate for a dinar sale)
  /** Each tender in the currency it was handed over in (minor units: cents, whole dinars). */
  tenders: SaleTender[];
  /** The cash given back, in its own currency; null when no cash was tendered. */
  change: SaleChange | null;
  currency: 'USD' | 'IQD';
  exchangeRate: number; // IQD per USD used for the sale
  items: SaleLineDto[];
  subtotal: number;
  discountType: 'percentage' | 'fixed' | null;
  discountValue: number | null; // percent, or dollars for fixed
  discountAmount: number;
  loyaltyDiscount: number;
  loyaltyPointsRedeemed: number;
  loyaltyPointsAwarded: number;
  taxRate: number; // percent
  taxMode: TaxMode; // the tax was included in the prices, or added to them
  taxAmount: number; // dollars, part of the total either way
  total: number;
  /**
   * The sale exact in its own currency: dollars for USD, whole dinars for IQD, as charged and handed over.
   * amountTendered is the tenders' value and change the change's value in the sale's currency;
   * cashRounding is what cash rounding added or took off (total + cashRounding was paid).
   */
  amountsInCurrency: {
    currency: 'USD' | 'IQD';
    subtotal: number;
    discountAmount: number;
    loyaltyDiscount: number;
    taxAmount: number;
    total: number;
    amountTendered: number;
    change: number;
    cashRounding: number;
    refunded: number;
  };
  refunded: boolean; // true when the whole sale has been refunded
  refundState: 'none' | 'partial' | 'full';
  refundedAmount: number; // dollars
  refunds: SaleRefundDto[];
  voided: { at: string; by: string | null; reason: string | null } | null;
  customerId: string | null;
  customer: { _id: string; firstName: string; lastName: string; phone: string } | null;
  cashier: { _id: string; username: string; firstName: string; lastName: string };
  /** A sale made in an exchange (its answer, and the sale read by id): the sale whose units came back, what they were worth and what went back. */
  exchange?: SaleExchangeDto;
}

/** What an exchange returned: its value paid for the new sale; whatever was left went back in cash (`back`). */
export interface SaleExchangeDto {
  saleId: string;
  invoiceNumber: string;
  refundId: string;
  /** The returned units' value, sale currency. */
  returnMinor: number;
  /** What the customer still paid of the new sale, sale currency. */
  dueMinor: number;
  back: { method: 'cash'; currency: Currency; amountMinor: number } | null;
}

/** POST /api/transactions/:id/refund (201). */
export interface SaleRefundResultDto {
  refund: SaleRefundDto;
  fullyRefunded: boolean;
  transaction: SaleDto;
}

/** A product as the till saw it when selling (the server keeps its own copy). */
export interface SaleRequestSnapshot {
  name?: string | { en?: string; ku?: string };
  sku?: string;
  price?: number; // dollars
}

/** One line of POST /api/transactions. Money in the sale's currency when the request has tenders, else dollars. */
export interface SaleRequestLine {
  product: string; // product id
  productSnapshot?: SaleRequestSnapshot;
  /** Units, packs (with `pack`), or grams (a product sold by weight). */
  quantity: number;
  /** The pack sold: the quantity is packs, each at the pack's price. */
  pack?: string;
  /** The scale label scanned for this line (13 digits). */
  scaleLabel?: string;
  unitPrice: number;
  subtotal: number;
  /** The product's own discount as the client saw it: a percent (type percentage, the default) or the line's amount (type fixed). */
  discount?: number;
  discountType?: DiscountType;
}

/** The specification's one cash payment, in dollars (a request without tenders). */
export interface SaleRequestPaymentDetails {
  amountTendered: number;
  change?: number;
}

/** A line of an earlier sale coming back in an exchange, and how many of its units. */
export interface SaleRequestExchangeLine {
  lineId: string;
  quantity: number;
}

/** Makes the sale an exchange: these units of that sale come back in the same transaction. */
export interface SaleRequestExchange {
  saleId: string;
  lines: SaleRequestExchangeLine[];
  /** Whether the units go back on the shelf (absent: they do); a damaged item is taken back without. */
  restock?: boolean;
}

/**
 * POST /api/transactions: the till's request (spec part 1 §3). The server validates it (sales' CreateSaleDto
 * implements it), prices everything again and checks the client's figures against its own.
 */
export interface SaleRequest {
  exchangeFor?: SaleRequestExchange;
  customer?: string | null;
  items: SaleRequestLine[];
  subtotal: number;
  discountType?: DiscountType;
  /** Percent for 'percentage', an amount for 'fixed'. */
  discountValue?: number;
  discountAmount?: number;
  loyaltyDiscount?: number;
  loyaltyPointsRedeemed?: number;
  /** The tax in the total, included or added (optional: the server prices it with the shop's rate either way). */
  taxAmount?: number;
  total: number;
  currency: Currency;
  exchangeRate: number; // IQD per USD
  /** The specification's one payment (not needed with `tenders`). */
  paymentMethod?: 'cash';
  paymentDetails?: SaleRequestPaymentDetails;
  /** Several tenders, each in its own currency's minor unit; the request's figures are then in the sale's currency. */
  tenders?: SaleTender[];
  /** The currency change is given in (default: the sale's currency). */
  changeCurrency?: Currency;
  paymentStatus?: 'paid';
  register?: string;
  /** A number from a block reserved for this register (a sale the till made offline). */
  reservedInvoiceNumber?: string;
  /** When a sale kept offline was made (with a reserved number). */
  madeOfflineAt?: string;
  /** The shift open on the till when the sale was made. */
  shiftId?: string;
  /** The till's own provisional number; the server assigns the real one. */
  invoiceNumber?: string;
  createdAt?: string;
}

/**
 * True only when A and B have the same property names: a class-validator class `implements` a request type, and
 * `const _: SameKeys<Dto, Request> = true` also fails the compile when the request gains an optional field the class lacks.
 */
export type SameKeys<A, B> = [Exclude<keyof A, keyof B>, Exclude<keyof B, keyof A>] extends [never, never] ? true : false;
