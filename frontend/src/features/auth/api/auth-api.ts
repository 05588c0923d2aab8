import { api } from '../../../app/api.js';
import type { SignedInUser } from '../types.js';
import { keepDeviceToken, readDeviceToken } from '../device-token.js';

export interface LoginResponse {
  success: boolean;
  token: string;
  data: SignedInUser;
  message?: string;
  deviceToken?: string;
}

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginResponse, { username: string; password: string }>({
      query: (body) => {
        const deviceToken = readDeviceToken(body.username);
        return { url: '/auth/login', method: 'POST', body: { ...body, ...(deviceToken && { deviceToken }) } };
      },
      async onQueryStarted(arg, { queryFulfilled }) {
        const answer = await queryFulfilled.catch(() => null);
        if (answer) keepDeviceToken(arg.username, answer.data.deviceToken);
      },
    }),
    me: build.query<SignedInUser, void>({
      query: () => '/auth/me',
      transformResponse: (res: { data: SignedInUser }) => res.data,
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
