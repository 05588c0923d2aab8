// Sales' JSON shapes: a sale, its lines and refunds. Money in USD dollars as JSON numbers; the database keeps
// integer cents.
import type { LocalizedTextDto } from './catalog-dto.js';

export interface SaleLineDto {
  _id: string; // line id (refunds name lines by it)
  product: string; // product id
  productSnapshot: { name: LocalizedTextDto; sku: string; price: number }; // as sold
  quantity: number;
  unitPrice: number; // list price of one unit, dollars
  discount: number; // the product's own discount, percent
  discountType: 'percentage';
  discountAmount: number; // dollars taken off this line
  subtotal: number; // quantity x unitPrice - discountAmount, dollars
  refundedQuantity: number;
}

export interface SaleRefundDto {
  _id: string;
  amount: number; // dollars returned
  pointsReturned: number;
  pointsRevoked: number;
  reason: string | null;
  lines: { lineId: string; quantity: number; amount: number }[];
  createdBy: string;
  createdAt: string;
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
  paymentMethod: 'cash';
  paymentDetails: { amountTendered: number; change: number }; // dollars
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
  taxRate: number; // percent, included in the prices
  taxAmount: number; // dollars, included in the total
  total: number;
  /** The same amounts in the sale's currency: dollars for USD, whole dinars for IQD (derived from cents and the rate). */
  amountsInCurrency: {
    currency: 'USD' | 'IQD';
    subtotal: number;
    discountAmount: number;
    loyaltyDiscount: number;
    taxAmount: number;
    total: number;
    amountTendered: number;
    change: number;
  };
  refunded: boolean; // true when the whole sale has been refunded
  refundState: 'none' | 'partial' | 'full';
  refundedAmount: number; // dollars
  refunds: SaleRefundDto[];
  voided: { at: string; by: string | null; reason: string | null } | null;
  customerId: string | null;
  customer: { _id: string; firstName: string; lastName: string; phone: string } | null;
  cashier: { _id: string; username: string; firstName: string; lastName: string };
}

/** POST /api/transactions/:id/refund (201). */
export interface SaleRefundResultDto {
  refund: SaleRefundDto;
  fullyRefunded: boolean;
  transaction: SaleDto;
}
