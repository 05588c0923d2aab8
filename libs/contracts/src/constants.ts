// Business constants of spec part 1 §9 and part 2 §9, and the small pure rules that go with them.
// DEFAULT_EXCHANGE_RATE and the currencies live in money.ts.

// --- timers (milliseconds)
export const DASHBOARD_REFRESH_MS = 300_000;
export const PERMISSION_REFRESH_MS = 30_000;
export const TOAST_MS = 5_000;
export const DELETE_MODAL_CLOSE_MS = 1_500;
export const SCANNER_KEY_GAP_MS = 50;
export const SUCCESS_REDIRECT_MS = 2_000;
export const REPORT_CACHE_MS = 300_000;
export const PERMISSIONS_CHANGED_TOAST_MS = 5_000;
export const EXPENSE_TOAST_MS = 3_000;
export const HTTP_TIMEOUT_MS = 30_000;
/** Desktop shell: consecutive connection failures before one server restart, and the wait before retrying. */
export const CONNECTION_FAILURES_BEFORE_RESTART = 3;
export const RESTART_RETRY_WAIT_MS = 2_000;
export const SERVER_LOG_LINES = 100;
export const DESKTOP_SERVER_PORT = 5000;

// --- page sizes
export const PRODUCTS_PAGE_SIZE = 20;
/** Page buttons show the first, the last, and pages within this distance of the current one. */
export const PAGE_BUTTON_SIBLINGS = 2;
export const DEFAULT_PAGE_LIMIT = 10;
export const USERS_PAGE_SIZE = 10;
export const REPORT_TABLE_PAGE_SIZE = 10;
export const LOW_STOCK_TABLE_PAGE_SIZE = 5;
export const TRANSACTIONS_FETCH_LIMIT = 1000;
export const TRANSACTIONS_PAGE_SIZE = 10;
export const EXPENSES_PAGE_SIZE = 20;
/** Upper bound of any list call's `limit` (the transactions list asks for 1000). */
export const MAX_PAGE_LIMIT = 1000;

// --- products and stock
export const DEFAULT_REORDER_LEVEL = 10;
export const DEFAULT_PRODUCT_QUANTITY = 1;
export const STOCK_BADGE_GREEN_ABOVE = 10;
export const STOCK_BADGE_RED_AT_OR_BELOW = 5;
export const COPY_SEARCH_MIN_CHARS = 2;
export const DISCOUNT_PERCENT_MIN = 0;
export const DISCOUNT_PERCENT_MAX = 100;
export const BARCODE_PREFIX = '9990001';
export const BARCODE_LENGTH = 13;

// --- till and sales
export const DEFAULT_REGISTER = 'main';
export const DEFAULT_BRANCH = 'main';
export const RECEIPT_WIDTH_MM = 58;
export const INVOICE_PREFIX = 'INV-';
/** Estimated value of one loyalty point: 0.01 currency unit, i.e. 1 US cent. */
export const LOYALTY_POINT_VALUE_CENTS = 1;

// --- users, customers, language (the rules of usernames, emails and passwords: validation.ts; phones: phone.ts)
export const DEFAULT_COUNTRY = 'Iraq';
export const DEFAULT_LANGUAGE = 'en';

