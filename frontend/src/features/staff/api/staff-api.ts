import type { AuthUserDto, CreateUserRequest, Pagination, Role, UpdateUserRequest } from '@dukan/contracts';
import { api } from '../../../app/api.js';

/** The body of POST /auth/register and PUT /auth/users/{id} (the form's userPayload() builds it). */
/** The staff form's body: an edit's (PUT /auth/users/:id), or a new user's (POST /auth/register) with its password. */
export type UserPayload = Omit<UpdateUserRequest, 'permissions'> & Pick<CreateUserRequest, 'username' | 'firstName' | 'lastName' | 'email'>;

export interface StaffFilters {
  page: number;
  search: string;
  role: Role | 'all';
  active: 'all' | 'true' | 'false';
}

export interface StaffPage {
  data: AuthUserDto[];
  pagination: Pagination;
}

export const staffApi = api.injectEndpoints({
  endpoints: (build) => ({
    staffUsers: build.query<StaffPage, StaffFilters>({
      query: ({ page, search, role, active }) => ({
        url: '/auth/users',
        params: {
          page,
          ...(search.trim() ? { search: search.trim() } : {}),
          ...(role !== 'all' ? { role } : {}),
          ...(active !== 'all' ? { active } : {}),
        },
      }),
      transformResponse: (res: { data: AuthUserDto[]; pagination: Pagination }) => ({ data: res.data, pagination: res.pagination }),
      providesTags: ['User'],
    }),
    staffAddUser: build.mutation<AuthUserDto, CreateUserRequest>({
      query: (body) => ({ url: '/auth/register', method: 'POST', body }),
      transformResponse: (res: { data: AuthUserDto }) => res.data,
      invalidatesTags: ['User', 'Dashboard'],
    }),
    staffUpdateUser: build.mutation<AuthUserDto, { id: string; body: UserPayload }>({
      query: ({ id, body }) => ({ url: `/auth/users/${encodeURIComponent(id)}`, method: 'PUT', body }),
      transformResponse: (res: { data: AuthUserDto }) => res.data,
      invalidatesTags: ['User', 'Dashboard'],
    }),
    staffDeleteUser: build.mutation<void, string>({
      query: (id) => ({ url: `/auth/users/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['User', 'Dashboard'],
    }),
    staffResetPassword: build.mutation<void, { id: string; newPassword: string }>({
      query: ({ id, newPassword }) => ({
        url: `/auth/users/${encodeURIComponent(id)}/reset-password`,
        method: 'PUT',
        body: { newPassword },
      }),
    }),
  }),
});

export const {
  useStaffUsersQuery,
  useStaffAddUserMutation,
  useStaffUpdateUserMutation,
  useStaffDeleteUserMutation,
  useStaffResetPasswordMutation,
} = staffApi;
