import {
  REPORT_CACHE_MS,
  type Currency,
  type ExportProgressDto,
  type InventoryProductRowDto,
  type InventorySortField,
  type Paginated,
  type ReportDtos,
  type ReportType,
  type ReceivablesReportDto,
} from '@dukan/contracts';
import { api } from '../../../app/api.js';
import { rangeParams, type DateRange } from '../lib/date-range.js';

/** The branch a report shows; undefined: every branch the user may see. */
export interface BranchArg {
  branch?: string | undefined;
}

export const branchParams = (a: BranchArg): Record<string, string> => (a.branch ? { branch: a.branch } : {});

export interface ReportArgs extends DateRange, BranchArg {
  currency: Currency;
}

export interface InventoryRowsArgs extends BranchArg {
  currency: Currency;
  page: number;
  limit: number;
  sort: InventorySortField;
  order: 'asc' | 'desc';
  lowStock: boolean;
}

/** Each report and range stays cached five minutes after its screen stops using it (spec part 2 §4). */
const KEEP_SECONDS = REPORT_CACHE_MS / 1000;

const report = <T extends ReportType>(type: T) => ({
  query: (a: ReportArgs) => ({ url: `/reports/${type}`, params: { ...rangeParams(a), currency: a.currency, ...branchParams(a) } }),
  transformResponse: (res: { success: boolean; data: ReportDtos[T] }) => res.data,
  keepUnusedDataFor: KEEP_SECONDS,
});

export const reportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    salesReport: build.query<ReportDtos['sales'], ReportArgs>(report('sales')),
    inventoryReport: build.query<ReportDtos['inventory'], ReportArgs>(report('inventory')),
    staffReport: build.query<ReportDtos['staff'], ReportArgs>(report('staff')),
    customersReport: build.query<ReportDtos['customers'], ReportArgs>(report('customers')),
    inventoryRows: build.query<Paginated<InventoryProductRowDto>, InventoryRowsArgs>({
      query: ({ branch, ...a }) => ({
        url: '/reports/inventory/products',
        params: { ...a, lowStock: String(a.lowStock), ...branchParams({ branch }) },
      }),
      keepUnusedDataFor: KEEP_SECONDS,
    }),
    /** Who owes the shop what and since when (loyalty's book), a page of customers at a time, of the branch shown. */
    receivablesReport: build.query<ReceivablesReportDto, { page: number } & BranchArg>({
      query: ({ page, ...a }) => ({ url: '/receivables', params: { page, limit: 50, ...branchParams(a) } }),
      transformResponse: (res: { success: boolean; data: ReceivablesReportDto }) => res.data,
      // Sales on account and repayments change it, as they change the dashboard's receivables.
      providesTags: ['Dashboard'],
      keepUnusedDataFor: KEEP_SECONDS,
    }),
    exportProgress: build.query<ExportProgressDto, string>({
      query: (id) => `/reports/exports/${id}`,
      keepUnusedDataFor: 0,
    }),
  }),
});

export const {
  useSalesReportQuery,
  useInventoryReportQuery,
  useStaffReportQuery,
  useCustomersReportQuery,
  useInventoryRowsQuery,
  useExportProgressQuery,
  useReceivablesReportQuery,
} = reportsApi;
