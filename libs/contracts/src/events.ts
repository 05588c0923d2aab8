// Event subjects and payloads (ARCHITECTURE §6). Subjects are `dukan.<service>.<aggregate>.<event>.v1`.
// Money fields are integers in minor units: *Cents are USD cents unless a field says otherwise.
// Timestamps are ISO 8601 strings in UTC. Payloads may grow fields; a field never changes meaning within a version.
import type { ScaleLabelRule } from './scale-labels.js';
import type { Currency } from './money.js';
import type { TaxMode } from './pricing.js';
import type { SaleChange, SalePaymentMethod, SaleTender } from './tenders.js';
import type { Locale } from './messages.js';
import type { Permissions, Role } from './permissions.js';
import type { ExpenseCategory, ExpensePaymentMethod, ExpenseStatus } from './constants.js';
import type { PaymentSettingsChangedData, ReceiptSettingsChangedData } from './shop-settings.js';
import type { ShiftFigures } from './shifts.js';
import type { CurrencyAmounts } from './tenders.js';

export interface EventEnvelope<T = unknown> {
  id: string; // uuid; also the JetStream Nats-Msg-Id and the consumer inbox key
  type: string; // the subject, e.g. 'dukan.sales.sale.completed.v1'
  occurredAt: string; // when the change was committed
  branchId: string; // the branch the change belongs to ('main' in a one-shop install)
  actorId: string | null; // the user who caused it; null for system work
  correlationId?: string; // the request that caused it, for tracing
  data: T;
}

/** A bilingual text as stored everywhere: English required, Kurdish may be empty. */
export interface LocalizedText {
  en: string;
  ku: string;
}

// --- identity

export interface UserEventData {
  userId: string;
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  role: Role;
  active: boolean;
  tokenVersion: number; // tokens carrying a lower version are refused
  languagePreference: Locale;
  permissions: Permissions | null; // the user's own overrides (null: role defaults), for permission replicas
  /** The branch they work in by default (null: the shop's default branch); left out by events from before chains. */
  homeBranch?: string | null;
  /** The branches they may work in (null: their home branch only; admins work in every branch). */
  branches?: string[] | null;
}

export type SessionRevokedReason = 'logout' | 'password-reset' | 'deactivated' | 'permissions-changed' | 'deleted' | 'renamed';

// --- catalog

export interface ProductEventData {
  productId: string;
  sku: string;
  barcode: string | null;
  name: LocalizedText;
  categoryId: string | null; // leaf category chosen on the form
  priceCents: number; // selling price, USD cents (for a dinar price: at the rate when it was set, for dollar-only readers)
  // The price as it was set: in USD or IQD, in that currency's minor unit. Absent on events from before: USD, priceCents.
  priceCurrency?: Currency;
  priceMinor?: number;
  costCents: number; // current (average) unit cost, USD cents
  discountPercent: number; // 0-100
  active: boolean;
  reorderLevel: number;
  quantity: number; // stock in the envelope's branch after the change; sales move stock without a product event (follow stock.changed.v2)
  version: number; // increases with every change (edit, received batch, delete); replicas ignore a lower version than they hold
  // Absent on events from before packs and weighed goods: sold by the unit, no scale code; `packs` absent also on
  // events that did not touch them (a received batch): a replica keeps the packs it holds.
  soldBy?: 'unit' | 'weight';
  scaleCode?: string | null;
  packs?: ProductPackEventData[];
}

export interface ProductPackEventData {
  packId: string;
  barcode: string;
  units: number; // units of stock one pack takes
  priceCents: number; // USD cents per pack
  priceCurrency: Currency; // the product's price currency
  priceMinor: number; // the pack's price in that currency's minor unit
}

export interface ProductDeletedData {
  productId: string;
  sku: string;
  version: number;
}

export interface CategoryEventData {
  categoryId: string;
  name: LocalizedText;
  parentId: string | null; // null for a top-level category
  active: boolean;
  imageUrl: string | null;
  version: number;
}

