// Sales' JSON shapes: a sale, its lines and refunds. Money in USD dollars as JSON numbers; the database keeps
// integer cents.
import type { LocalizedTextDto } from './catalog-dto.js';
import type { Currency } from './money.js';
import type { TaxMode } from './pricing.js';
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
  /** Only in the answer to an exchange: the sale whose units came back, what they were worth and what went back. */
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
