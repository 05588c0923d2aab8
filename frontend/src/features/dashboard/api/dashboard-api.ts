import type { ApiSuccess, DashboardDto } from '@dukan/contracts';
import { api } from '../../../app/api.js';

export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    dashboard: build.query<DashboardDto, void>({
      query: () => '/dashboard',
      transformResponse: (res: ApiSuccess<DashboardDto>) => res.data,
      providesTags: ['Dashboard'],
    }),
  }),
});

export const { useDashboardQuery } = dashboardApi;
