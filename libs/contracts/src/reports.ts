// The four reports (spec part 2 §3, §7) and their exports. Money is in the currency the viewer asked for:
// dollars with 2 decimals for USD, whole dinars for IQD. The sales report's money is each sale at its own rate (in
// dinars: the dinar sales' own dinars and the dollar sales' at their rate; in dollars the other way round); the
// other reports' dinars are at the viewer's exchange rate.
import type { Currency } from './money.js';
import type { TenderMethod } from './tenders.js';
import type { LocalizedText } from './events.js';
import type { Role } from './permissions.js';
import type { SoldBy } from './catalog-dto.js';
import type { ExpenseCategory, ExpenseStatus, ReportExportFormat, ReportType } from './constants.js';

/** What every report says about itself: the range it covers (yyyy-MM-dd, null = open), the currency and rate used. */
export interface ReportMetaDto {
  startDate: string | null;
  endDate: string | null;
  currency: Currency;
  exchangeRate: number; // IQD per USD used for IQD amounts
  timeZone: string; // the shop's days
  storeName: string;
  generatedAt: string;
}

export interface SalesReportDto extends ReportMetaDto {
  summary: {
    totalSales: number; // paid by customers, less voids and refunds (on the day they happened)
    totalTransactions: number; // sales, less voided and fully refunded ones
    averageOrderValue: number;
    grossProfit: number; // totalSales less the cost of the goods sold
    expenses: number; // paid expenses dated in the range
    netProfit: number; // grossProfit less expenses
  };
  salesByDate: { date: string; total: number; transactions: number; profit: number }[];
  /**
   * The 50 products with the most revenue in the range. `quantity`: units sold (a carton of 12 is 12), or for a
   * product sold by weight the kilograms sold, to 3 decimals (its grams are never counted as units).
   */
  topProducts: { _id: string; name: LocalizedText; sku: string; soldBy: SoldBy; quantity: number; revenue: number; profit: number }[];
  /** What was taken and handed back per payment method and currency in the range (not converted: see TenderTakingsDto). */
  takingsByTender: TenderTakingsDto[];
}

/**
 * Money per payment method and currency, each in that currency's minor unit (US cents, whole dinars), never
 * converted: what the drawer, card terminal, bank or customer accounts actually took (tenders less the change given
 * in that currency, less what voids gave back), and what refunds handed back. In method order, then USD before IQD.
 */
export interface TenderTakingsDto {
  method: TenderMethod;
  currency: Currency;
  takenMinor: number;
  /** Payments handed over (less voided ones); 0 for a currency only change was given in. */
  payments: number;
  refundedMinor: number;
  refunds: number;
}

export interface InventoryProductRowDto {
  _id: string;
  name: LocalizedText;
  sku: string;
  category: LocalizedText | null;
  soldBy: SoldBy;
  quantity: number; // all branches together: units, or kg to 3 decimals for a product sold by weight
  price: number; // a weighed product's per kg
  cost: number;
  value: number; // price x quantity
  costValue: number; // cost x quantity
  reorderLevel: number;
}

export interface LowStockRowDto {
  _id: string;
  name: LocalizedText;
  sku: string;
  soldBy: SoldBy;
  quantity: number; // units, or kg for a product sold by weight (as is the reorder level)
  reorderLevel: number;
  lowStockThreshold: number; // the same as reorderLevel
}

/** Stock as it stands now (the range does not change it). */
export interface InventoryReportDto extends ReportMetaDto {
  summary: {
    totalProducts: number;
    totalQuantity: number; // units of the products sold by the unit
    totalWeightKg: number; // kg of the products sold by weight (3 decimals)
    totalInventoryValue: number;
    totalInventoryCost: number;
    lowStockItems: number; // at or below the reorder level, out of stock included
    outOfStockItems: number; // 0 or less
  };
  categoryInventory: {
    categoryId: string | null;
    categoryName: LocalizedText | null;
    productCount: number;
    quantity: number; // units of its products sold by the unit
    weightKg: number; // kg of its products sold by weight
    value: number;
  }[];
  /** The first page (10 by value); every page: GET /api/reports/inventory/products. */
  products: InventoryProductRowDto[];
  /** The 5 most urgent; every page: GET /api/reports/inventory/products?lowStock=true. */
  lowStockItems: LowStockRowDto[];
}