/** 'counted': a stocktake's approved difference between what was counted and what the ledger held when it was counted. */
export type StockChangeReason = 'received' | 'sold' | 'returned' | 'adjusted' | 'transferred' | 'counted';
/** 'receipt': goods received from a supplier (with or without a purchase order); 'stocktake': an approved count. */
export type StockRefType = 'product' | 'sale' | 'void' | 'refund' | 'adjustment' | 'transfer' | 'receipt' | 'stocktake';
/** Why a person changed stock by hand: asked on every manual change, kept on its ledger row and in the audit log. */
export type StockAdjustmentReason = 'damaged' | 'expired' | 'theft' | 'own_use' | 'correction';

export interface StockMoveData {
  productId: string;
  delta: number; // signed change in units
  quantityAfter: number; // stock in the branch after the change
  unitCostCents: number | null; // cost of received units (a cost batch); null otherwise
}

/**
 * v2: every move of one operation (all the lines of a sale, a void, a refund; the one move of a received batch
 * or an adjustment) in one event, so a sale of five lines is one message, not five. v1 carried a single move.
 */
export interface StockChangedData {
  branchId: string;
  reason: StockChangeReason;
  refType: StockRefType; // what caused it: a product form (received), a sale, a void, a refund, a manual adjustment
  refId: string | null; // id of that thing (sale id, refund id, product id), null for a bare adjustment
  moves: StockMoveData[]; // each product at most once
}

/** A product's price in one branch: set (priceCents) or cleared (null: the product's own price applies there). */
export interface BranchPriceChangedData {
  productId: string;
  branchId: string;
  priceCents: number | null; // USD cents; null when the override is cleared
  version: number; // per product and branch; replicas ignore a lower version than they hold
}

export type TransferState = 'in_transit' | 'received' | 'short' | 'cancelled';

/**
 * Stock sent from one branch to another; `received` is null until the receiving branch counts it in. A
 * cancelled transfer (only while in transit) put all it carried back into the sending branch.
 */
export interface TransferEventData {
  transferId: string;
  number: string; // 'TR-' and digits
  fromBranch: string;
  toBranch: string;
  state: TransferState;
  lines: { productId: string; sku: string; sent: number; received: number | null; unitCostCents: number }[];
  note: string | null;
  sentAt: string;
  receivedAt: string | null;
  cancelledAt?: string | null; // set once cancelled; absent in events written before cancelling existed
}

/**
 * Goods received from a supplier into the envelope's branch: each line became a cost batch at `unitCostCents` (the
 * received cost in USD cents; `unitCostMinor` is what the supplier charged, in `currency`'s own minor unit).
 */
export interface GoodsReceivedData {
  receiptId: string;
  number: string; // 'GR-' and digits
  orderId: string | null; // null: received without a purchase order
  supplierId: string | null;
  branchId: string;
  currency: Currency;
  exchangeRate: number | null; // IQD per USD the costs were converted at; null for a receipt in USD
  lines: { productId: string; quantity: number; unitCostMinor: number; unitCostCents: number }[];
  receivedAt: string;
}

/**
 * A payment made to a supplier, in its own currency's minor unit. From a register's drawer (`source: 'drawer'`,
 * `registerId` set) it is cash out of that drawer: the shift that holds the drawer counts it once, by `paymentId`.
 */
export interface SupplierPaymentData {
  paymentId: string;
  supplierId: string;
  invoiceId: string;
  branchId: string;
  currency: Currency;
  amountMinor: number;
  source: 'bank' | 'drawer';
  registerId: string | null;
  paidAt: string;
}

// --- sales