// --- reports
export const REPORT_TYPES = ['sales', 'inventory', 'staff', 'customers'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
export const REPORT_EXPORT_FORMATS = ['pdf', 'csv', 'xlsx'] as const;
export type ReportExportFormat = (typeof REPORT_EXPORT_FORMATS)[number];
export const REPORT_PRESETS = ['today', 'yesterday', 'last7days', 'last30days', 'thisMonth', 'lastMonth', 'allTime'] as const;
export type ReportPreset = (typeof REPORT_PRESETS)[number];
export const DEFAULT_REPORT_PRESET: ReportPreset = 'last7days';
/** Report query dates (startDate, endDate). */
export const REPORT_DATE_FORMAT = 'yyyy-MM-dd';
export const DISPLAY_DATE_FORMAT = 'MMM dd, yyyy';

// --- settings
/** The spec's expense form pre-fills 1410; prefer the current settings rate when the form has one. */
export const EXPENSE_FORM_DEFAULT_EXCHANGE_RATE = 1410;
export const LOYALTY_MULTIPLIER_MIN = 1;
/** The largest count or dollar figure of the loyalty settings (points, thresholds, caps). */
const LOYALTY_FIGURE_MAX = 1_000_000_000;
/**
 * Each figure of the loyalty settings (spec part 2 §5, §7): its least and largest value, the decimals it takes (0: a
 * whole number) and the form's step. The service's request class and the settings form check each figure by it.
 */
export const LOYALTY_FIELDS = Object.freeze({
  pointsPerDollar: { min: 0, max: 10_000, step: 0.1, decimals: 2 },
  /** Dollars per point. */
  redemptionRate: { min: 0, max: 10_000, step: 0.001, decimals: 4 },
  minimumPoints: { min: 0, max: LOYALTY_FIGURE_MAX, step: 1, decimals: 0 },
  minimumRedemption: { min: 0, max: LOYALTY_FIGURE_MAX, step: 1, decimals: 0 },
  /** Dollars; 0 means no cap. */
  maximumRedemptionValue: { min: 0, max: LOYALTY_FIGURE_MAX, step: 0.01, decimals: 2 },
  statusTier: { min: 0, max: LOYALTY_FIGURE_MAX, step: 1, decimals: 0 },
  statusMultiplier: { min: LOYALTY_MULTIPLIER_MIN, max: 100, step: 0.1, decimals: 2 },
  /** A sale's total in dollars that reaches a purchase tier. */
  tierThreshold: { min: 0, max: LOYALTY_FIGURE_MAX, step: 0.01, decimals: 2 },
  /** Points (fixed) or percent of the base points (percentage). */
  tierBonusValue: { min: 0, max: LOYALTY_FIGURE_MAX, step: 0.01, decimals: 2 },
} as const satisfies Record<string, { min: number; max: number; step: number; decimals: number }>);
export type LoyaltyField = keyof typeof LOYALTY_FIELDS;

// --- expenses (spec part 2 §3, §4)
export const EXPENSE_CATEGORIES = [
  'utilities',
  'rent',
  'supplies',
  'equipment',
  'maintenance',
  'marketing',
  'transportation',
  'office',
  'professional_services',
  'insurance',
  'taxes',
  'other',
] as const;
export type ExpenseCategory = (typeof EXPENSE_CATEGORIES)[number];
export const EXPENSE_PAYMENT_METHODS = ['cash', 'card', 'transfer', 'check', 'other'] as const;
export type ExpensePaymentMethod = (typeof EXPENSE_PAYMENT_METHODS)[number];
export const EXPENSE_STATUSES = ['pending', 'approved', 'rejected', 'paid'] as const;
export type ExpenseStatus = (typeof EXPENSE_STATUSES)[number];
export const RECURRING_FREQUENCIES = ['daily', 'weekly', 'monthly', 'quarterly', 'yearly'] as const;
export type RecurringFrequency = (typeof RECURRING_FREQUENCIES)[number];
export const DEFAULT_EXPENSE_PAYMENT_METHOD: ExpensePaymentMethod = 'cash';
export const DEFAULT_RECURRING_FREQUENCY: RecurringFrequency = 'monthly';
export const CARD_LAST_DIGITS_MAX = 4;

// --- transactions
export const PAYMENT_STATUSES = ['paid', 'pending', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
/** How the UI names a payment status (spec part 2 §4); anything else is 'Unknown'. */
export function paymentStatusLabel(status: string): 'Completed' | 'Pending' | 'Cancelled' | 'Unknown' {
  if (status === 'paid') return 'Completed';
  if (status === 'pending') return 'Pending';
  if (status === 'failed') return 'Cancelled';
  return 'Unknown';
}

// --- rules

export type StockStatus = 'out' | 'low' | 'in';

/** Out at 0 or less; low at or below the reorder level; otherwise in stock (spec part 1 §4). */
export function stockStatus(quantity: number, reorderLevel: number): StockStatus {
  if (quantity <= 0) return 'out';
  if (quantity <= reorderLevel) return 'low';
  return 'in';
}

export type StockBadgeColour = 'green' | 'amber' | 'red';

/** Till tile badge: above 10 green, 6 to 10 amber, 5 or less red (spec part 1 §2). */
export function stockBadgeColour(quantity: number): StockBadgeColour {
  if (quantity > STOCK_BADGE_GREEN_ABOVE) return 'green';
  if (quantity > STOCK_BADGE_RED_AT_OR_BELOW) return 'amber';
  return 'red';
}

/** EAN-13 check digit of the first 12 digits (weights 1 and 3 from the left). */
export function ean13CheckDigit(first12: string): number {
  if (!/^\d{12}$/.test(first12)) throw new RangeError(`EAN-13 needs exactly 12 digits, got '${first12}'`);
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

export function isValidEan13(code: string): boolean {
  return typeof code === 'string' && /^\d{13}$/.test(code) && ean13CheckDigit(code.slice(0, 12)) === Number(code[12]);
}

/** The fallback barcode for a sequence number: '9990001', five digits, check digit (spec part 1 §9). */
export function fallbackBarcode(sequence: number): string {
  if (!Number.isInteger(sequence) || sequence < 0 || sequence > 99_999) {
    throw new RangeError(`Barcode sequence must be an integer from 0 to 99999, got ${sequence}`);
  }
  const first12 = BARCODE_PREFIX + String(sequence).padStart(BARCODE_LENGTH - 1 - BARCODE_PREFIX.length, '0');
  return first12 + String(ean13CheckDigit(first12));
}

/** Percent discount clamped to 0-100 (spec part 1 §5); not-a-number counts as 0. */
export function clampDiscountPercent(percent: number): number {
  if (!Number.isFinite(percent)) return percent === Infinity ? DISCOUNT_PERCENT_MAX : DISCOUNT_PERCENT_MIN;
  return Math.min(DISCOUNT_PERCENT_MAX, Math.max(DISCOUNT_PERCENT_MIN, percent));
}

/**
 * The columns of a product import file, as its template and the barcode labels CSV write them (the labels CSV
 * has the first five). The import also reads other spellings (e.g. 'price', Kurdish labels).
 */
export const PRODUCT_IMPORT_HEADERS = {
  nameEn: 'Name (English)',
  nameKu: 'Name (Kurdish)',
  sku: 'SKU',
  barcode: 'Barcode',
  price: 'Price (USD)',
  priceIqd: 'Price (IQD)',
  cost: 'Cost (USD)',
  quantity: 'Quantity',
  category: 'Category',
  reorderLevel: 'Reorder level',
  discount: 'Discount (%)',
  active: 'Active',
  descriptionEn: 'Description (English)',
  descriptionKu: 'Description (Kurdish)',
} as const;
