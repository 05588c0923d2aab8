// A report laid out for export: titles, summary, charts and tables with typed cells, in the viewer's language.
// The PDF, CSV and Excel writers all print this one document.
import { displayCell, type Cell, type CellKind } from './cell-format.js';
import {
  PURCHASE_FREQUENCY_GROUPS,
  translate,
  type Currency,
  type CustomerReportDto,
  type InventoryProductRowDto,
  type InventoryReportDto,
  type Locale,
  type LocalizedText,
  type LowStockRowDto,
  type ReportDtos,
  type ReportMetaDto,
  type ReportType,
  type SalesReportDto,
  type StaffReportDto,
  type TenderMethod,
  type TenderTakingsDto,
  type CurrencyAmounts,
} from '@dukan/contracts';

/** A quantity in the column of its kind: units, or a weighed product's kg (never read as units). */
const unitsOrKg = (p: { soldBy?: 'unit' | 'weight'; quantity: number }): [Cell, Cell] =>
  p.soldBy === 'weight' ? [null, p.quantity] : [p.quantity, null];

export interface Column {
  label: string;
  kind: CellKind;
}

export interface Table {
  key: string;
  title: string;
  columns: Column[];
  /** The rows listed here: all of them, or the first (a PDF lists the first rows of a long table). */
  rows: Cell[][];
  /** How many rows the table has in all, where that is more than `rows` lists. */
  total?: number;
  /** The rows after `rows`, read a batch at a time as they are written (a spreadsheet of every product). */
  batches?: AsyncIterable<Cell[][]>;
}

/** How many rows a table has in all. */
export const rowCount = (t: Table): number => t.total ?? t.rows.length;

/** Every row of a table a batch at a time: those listed, then those read as they are written. */
export async function* tableBatches(t: Table): AsyncGenerator<Cell[][]> {
  if (t.rows.length) yield t.rows;
  if (t.batches) yield* t.batches;
}

export interface Chart {
  title: string;
  kind: 'bars' | 'columns';
  money: boolean;
  points: { label: string; value: number }[];
}

export interface ReportDocument {
  type: ReportType;
  locale: Locale;
  currency: Currency;
  timeZone: string;
  title: string;
  storeName: string;
  rangeText: string;
  generatedAt: string;
  summary: { label: string; value: number; kind: CellKind }[];
  charts: Chart[];
  tables: Table[];
}

/** A table's rows beyond the report's first page: the first ones listed, the rest read as written, and how many in all. */
export interface MoreRows<T> {
  rows: T[];
  total: number;
  batches?: AsyncIterable<T[]>;
}

/** Rows the inventory's product and low-stock tables hold beyond the report's first page (the exports list them all). */
export interface InventoryExtra {
  products: MoreRows<InventoryProductRowDto>;
  lowStock: MoreRows<LowStockRowDto>;
}

async function* mapBatches<T>(batches: AsyncIterable<T[]>, row: (x: T) => Cell[]): AsyncGenerator<Cell[][]> {
  for await (const batch of batches) yield batch.map(row);
}

const CHART_POINTS = 10;

/** The takings one row per payment method: both currencies side by side (dollars, whole dinars), payments of both counted. */
function takingsRows(takings: readonly TenderTakingsDto[]) {
  const rows = new Map<
    TenderMethod,
    { method: TenderMethod; payments: number; refunds: number } & Record<'taken' | 'refunded', CurrencyAmounts>
  >();
  for (const x of takings) {
    let r = rows.get(x.method);
    if (!r)
      rows.set(x.method, (r = { method: x.method, payments: 0, refunds: 0, taken: { USD: 0, IQD: 0 }, refunded: { USD: 0, IQD: 0 } }));
    r.payments += x.payments;
    r.refunds += x.refunds;
    r.taken[x.currency] += x.takenMinor;
    r.refunded[x.currency] += x.refundedMinor;
  }
  return [...rows.values()].map((r) => ({
    method: r.method,
    payments: r.payments,
    refunds: r.refunds,
    takenUsd: r.taken.USD / 100,
    takenIqd: r.taken.IQD,
    refundedUsd: r.refunded.USD / 100,
    refundedIqd: r.refunded.IQD,
  }));
}

