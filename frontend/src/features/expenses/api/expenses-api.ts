import type { ExpenseDto, ExpenseInput, ExpenseListDto, ExpenseSummaryDto } from '@dukan/contracts';
import { api } from '../../../app/api.js';
import { listParams, type ExpenseFilters } from '../lib/filters.js';

const withExpenses = api.enhanceEndpoints({ addTagTypes: ['Expense'] });

/** The expense screens' calls (spec part 2 §7); every change refetches the list, the summary and the one expense. */
export const expensesApi = withExpenses.injectEndpoints({
  endpoints: (build) => ({
    expensesPage: build.query<ExpenseListDto, ExpenseFilters & { page: number }>({
      query: (f) => ({ url: '/expenses', params: listParams(f) }),
      providesTags: ['Expense'],
    }),
    expensesSummary: build.query<ExpenseSummaryDto, { startDate: string; endDate: string }>({
      query: ({ startDate, endDate }) => ({
        url: '/expenses/summary',
        params: { ...(startDate ? { startDate } : {}), ...(endDate ? { endDate } : {}) },
      }),
      providesTags: ['Expense'],
    }),
    expense: build.query<ExpenseDto, string>({
      query: (id) => `/expenses/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [{ type: 'Expense', id }],
    }),
    shopExchangeRate: build.query<{ exchangeRate: number }, void>({
      query: () => '/settings/exchange-rate',
      transformResponse: (res: { data: { exchangeRate: number } }) => res.data,
      providesTags: ['ExchangeRate'],
    }),
    expenseCreate: build.mutation<ExpenseDto, ExpenseInput>({
      query: (body) => ({ url: '/expenses', method: 'POST', body }),
      invalidatesTags: ['Expense'],
    }),
    expenseUpdate: build.mutation<ExpenseDto, { id: string; body: ExpenseInput }>({
      query: ({ id, body }) => ({ url: `/expenses/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: ['Expense'],
    }),
    expenseDelete: build.mutation<{ success: boolean; message: string }, string>({
      query: (id) => ({ url: `/expenses/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['Expense'],
    }),
    expenseApprove: build.mutation<ExpenseDto, string>({
      query: (id) => ({ url: `/expenses/${encodeURIComponent(id)}/approve`, method: 'PUT' }),
      invalidatesTags: ['Expense'],
    }),
    expenseReject: build.mutation<ExpenseDto, { id: string; reason: string }>({
      query: ({ id, reason }) => ({ url: `/expenses/${encodeURIComponent(id)}/reject`, method: 'PUT', body: { reason } }),
      invalidatesTags: ['Expense'],
    }),
    expensePay: build.mutation<ExpenseDto, string>({
      query: (id) => ({ url: `/expenses/${encodeURIComponent(id)}/paid`, method: 'PUT' }),
      invalidatesTags: ['Expense'],
    }),
  }),
});

export const {
  useExpensesPageQuery,
  useExpensesSummaryQuery,
  useExpenseQuery,
  useShopExchangeRateQuery,
  useExpenseCreateMutation,
  useExpenseUpdateMutation,
  useExpenseDeleteMutation,
  useExpenseApproveMutation,
  useExpenseRejectMutation,
  useExpensePayMutation,
} = expensesApi;