export const INVENTORY_SORT_FIELDS = [
  'name',
  'sku',
  'category',
  'quantity',
  'price',
  'cost',
  'value',
  'costValue',
  'reorderLevel',
] as const;
export type InventorySortField = (typeof INVENTORY_SORT_FIELDS)[number];

export interface StaffReportDto extends ReportMetaDto {
  summary: { totalStaff: number; totalSales: number; totalTransactions: number; totalHours: number };
  staffSales: {
    _id: string;
    name: string;
    role: Role | null;
    totalSales: number;
    transactionCount: number;
    averageTicket: number;
    hoursWorked: number;
  }[];
  /** Per person: days with sales, first and last sale in the range, voids and refunds they made. */
  staffActivity: {
    _id: string;
    name: string;
    role: Role | null;
    daysWorked: number;
    firstSale: string | null;
    lastSale: string | null;
    voids: number;
    refunds: number;
    refundedAmount: number;
  }[];
  /** Per day: sales, transactions and how many people sold. */
  activityTimeline: { date: string; totalSales: number; transactions: number; activeStaff: number }[];
  staffExpenses: {
    _id: string;
    expenseNumber: string;
    title: string;
    staff: { firstName: string; lastName: string };
    type: ExpenseCategory;
    amount: number;
    description: string | null;
    date: string; // yyyy-MM-dd
    status: ExpenseStatus;
  }[];
}

export const PURCHASE_FREQUENCY_GROUPS = ['oneTime', 'occasional', 'regular', 'frequent'] as const;
export type PurchaseFrequencyGroup = (typeof PURCHASE_FREQUENCY_GROUPS)[number];

export interface CustomerReportDto extends ReportMetaDto {
  summary: { totalCustomers: number; newCustomers: number; activeCustomers: number; totalLoyaltyPoints: number };
  /** Customers by purchases in the range: 1, 2-3, 4-9, 10 or more. */
  purchaseFrequency: Record<PurchaseFrequencyGroup, number>;
  /** Customers by their points now: 0, 1-99, 100-499, 500-999, 1000+. */
  loyaltyDistribution: { range: string; count: number }[];
  /** New members per day, or per month (date = the 1st) when the range is longer than 92 days. */
  newCustomersOverTime: { date: string; count: number }[];
  newCustomersInterval: 'day' | 'month';
  /** The 50 customers who spent most in the range. */
  topCustomers: {
    _id: string;
    customerName: string;
    firstName: string;
    lastName: string;
    totalSpent: number;
    purchaseCount: number;
    loyaltyPoints: number;
    lastPurchase: string | null;
  }[];
}

export interface ReportDtos {
  sales: SalesReportDto;
  inventory: InventoryReportDto;
  staff: StaffReportDto;
  customers: CustomerReportDto;
}

export type ReportDto = ReportDtos[ReportType];

/** GET /api/reports/exports/:id: how far an export the caller started has come. */
export interface ExportProgressDto {
  exportId: string;
  type: ReportType;
  format: ReportExportFormat;
  state: 'queued' | 'running' | 'done' | 'failed' | 'cancelled';
  progress: number; // 0..1
  position: number; // exports ahead of it in the PDF queue (0 once it runs)
}

/** The file name an export is saved under (spec part 2 §7). */
export function reportFileName(type: ReportType, format: ReportExportFormat): string {
  return `${type}-report.${format}`;
}

export const LOYALTY_RANGES = [
  { range: '0', min: 0, max: 0 },
  { range: '1-99', min: 1, max: 99 },
  { range: '100-499', min: 100, max: 499 },
  { range: '500-999', min: 500, max: 999 },
  { range: '1000+', min: 1000, max: Number.POSITIVE_INFINITY },
] as const;

/** The purchase-frequency group of a customer with `purchases` purchases in the range (none: null). */
export function purchaseFrequencyGroup(purchases: number): PurchaseFrequencyGroup | null {
  if (purchases <= 0) return null;
  if (purchases === 1) return 'oneTime';
  if (purchases <= 3) return 'occasional';
  if (purchases <= 9) return 'regular';
  return 'frequent';
}
