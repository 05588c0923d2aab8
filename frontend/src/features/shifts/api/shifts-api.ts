import type { ApiSuccess, Currency, CurrencyAmounts, GeneralSettingsDto, Pagination, ShiftDto, ShiftSummaryDto } from '@dukan/contracts';
import { api } from '../../../app/api.js';

export interface ShiftListArgs {
  page: number;
  register?: string;
  /** A cashier's user id. */
  cashier?: string;
  status?: 'open' | 'closed' | '';
}

export interface CashMoveArgs {
  id: string;
  kind: 'cash_in' | 'cash_out';
  currency: Currency;
  amountMinor: number;
  reason: string;
  asExpense?: boolean;
}

export interface CloseArgs {
  id: string;
  counted: CurrencyAmounts;
  note?: string;
  /** A manager's token: the manager closes the shift and accepts its difference (the cashier stays signed in). */
  approverToken?: string;
}

const auth = (token?: string) => (token ? { Authorization: `Bearer ${token}` } : undefined);

/** A register's shifts: the till's open shift, cash in and out, the close, and the list in the back office. */
export const shiftsApi = api.injectEndpoints({
  endpoints: (build) => ({
    currentShift: build.query<ShiftDto | null, string>({
      query: (register) => ({ url: '/shifts/current', params: { register } }),
      transformResponse: (res: ApiSuccess<ShiftDto | null>) => res.data,
      providesTags: (r) => [{ type: 'Shift', id: 'CURRENT' }, ...(r ? [{ type: 'Shift' as const, id: r._id }] : [])],
    }),
    shift: build.query<ShiftDto, string>({
      query: (id) => `/shifts/${encodeURIComponent(id)}`,
      transformResponse: (res: ApiSuccess<ShiftDto>) => res.data,
      providesTags: (_r, _e, id) => [{ type: 'Shift', id }],
    }),
    shifts: build.query<{ data: ShiftSummaryDto[]; pagination: Pagination }, ShiftListArgs>({
      query: ({ page, register, cashier, status }) => ({
        url: '/shifts',
        params: { page, limit: 20, ...(register ? { register } : {}), ...(cashier ? { cashier } : {}), ...(status ? { status } : {}) },
      }),
      providesTags: [{ type: 'Shift', id: 'LIST' }],
    }),
    openShift: build.mutation<ShiftDto, { register: string; float: CurrencyAmounts }>({
      query: (body) => ({ url: '/shifts', method: 'POST', body }),
      transformResponse: (res: ApiSuccess<ShiftDto>) => res.data,
      invalidatesTags: [
        { type: 'Shift', id: 'CURRENT' },
        { type: 'Shift', id: 'LIST' },
      ],
    }),
    moveCash: build.mutation<ShiftDto, CashMoveArgs>({
      query: ({ id, ...body }) => ({ url: `/shifts/${encodeURIComponent(id)}/cash`, method: 'POST', body }),
      transformResponse: (res: ApiSuccess<ShiftDto>) => res.data,
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Shift', id }, { type: 'Shift', id: 'CURRENT' }, 'Dashboard'],
    }),
    closeShift: build.mutation<ShiftDto, CloseArgs>({
      query: ({ id, counted, note, approverToken }) => ({
        url: `/shifts/${encodeURIComponent(id)}/close`,
        method: 'POST',
        body: { counted, ...(note ? { note } : {}) },
        headers: auth(approverToken),
      }),
      transformResponse: (res: ApiSuccess<ShiftDto>) => res.data,
      invalidatesTags: (_r, _e, { id }) => [
        { type: 'Shift', id },
        { type: 'Shift', id: 'CURRENT' },
        { type: 'Shift', id: 'LIST' },
      ],
    }),
    /** The shop's shift rules (admins): whether a till sells without a shift, and the difference a close may show unapproved. */
    saveShiftRules: build.mutation<GeneralSettingsDto, { sellWithoutShift: boolean; shiftDifferenceLimit: CurrencyAmounts }>({
      query: (body) => ({ url: '/settings/general', method: 'PUT', body }),
      transformResponse: (res: { data: GeneralSettingsDto }) => res.data,
      invalidatesTags: ['Settings'],
    }),
    /** Signs a manager in for one approval only: the token is used for the close and then dropped. */
    approverToken: build.mutation<string, { username: string; password: string }>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body }),
      transformResponse: (res: { token?: string; data?: { token?: string } }) => res.token ?? res.data?.token ?? '',
    }),
  }),
});

export const {
  useCurrentShiftQuery,
  useShiftQuery,
  useShiftsQuery,
  useOpenShiftMutation,
  useMoveCashMutation,
  useCloseShiftMutation,
  useApproverTokenMutation,
  useSaveShiftRulesMutation,
} = shiftsApi;

/** The Z report's PDF, printed by the reporting service. */
export function zReportPdfUrl(id: string, language: string): string {
  return `/api/reports/shifts/${encodeURIComponent(id)}/pdf?lang=${language === 'ku' ? 'ku' : 'en'}`;
}
