// JSON shapes the API returns (ARCHITECTURE §4: ids are `_id`, bilingual fields `{en, ku}`, dates ISO strings).
// Catalog's and sales' shapes are in catalog-dto.ts and sales-dto.ts; expenses' and reports' in expenses.ts and reports.ts.
import type { ScaleLabelRule } from './scale-labels.js';
import type { Currency } from './money.js';
import type { Locale } from './messages.js';
import type { Permissions, Role } from './permissions.js';
import type { TaxMode } from './pricing.js';
import type { CurrencyAmounts } from './tenders.js';
import type { TenderTakingsDto } from './reports.js';

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

/** POST /api/auth/register: a new user (texts as typed; the server trims them, reads the phone as people write it). */
export interface CreateUserRequest {
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  phone?: string;
  password: string;
  role?: Role;
  active?: boolean;
  languagePreference?: Locale;
  permissions?: Permissions;
  /** Admin only. null: the installation's default branch. */
  homeBranch?: string | null;
  /** Admin only: the branches the user may work in (null: the home branch only). */
  branches?: string[] | null;
}

/** PUT /api/auth/users/:id: any of a new user's fields; a blank phone removes it, null permissions go back to the role's. */
export type UpdateUserRequest = Partial<Omit<CreateUserRequest, 'permissions'>> & { permissions?: Permissions | null };

export interface LoginResponse {
  success: true;
  token: string;
  data: AuthUserDto;
  message: string;
  /** Names this device for this account: sent with its next sign-in, a flood of guesses from its address cannot lock it out. */
  deviceToken?: string;
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
  /** What the customer owes, per currency in its own minor unit (issue 31). */
  accountBalance?: { USD: number; IQD: number };
  /** 0: no credit. */
  creditLimit?: { currency: 'USD' | 'IQD'; amountMinor: number };
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

/** The sale's account tender, held on the customer's account within their credit limit (issue 31). */
export interface AccountHoldRequestDto {
  usdCents: number;
  iqd: number;
  exchangeRate: number; // IQD per USD, the sale's
  /** The seller may go beyond the credit limit (customers → credit). */
  override: boolean;
  branchId: string;
}

/** POST /internal/loyalty/sales/:saleId/reserve (sales -> loyalty), idempotent by saleId; Accept-Language words a refusal. */
export interface ReserveRequestDto {
  customerId: string | null;
  pointsToRedeem: number;
  totalBeforeLoyaltyUsdCents: number;
  /** A loyalty discount sent without its points (pointsToRedeem 0): loyalty derives the points worth exactly that. */
  loyaltyDiscountUsdCents?: number;
  /** This attempt at the sale: a release names it, and a reserve of a released attempt holds nothing. */
  attempt?: string;
  account?: AccountHoldRequestDto;
}

/** The points a reserve holds for the sale, and what they take off it (USD cents). */
export interface ReservedRedemptionDto {
  reservationId: string;
  points: number;
  valueCents: number;
}

export interface ReserveResponseDto {
  redemption: ReservedRedemptionDto | null;
  pointsToAward: number; // on the total after the loyalty discount, with status multiplier and tier bonus
}

/** POST /internal/loyalty/sales/:saleId/release (sales -> loyalty): the failed attempt's hold goes back. */
export interface ReleaseRequestDto {
  customerId: string;
  attempt: string;
}

// --- reporting

export type TrendDto = 'up' | 'down';

/** GET /api/dashboard `data` (spec part 1 §3). Money in dollars; "today" in the shop's time zone. */
export interface DashboardDto {
  /** Dollars: the dollar sales' own and the dinar sales' at each one's rate. */
  todaySales: number;
  /** Whole dinars: the dinar sales' own and the dollar sales' at each one's rate. */
  todaySalesIqd: number;
  /** Today's money per payment method and currency, each in its own minor unit. */
  todayTakings: TenderTakingsDto[];
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
  taxRate: number; // percent (0: no tax)
  taxMode: TaxMode; // the rate is included in prices, or added to them
  /** Dinar cash amounts round to this many dinars (250 for a new shop); 1 = none. */
  iqdCashRounding: number;
  /** The currency the till starts the change in; the cashier may pick the other. */
  changeCurrency: Currency;
  /** Whether a till may sell with no shift open on its register. */
  sellWithoutShift: boolean;
  /** A close whose count differs from the expected by more than this (per currency, minor units) needs pos → close. */
  shiftDifferenceLimit: CurrencyAmounts;
  /** How the till reads the shop's scale labels (labels off by default; absent from an older server). */
  scaleLabel?: ScaleLabelRule;
  branches: BranchDto[];
  updatedAt: string | null;
}