export interface SaleLineData {
  lineId: string;
  productId: string;
  sku: string;
  name: LocalizedText; // snapshot at sale time
  quantity: number;
  unitPriceCents: number; // price charged per unit before the line discount, USD cents
  unitCostCents: number; // cost per unit at sale time, for gross profit
  discountCents: number; // line discount, USD cents
  subtotalCents: number; // quantity x unitPrice - discount
  // The same line exact in the sale's currency (cents for USD, whole dinars for IQD); absent on events from before.
  unitPriceMinor?: number;
  subtotalMinor?: number;
  netMinor?: number; // after the cart and loyalty discounts; the lines' sum is totalMinor
  // A pack line: quantity is packs, each taking unitsPerQuantity units; a weighed line: quantity in grams, price per kg;
  // a price-label line: quantity 1, unitsPerQuantity its grams. Absent on events from before: 1 unit per quantity.
  packId?: string | null;
  unitsPerQuantity?: number;
  weighed?: boolean;
}

export interface SaleEventData {
  saleId: string;
  invoiceNumber: string; // 'INV-' and digits, increasing per register
  register: string;
  branchId: string;
  cashierId: string;
  customerId: string | null; // null for a guest
  currency: Currency; // the currency shown and tendered at the till
  exchangeRate: number; // IQD per USD used for the sale
  lines: SaleLineData[];
  subtotalCents: number; // sum of line subtotals
  discountCents: number; // sale-level discount (percent or fixed), resolved to cents
  loyaltyDiscountCents: number; // value of redeemed points
  taxRateBasisPoints: number; // 100 = 1 %
  taxMode?: TaxMode; // included in the prices, or added to them (absent on events from before: included)
  taxCents: number; // in the total either way
  totalCents: number; // what the customer pays, USD cents, never below 0
  pointsRedeemed: number; // points the sale used (the reservation's `points`); loyalty spends exactly these
  redemptionId: string | null; // the loyalty reservation this sale consumes (reserve's reservationId)
  pointsAwarded: number; // points quoted by loyalty's reserve (pointsToAward); 0 if loyalty was unreachable, and loyalty then works them out
  paymentMethod: SalePaymentMethod; // the one method of its tenders, or 'mixed'
  tenderedMinor: number; // the tenders' value in the sale currency's minor units
  changeMinor: number; // the change's value, same units
  // Exact in the sale's currency (cents for USD, whole dinars for IQD): what was charged, handed over and given back.
  // Sales always send them; they are absent only on events from before they existed (read those as one cash tender
  // of tenderedMinor in the sale's currency, change changeMinor, no rounding).
  subtotalMinor?: number;
  discountMinor?: number;
  loyaltyDiscountMinor?: number;
  taxMinor?: number;
  totalMinor?: number;
  cashRoundingMinor?: number; // added (+) or taken off (-) by cash rounding; the customer paid totalMinor + this
  tenders?: SaleTender[]; // each in the currency it was handed over in
  change?: SaleChange | null; // cash given back, in its own currency; null when no cash was tendered
  completedAt: string;
}

export interface SaleVoidedData extends SaleEventData {
  voidedAt: string;
  voidedBy: string; // user id (an admin)
  reason: string | null;
}

export interface RefundLineData {
  lineId: string;
  productId: string;
  sku: string;
  quantity: number; // units refunded from that line (packs of a pack line, grams of a weighed line)
  unitsPerQuantity?: number; // stock units each of them puts back (absent: 1)
  amountCents: number; // money returned for them
  restock: boolean; // whether the units go back into stock
}

export interface SaleRefundedData {
  saleId: string;
  refundId: string;
  invoiceNumber: string;
  register: string;
  branchId: string;
  cashierId: string; // who did the refund
  customerId: string | null;
  currency: Currency;
  exchangeRate: number;
  lines: RefundLineData[];
  amountCents: number; // total returned, USD cents (at the sale's rate for a dinar sale)
  // Sales always send these; absent only on events from before they existed (then: amountCents in the sale's currency).
  amountMinor?: number; // total returned, exact in the sale's currency
  cashRoundingMinor?: number; // cash rounding of the money handed back (dinars), + or -
  // How the money went back, each in its own currency: to the tenders the sale was paid with, cash first (in the
  // currency paid) up to the cash the sale kept, then card, transfer, account in the order paid (events from before
  // named cash in the sale's currency alone, amountMinor + cashRoundingMinor).
  tenders?: SaleTender[];
  change?: SaleChange | null; // always null for a refund
  // Informational (for the till and reports): loyalty works out the points itself from what it recorded for the sale:
  // owed so far = floor(points x refunded so far / total), all of them once fully refunded; a balance never goes below 0.
  pointsReturned: number; // redeemed points given back to the customer
  pointsRevoked: number; // awarded points taken back
  fullyRefunded: boolean; // true when nothing of the sale remains
  reason: string | null;
  refundedAt: string;
}