/** A branch an export was asked for: its name as settings gives it, null when settings could not say. */
export interface NamedBranch {
  id: string;
  name: string | null;
}

/**
 * `branches`: the branches an export was asked for (?branch=), named under the shop's name; null: the whole chain;
 * undefined: none asked (a single shop's file reads as before).
 */
export function buildDocument<T extends ReportType>(
  type: T,
  dto: ReportDtos[T],
  locale: Locale,
  extra?: InventoryExtra,
  branches?: readonly NamedBranch[] | null,
): ReportDocument {
  const t = (key: string, params?: Record<string, string | number>) => translate(locale, key, params);
  const col = (field: string, kind: CellKind = 'text'): Column => ({ label: t(`report.field.${field}`), kind });
  const name = (n: LocalizedText | null | undefined) => (n ? (locale === 'ku' && n.ku ? n.ku : n.en) : t('report.uncategorised'));
  const base = {
    type,
    locale,
    currency: dto.currency,
    timeZone: dto.timeZone,
    title: t(`report.title.${type}`),
    storeName: withBranches(dto.storeName, branches, locale, t),
    rangeText:
      type === 'inventory'
        ? t('report.range.inventoryNow')
        : rangeText(dto, t, (d) => displayCell(d, 'date', dto.currency, locale, dto.timeZone)),
    generatedAt: dto.generatedAt,
  };
  const sum = (field: string, value: number, kind: CellKind = 'money') => ({ label: t(`report.field.${field}`), value, kind });
  const section = (key: string, columns: Column[], rows: Cell[][]): Table => ({ key, title: t(`report.section.${key}`), columns, rows });
  /** A table of the report's first rows, or of those an export asked for beyond them. */
  const longSection = <R>(key: string, columns: Column[], first: R[], more: MoreRows<R> | undefined, row: (x: R) => Cell[]): Table =>
    more
      ? {
          ...section(key, columns, more.rows.map(row)),
          total: more.total,
          ...(more.batches ? { batches: mapBatches(more.batches, row) } : {}),
        }
      : section(key, columns, first.map(row));
  const top = (points: { label: string; value: number }[]) => points.slice(0, CHART_POINTS);

  switch (type) {
    case 'sales': {
      const d = dto as SalesReportDto;
      return {
        ...base,
        summary: [
          sum('totalSales', d.summary.totalSales),
          sum('totalTransactions', d.summary.totalTransactions, 'number'),
          sum('averageOrderValue', d.summary.averageOrderValue),
          sum('grossProfit', d.summary.grossProfit),
          sum('expenses', d.summary.expenses),
          sum('netProfit', d.summary.netProfit),
        ],
        charts: [
          {
            title: t('report.section.salesByDate'),
            kind: 'columns',
            money: true,
            points: d.salesByDate.map((p) => ({ label: p.date, value: p.total })),
          },
          {
            title: t('report.section.topProducts'),
            kind: 'bars',
            money: true,
            points: top(d.topProducts.map((p) => ({ label: name(p.name), value: p.revenue }))),
          },
        ],
        tables: [
          section(
            'salesByDate',
            [col('date', 'date'), col('total', 'money'), col('transactions', 'number'), col('profit', 'money')],
            d.salesByDate.map((p) => [p.date, p.total, p.transactions, p.profit]),
          ),
          section(
            'topProducts',
            [col('name'), col('sku'), col('quantity', 'number'), col('weightKg', 'kg'), col('revenue', 'money'), col('profit', 'money')],
            d.topProducts.map((p) => [name(p.name), p.sku, ...unitsOrKg(p), p.revenue, p.profit]),
          ),
          section(
            'takingsByTender',
            [
              col('method'),
              col('payments', 'number'),
              col('takenUsd', 'usd'),
              col('takenIqd', 'iqd'),
              col('refunds', 'number'),
              col('refundedUsd', 'usd'),
              col('refundedIqd', 'iqd'),
            ],
            takingsRows(d.takingsByTender ?? []).map((r) => [
              t(`zReport.method.${r.method}`),
              r.payments,
              r.takenUsd,
              r.takenIqd,
              r.refunds,
              r.refundedUsd,
              r.refundedIqd,
            ]),
          ),
        ],
      };
    }
    case 'inventory': {
      const d = dto as InventoryReportDto;
      return {
        ...base,
        summary: [
          sum('totalProducts', d.summary.totalProducts, 'number'),
          sum('totalQuantity', d.summary.totalQuantity, 'number'),
          sum('totalWeightKg', d.summary.totalWeightKg, 'kg'),
          sum('totalInventoryValue', d.summary.totalInventoryValue),
          sum('totalInventoryCost', d.summary.totalInventoryCost),
          sum('lowStockItems', d.summary.lowStockItems, 'number'),
          sum('outOfStockItems', d.summary.outOfStockItems, 'number'),
        ],
        charts: [
          {
            title: t('report.section.categoryInventory'),
            kind: 'bars',
            money: false,
            points: top(d.categoryInventory.map((c) => ({ label: name(c.categoryName), value: c.productCount }))),
          },
        ],
        tables: [
          section(
            'categoryInventory',
            [col('category'), col('productCount', 'number'), col('quantity', 'number'), col('weightKg', 'kg'), col('stockValue', 'money')],
            d.categoryInventory.map((c) => [name(c.categoryName), c.productCount, c.quantity, c.weightKg, c.value]),
          ),
          longSection(
            'products',
            [
              col('name'),
              col('sku'),
              col('category'),
              col('quantity', 'number'),
              col('weightKg', 'kg'),
              col('price', 'money'),
              col('cost', 'money'),
              col('stockValue', 'money'),
              col('costValue', 'money'),
            ],
            d.products,
            extra?.products,
            (p) => [name(p.name), p.sku, name(p.category), ...unitsOrKg(p), p.price, p.cost, p.value, p.costValue],
          ),
          longSection(
            'lowStock',
            [col('name'), col('sku'), col('quantity', 'number'), col('weightKg', 'kg'), col('reorderLevel', 'number')],
            d.lowStockItems,
            extra?.lowStock,
            (p) => [name(p.name), p.sku, ...unitsOrKg(p), p.reorderLevel],
          ),
        ],
      };
    }
    case 'staff': {
      const d = dto as StaffReportDto;
      const role = (r: string | null) => (r ? t(`report.role.${r}`) : '');
      return {
        ...base,
        summary: [
          sum('totalStaff', d.summary.totalStaff, 'number'),
          sum('totalSales', d.summary.totalSales),
          sum('totalTransactions', d.summary.totalTransactions, 'number'),
          sum('totalHours', d.summary.totalHours, 'hours'),
        ],
        charts: [
          {
            title: t('report.section.staffSales'),
            kind: 'bars',
            money: true,
            points: top(d.staffSales.map((p) => ({ label: p.name, value: p.totalSales }))),
          },
          {
            title: t('report.section.activityTimeline'),
            kind: 'columns',
            money: true,
            points: d.activityTimeline.map((p) => ({ label: p.date, value: p.totalSales })),
          },
        ],
        tables: [
          section(
            'staffSales',
            [
              col('name'),
              col('role'),
              col('totalSales', 'money'),
              col('transactionCount', 'number'),
              col('averageTicket', 'money'),
              col('hoursWorked', 'hours'),
            ],
            d.staffSales.map((p) => [p.name, role(p.role), p.totalSales, p.transactionCount, p.averageTicket, p.hoursWorked]),
          ),
          section(
            'staffActivity',
            [
              col('name'),
              col('daysWorked', 'number'),
              col('firstSale', 'datetime'),
              col('lastSale', 'datetime'),
              col('voids', 'number'),
              col('refunds', 'number'),
              col('refundedAmount', 'money'),
            ],
            d.staffActivity.map((p) => [p.name, p.daysWorked, p.firstSale, p.lastSale, p.voids, p.refunds, p.refundedAmount]),
          ),
          section(
            'activityTimeline',
            [col('date', 'date'), col('totalSales', 'money'), col('transactions', 'number'), col('activeStaff', 'number')],
            d.activityTimeline.map((p) => [p.date, p.totalSales, p.transactions, p.activeStaff]),
          ),
          section(
            'staffExpenses',
            [
              col('expenseNumber'),
              col('date', 'date'),
              col('staff'),
              col('title'),
              col('type'),
              col('amount', 'money'),
              col('status'),
              col('description'),
            ],
            d.staffExpenses.map((e) => [
              e.expenseNumber,
              e.date,
              `${e.staff.firstName} ${e.staff.lastName}`.trim(),
              e.title,
              t(`report.expenseCategory.${e.type}`),
              e.amount,
              t(`report.expenseStatus.${e.status}`),
              e.description,
            ]),
          ),
        ],
      };
    }
    default: {
      const d = dto as CustomerReportDto;
      const groups = PURCHASE_FREQUENCY_GROUPS.map((g) => ({ label: t(`report.frequency.${g}`), value: d.purchaseFrequency[g] }));
      return {
        ...base,
        summary: [
          sum('totalCustomers', d.summary.totalCustomers, 'number'),
          sum('newCustomers', d.summary.newCustomers, 'number'),
          sum('activeCustomers', d.summary.activeCustomers, 'number'),
          sum('totalLoyaltyPoints', d.summary.totalLoyaltyPoints, 'number'),
        ],
        charts: [
          { title: t('report.section.purchaseFrequency'), kind: 'bars', money: false, points: groups },
          {
            title: t('report.section.loyaltyDistribution'),
            kind: 'bars',
            money: false,
            points: d.loyaltyDistribution.map((b) => ({ label: b.range, value: b.count })),
          },
          {
            title: t('report.section.newCustomers'),
            kind: 'columns',
            money: false,
            points: d.newCustomersOverTime.map((p) => ({ label: p.date, value: p.count })),
          },
        ],
        tables: [
          section(
            'purchaseFrequency',
            [col('group'), col('customers', 'number')],
            groups.map((g) => [g.label, g.value]),
          ),
          section(
            'loyaltyDistribution',
            [col('points'), col('customers', 'number')],
            d.loyaltyDistribution.map((b) => [b.range, b.count]),
          ),
          section(
            'newCustomers',
            [col('date', 'date'), col('count', 'number')],
            d.newCustomersOverTime.map((p) => [p.date, p.count]),
          ),
          section(
            'topCustomers',
            [
              col('customer'),
              col('totalSpent', 'money'),
              col('purchaseCount', 'number'),
              col('loyaltyPoints', 'number'),
              col('lastPurchase', 'datetime'),
            ],
            d.topCustomers.map((c) => [c.customerName, c.totalSpent, c.purchaseCount, c.loyaltyPoints, c.lastPurchase]),
          ),
        ],
      };
    }
  }
}

