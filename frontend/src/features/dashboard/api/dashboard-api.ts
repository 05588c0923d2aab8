import type { ApiSuccess, DashboardDto } from '@dukan/contracts';
import { api } from '../../../app/api.js';

export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The dashboard of one branch, or of every branch the user may see (undefined). */
    dashboard: build.query<DashboardDto, string | undefined>({
      query: (branch) => ({ url: '/dashboard', params: branch ? { branch } : undefined }),
      transformResponse: (res: ApiSuccess<DashboardDto>) => res.data,
      providesTags: ['Dashboard'],
    }),
  }),
});

export const { useDashboardQuery } = dashboardApi;