// --- customer accounts (loyalty keeps the debt book)

/** A customer paid (some of) what they owe. Cash taken at a register counts into that register's open shift. */
export interface AccountRepaidData {
  repaymentId: string;
  customerId: string;
  branchId: string;
  method: 'cash' | 'card' | 'transfer';
  /** What was handed over, in its own currency and minor unit. */
  currency: Currency;
  amountMinor: number;
  /** IQD per USD at that moment (recorded on the entries when the payment was converted). */
  exchangeRate: number;
  registerId: string | null;
  shiftId: string | null;
  paidAt: string;
}

// --- shifts (sales: the drawer is the register's)

export interface ShiftOpenedData {
  shiftId: string;
  number: number; // increasing per shop
  branchId: string;
  register: string;
  cashierId: string;
  cashierUsername: string;
  float: CurrencyAmounts; // counted in, each currency in its own minor unit
  openedAt: string;
}

/** Cash put into or taken out of a drawer. A cash-out with asExpense is recorded once by expenses as a paid cash expense. */
export interface ShiftCashMovedData {
  movementId: string;
  shiftId: string;
  branchId: string;
  register: string;
  kind: 'cash_in' | 'cash_out';
  currency: Currency;
  amountMinor: number; // > 0, in the currency's own minor unit
  reason: string;
  asExpense: boolean;
  createdBy: string;
  createdByUsername: string;
  createdAt: string;
}

export interface ShiftClosedData {
  shiftId: string;
  number: number;
  branchId: string;
  register: string;
  cashierId: string;
  cashierUsername: string;
  openedAt: string;
  closedAt: string;
  closedBy: string;
  closedByUsername: string;
  approvedBy: string | null; // a user with pos → close who accepted a difference over the shop's limit
  figures: ShiftFigures; // the Z report
}

// --- loyalty

export interface CustomerEventData {
  customerId: string;
  firstName: string;
  lastName: string;
  phone: string;
  email: string | null;
  languagePreference: Locale;
  loyaltyPoints: number; // balance after the change
  totalSpentCents: number;
  purchaseCount: number;
  memberSince: string;
  version: number;
}

// --- settings

export interface SettingsChangedData {
  exchangeRate: number; // global IQD per USD
  userExchangeRates: Record<string, number>; // user id -> own rate
  storeName: string;
  defaultLanguage: Locale;
  timeZone: string; // IANA name, e.g. 'Asia/Baghdad'
  iqdCashRounding: number; // IQD cash amounts round to this many dinars (e.g. 250); 1 = none
  taxRateBasisPoints: number; // sales tax; 100 = 1 %, 0 = none
  taxMode?: TaxMode; // the rate is included in prices or added to them (absent before it could be added: included)
  branches: { id: string; name: string; registers: string[]; active?: boolean }[]; // active: absent before branches could be deactivated
  changed: string[]; // names of the fields that changed
  sellWithoutShift?: boolean; // whether a till may sell with no open shift (absent before shifts: it may)
  shiftDifferenceLimit?: CurrencyAmounts; // a close whose count differs by more needs pos → close (absent before shifts)
  changeCurrency?: Currency; // the currency the till starts the change in (absent before it could be set)
  scaleLabel?: ScaleLabelRule; // how the till reads the shop's scale labels (absent before: labels off)
}

