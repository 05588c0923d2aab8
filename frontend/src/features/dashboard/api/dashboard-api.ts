import { api } from '../../../app/api.js';

export type Trend = 'up' | 'down';

export interface DashboardData {
  todaySales: number;
  totalProducts: number;
  lowStock: number;
  activeUsers: number;
  salesTrend: Trend;
  salesPercent: number;
  productsTrend: Trend;
  productsPercent: number;
  lowStockTrend: Trend;
  lowStockPercent: number;
  usersTrend: Trend;
  usersPercent: number;
  recentTransactions: { id: string; date: string; amount: number; status: string; invoiceNumber?: string }[];
}

export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    dashboard: build.query<DashboardData, void>({
      query: () => '/dashboard',
      transformResponse: (res: { success: boolean; data: DashboardData }) => res.data,
      providesTags: ['Dashboard'],
    }),
  }),
});

export const { useDashboardQuery } = dashboardApi;
