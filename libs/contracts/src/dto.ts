// JSON shapes the API returns (ARCHITECTURE §4: ids are `_id`, bilingual fields `{en, ku}`, dates ISO strings).
// Each service adds its own DTO file beside this one.
import type { Locale } from './messages.js';
import type { Permissions, Role } from './permissions.js';

export interface Pagination {
  total: number; // items matching the filters
  page: number; // 1-based
  limit: number; // page size
  pages: number; // ceil(total / limit), at least 0
}

export interface Paginated<T> {
  data: T[];
  pagination: Pagination;
}

/** `{ success: true, data }` envelope used by calls whose clients read `data`. */
export interface ApiSuccess<T> {
  success: true;
  data: T;
  message?: string;
}

export interface AuthUserDto {
  _id: string;
  username: string;
  firstName: string;
  lastName: string;
  name: string; // 'firstName lastName'
  email: string;
  phone: string | null;
  role: Role;
  active: boolean;
  languagePreference: Locale;
  lastLogin: string | null; // null: never signed in
  permissions: Permissions | null; // the user's own overrides; null when the role defaults apply
  effectivePermissions: Required<Permissions>; // what the user may do now (overrides merged with role defaults)
  /** The branch the user works in unless the app names another; null: the installation's default branch. */
  homeBranch?: string | null;
  /** The branches the user may work in; null: the home branch only (admins: every branch). */
  branches?: string[] | null;
  createdAt: string;
}

export interface LoginResponse {
  success: true;
  token: string;
  data: AuthUserDto;
  message: string;
}

/** Pagination for `total` items, `limit` per page, on `page`. */
export function paginationOf(total: number, page: number, limit: number): Pagination {
  return { total, page, limit, pages: limit > 0 ? Math.ceil(total / limit) : 0 };
}

// --- loyalty and customers (money in dollars as JSON numbers; the database keeps integer cents)

export type LoyaltyStatusDto = 'standard' | 'silver' | 'gold' | 'platinum';

/** GET/POST/PUT /api/customers[/:id]; GET /api/customers is an array of these (or {data, pagination} with ?page=). */
export interface CustomerDto {
  _id: string;
  firstName: string;
  lastName: string;
  fullName: string;
  phone: string;
  email: string | null;
  address: { street: string | null; city: string | null; state: string | null; zipCode: string | null; country: string };
  languagePreference: Locale;
  loyaltyPoints: number; // spendable balance (the points ledger's sum)
  lifetimePoints: number; // points ever earned, net of points taken back; decides the status
  loyaltyStatus: LoyaltyStatusDto;
  totalSpent: number; // dollars
  purchaseCount: number;
  lastPurchase: string | null;
  memberSince: string;
  createdAt: string;
  updatedAt: string;
}

/** GET/PUT /api/loyalty/settings `data` (spec part 2 §3); PUT takes the same object. */
export interface LoyaltySettingsDto {
  enabled: boolean;
  pointsPerDollar: number;
  redemptionRate: number; // dollars per point
  minimumPoints: number; // balance needed before redeeming
  minimumRedemption: number; // fewest points per redemption
  maximumRedemptionValue: number; // dollars per redemption; 0 = no cap
  statusTiers: { silver: number; gold: number; platinum: number }; // lifetime points
  statusMultipliers: { standard: number; silver: number; gold: number; platinum: number };
  tiers: { threshold: number; bonusType: 'fixed' | 'percentage'; bonusValue: number }[]; // threshold: sale total, dollars
}

/** POST /api/transactions/redeem `data`: a quote; nothing is spent until a sale uses it. */
export interface RedemptionQuoteDto {
  pointsRedeemed: number;
  monetaryValue: number; // dollars
}

/** POST /internal/loyalty/sales/:saleId/reserve (sales -> loyalty), idempotent by saleId. */
export interface ReserveRequestDto {
  customerId: string | null;
  pointsToRedeem: number;
  totalBeforeLoyaltyUsdCents: number;
  /** A loyalty discount sent without its points (pointsToRedeem 0): loyalty derives the points worth exactly that. */
  loyaltyDiscountUsdCents?: number;
}

export interface ReserveResponseDto {
  redemption: { reservationId: string; points: number; valueCents: number } | null;
  pointsToAward: number; // on the total after the loyalty discount, with status multiplier and tier bonus
}

// --- reporting

export type TrendDto = 'up' | 'down';

/** GET /api/dashboard `data` (spec part 1 §3). Money in dollars; "today" in the shop's time zone. */
export interface DashboardDto {
  todaySales: number;
  totalProducts: number;
  lowStock: number;
  activeUsers: number;
  salesTrend: TrendDto;
  salesPercent: number;
  productsTrend: TrendDto;
  productsPercent: number;
  lowStockTrend: TrendDto;
  lowStockPercent: number;
  usersTrend: TrendDto;
  usersPercent: number;
  recentTransactions: { id: string; invoiceNumber: string; date: string; amount: number; status: string }[];
}