/** A branch was created, renamed, deactivated or reactivated, or its registers changed. */
export interface BranchChangedData {
  branchId: string;
  name: string;
  active: boolean;
  registers: string[];
  created: boolean;
}

// --- expenses

export interface ExpenseEventData {
  expenseId: string;
  expenseNumber: string;
  title: string;
  description: string | null;
  category: ExpenseCategory;
  amountMinor: number; // in the expense currency's minor units
  currency: Currency;
  exchangeRate: number;
  amountInBaseCurrencyCents: number; // USD cents
  paymentMethod: ExpensePaymentMethod;
  expenseDate: string; // yyyy-MM-dd
  department: string | null;
  status: ExpenseStatus;
  createdBy: string; // user id
}

export interface ExpenseStatusChangedData {
  expenseId: string;
  expenseNumber: string;
  from: ExpenseStatus;
  to: ExpenseStatus;
  reason: string | null; // required when rejected
  changedBy: string; // user id
  amountInBaseCurrencyCents: number;
}

export interface EventPayloads {
  'dukan.identity.user.created.v1': UserEventData;
  'dukan.identity.user.updated.v1': UserEventData;
  'dukan.identity.user.deleted.v1': { userId: string };
  'dukan.identity.user.session-revoked.v1': { userId: string; tokenVersion: number; reason: SessionRevokedReason };

  'dukan.catalog.product.created.v1': ProductEventData;
  'dukan.catalog.product.updated.v1': ProductEventData;
  'dukan.catalog.product.deleted.v1': ProductDeletedData;
  'dukan.catalog.category.created.v1': CategoryEventData;
  'dukan.catalog.category.updated.v1': CategoryEventData;
  'dukan.catalog.category.deleted.v1': { categoryId: string };
  'dukan.catalog.stock.changed.v2': StockChangedData;
  'dukan.catalog.branch-price.changed.v1': BranchPriceChangedData;
  'dukan.catalog.transfer.sent.v1': TransferEventData;
  'dukan.catalog.transfer.received.v1': TransferEventData;
  'dukan.catalog.transfer.cancelled.v1': TransferEventData;
  'dukan.catalog.goods.received.v1': GoodsReceivedData;
  'dukan.catalog.supplier-payment.made.v1': SupplierPaymentData;

  'dukan.sales.sale.completed.v1': SaleEventData;
  'dukan.sales.sale.voided.v1': SaleVoidedData;
  'dukan.sales.sale.refunded.v1': SaleRefundedData;
  'dukan.sales.shift.opened.v1': ShiftOpenedData;
  'dukan.sales.shift.cash-moved.v1': ShiftCashMovedData;
  'dukan.sales.shift.closed.v1': ShiftClosedData;

  'dukan.loyalty.customer.created.v1': CustomerEventData;
  'dukan.loyalty.customer.updated.v1': CustomerEventData;
  'dukan.loyalty.customer.deleted.v1': { customerId: string };
  'dukan.loyalty.account.repaid.v1': AccountRepaidData;

  'dukan.settings.settings.changed.v1': SettingsChangedData;
  'dukan.settings.branch.changed.v1': BranchChangedData;
  'dukan.settings.receipt.changed.v1': ReceiptSettingsChangedData;
  'dukan.settings.payments.changed.v1': PaymentSettingsChangedData;

  'dukan.expenses.expense.created.v1': ExpenseEventData;
  'dukan.expenses.expense.updated.v1': ExpenseEventData;
  'dukan.expenses.expense.status-changed.v1': ExpenseStatusChangedData;
  'dukan.expenses.expense.deleted.v1': { expenseId: string; expenseNumber: string };
}

export type EventSubject = keyof EventPayloads;
export type EventOf<S extends EventSubject> = EventEnvelope<EventPayloads[S]> & { type: S };
/** Any known event, discriminated by `type`. */
export type AnyEvent = { [S in EventSubject]: EventOf<S> }[EventSubject];