/** The range in words, its days as the language writes them (an ISO day would read backwards in a right-to-left line). */
function rangeText(
  m: ReportMetaDto,
  t: (key: string, params?: Record<string, string | number>) => string,
  day: (d: string) => string,
): string {
  if (m.startDate && m.endDate) return t('report.range.between', { start: day(m.startDate), end: day(m.endDate) });
  if (m.startDate) return t('report.range.from', { start: day(m.startDate) });
  if (m.endDate) return t('report.range.until', { end: day(m.endDate) });
  return t('report.range.all');
}

/** How each language separates the items of a list (Kurdish with the Arabic comma). */
const LIST_SEPARATOR: Record<Locale, string> = { en: ', ', ku: '، ' };

/** "Shop · Erbil, Sulaymaniyah": each branch by its name, or by its code ("Branch b") where settings gave none. */
function withBranches(
  storeName: string,
  branches: readonly NamedBranch[] | null | undefined,
  locale: Locale,
  t: (key: string, params?: Record<string, string>) => string,
): string {
  if (branches === undefined) return storeName;
  if (branches === null) return `${storeName} · ${t('report.allBranches')}`;
  return `${storeName} · ${branches.map((b) => b.name ?? t('report.branch', { branch: b.id })).join(LIST_SEPARATOR[locale])}`;
}