// --- catalog (money in dollars as JSON numbers; the database keeps integer cents)

export interface LocalizedTextDto {
  en: string;
  ku: string;
}

export interface CategoryRefDto {
  _id: string;
  name: LocalizedTextDto;
}

export interface CostHistoryEntryDto {
  date: string; // ISO timestamp the batch was received
  quantity: number; // units in the batch
  cost: number; // unit cost of the batch, dollars
}

export type StockStatusDto = 'out' | 'low' | 'in';

/** GET/POST/PUT /api/products[/:id], search results, and the list without view=till. */
export interface ProductDto {
  _id: string;
  sku: string;
  barcode: string | null;
  name: LocalizedTextDto;
  description: LocalizedTextDto;
  category: CategoryRefDto | null;
  categoryId: string | null;
  price: number; // dollars
  cost: number; // average unit cost, dollars
  quantity: number; // stock in the caller's branch (may be below 0 after sales)
  reorderLevel: number;
  stockStatus: StockStatusDto; // out (<= 0), low (<= reorderLevel), in
  active: boolean;
  discount: number; // percent 0-100
  images: string[];
  imageUrl: string | null;
  version: number; // increases with every change
  createdAt: string;
  updatedAt: string;
  /** Only on single-product answers (GET /:id, POST, PUT, PATCH quantity): newest first. */
  costHistory?: CostHistoryEntryDto[];
  /** POST only: true when the sku already existed and the quantity was added to that product (status 200, not 201). */
  merged?: boolean;
  /** With merged: the explanation to show, in the caller's language. */
  message?: string;
}

/** GET /api/products?active=true&view=till: the compact form the till loads for every product. */
export interface TillProductDto {
  _id: string;
  sku: string;
  barcode: string | null;
  name: LocalizedTextDto;
  price: number; // dollars
  discount: number; // percent
  quantity: number; // stock in the caller's branch
  categoryId: string | null;
  imageUrl: string | null;
}

/** GET /api/categories[/:id]; POST/PUT answers. */
export interface CategoryDto {
  _id: string;
  name: LocalizedTextDto;
  parent: string | null; // parent id
  image: string | null;
  active: boolean;
  productCount: number; // live products directly in this category
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** GET /api/categories/tree: roots, each with its children, recursively. */
export interface CategoryTreeNodeDto extends CategoryDto {
  children: CategoryTreeNodeDto[];
}

export type StockMovementReasonDto = 'received' | 'sold' | 'returned' | 'adjusted';

/** GET /api/products/:id/stock-movements: newest first. */
export interface StockMovementDto {
  _id: string;
  productId: string;
  branchId: string;
  delta: number; // signed units
  quantityAfter: number;
  reason: StockMovementReasonDto;
  refType: 'product' | 'sale' | 'void' | 'refund' | 'adjustment';
  refId: string | null;
  unitCost: number | null; // dollars, for received batches
  note: string | null;
  actorId: string | null;
  createdAt: string;
}

/** GET /api/products/generate-barcode */
export interface GeneratedBarcodeDto {
  success: true;
  barcode: string; // EAN-13 starting 9990001, unused
}

// --- sales (money in USD dollars as JSON numbers; the database keeps integer cents)

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

// --- settings

export interface BranchDto {
  _id: string; // 'main' in a one-shop install
  name: string;
  registers: string[];
  /** A deactivated branch keeps its history but nobody works in it. */
  active: boolean;
}

/** GET/PUT /api/settings/general */
export interface GeneralSettingsDto {
  exchangeRate: number; // the global IQD per USD
  /** User id -> own rate: every user's for an admin, only the caller's own otherwise. */
  userExchangeRates: Record<string, number>;
  /** The rate that applies to the caller (own if set, else global). */
  effectiveExchangeRate: number;
  isUserSpecific: boolean;
  storeName: string;
  defaultLanguage: 'en' | 'ku';
  timeZone: string; // IANA, default Asia/Baghdad
  taxRate: number; // percent, included in prices
  iqdCashRounding: number;
  branches: BranchDto[];
  updatedAt: string | null;
}

/** One refused (or failed) row of a product import: its row number in the file and why, in the reader's language. */
export interface ProductImportRowDto {
  row: number;
  errors: { field: string | null; column: string | null; message: string }[];
}

/** POST /api/products/import answers it at once (the refusals); GET /api/products/import/:id polls its progress. */
export interface ProductImportDto {
  _id: string;
  fileName: string;
  state: 'running' | 'done' | 'failed';
  rowsInFile: number;
  /** Valid rows, to import. */
  total: number;
  done: number;
  created: number;
  merged: number;
  refusedCount: number;
  /** The first 1,000 refused rows. */
  refused: ProductImportRowDto[];
  /** Valid rows that still could not be imported (the catalog changed meanwhile). */
  failed: ProductImportRowDto[];
}
