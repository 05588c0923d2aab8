import { api } from '../../../app/api.js';
import type { AuthUser } from '../types.js';

export interface LoginResponse {
  success: boolean;
  token: string;
  data: AuthUser;
  message?: string;
}

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginResponse, { username: string; password: string }>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body }),
    }),
    me: build.query<AuthUser, void>({
      query: () => '/auth/me',
      transformResponse: (res: { data: AuthUser }) => res.data,
      providesTags: ['Me'],
    }),
    logout: build.mutation<unknown, void>({
      query: () => ({ url: '/auth/logout', method: 'POST' }),
    }),
    savePreferences: build.mutation<unknown, { languagePreference: 'en' | 'ku' }>({
      query: (body) => ({ url: '/auth/me/preferences', method: 'PUT', body }),
    }),
  }),
});

export const { useLoginMutation, useMeQuery, useLogoutMutation, useSavePreferencesMutation } = authApi;
