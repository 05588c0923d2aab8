import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { AuthUserDto, Permissions } from '@dukan/contracts';
import { api } from '../../../app/api.js';

export interface PermissionUsersFilter {
  search: string;
  role: 'all' | 'manager' | 'cashier';
  active: 'all' | 'true' | 'false';
}

export type AssignableRole = 'manager' | 'cashier';

export interface PermissionSaveResult {
  saved: AuthUserDto[];
  /** The first failure, as the server answered it (its message is shown). */
  failed: { userId: string; error: FetchBaseQueryError }[];
}

export const permissionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/auth/permissions: managers and cashiers (never admins) with their overrides, up to 1000. */
    permissionUsers: build.query<AuthUserDto[], PermissionUsersFilter>({
      query: ({ search, role, active }) => ({
        url: '/auth/permissions',
        params: { ...(search.trim() && { search: search.trim() }), ...(role !== 'all' && { role }), ...(active !== 'all' && { active }) },
      }),
      transformResponse: (res: { data: AuthUserDto[] }) => res.data,
      providesTags: [{ type: 'User', id: 'PERMISSIONS' }],
    }),
    /**
     * One PUT /api/auth/users/{id}/permissions per edited user, one after the other; the users that saved are
     * patched into every cached list at once, so the boxes do not flick back while the list is fetched again.
     */
    permissionsSaveAll: build.mutation<PermissionSaveResult, { userId: string; permissions: Permissions | null }[]>({
      async queryFn(changes, { dispatch, getState }, _extra, baseQuery) {
        const saved: AuthUserDto[] = [];
        const failed: PermissionSaveResult['failed'] = [];
        for (const change of changes) {
          const res = await baseQuery({
            url: `/auth/users/${encodeURIComponent(change.userId)}/permissions`,
            method: 'PUT',
            body: { permissions: change.permissions },
          });
          if (res.error) failed.push({ userId: change.userId, error: res.error });
          else saved.push((res.data as { data: AuthUserDto }).data);
        }
        if (saved.length) {
          const byId = new Map(saved.map((u) => [u._id, u]));
          for (const args of permissionsApi.util.selectCachedArgsForQuery(getState() as never, 'permissionUsers')) {
            dispatch(permissionsApi.util.updateQueryData('permissionUsers', args, (list) => list.map((u) => byId.get(u._id) ?? u)));
          }
        }
        return { data: { saved, failed } };
      },
      invalidatesTags: (result) => (result?.saved.length ? ['User'] : []),
    }),
    /** POST /api/auth/permissions/apply-role: the role's defaults become the users' own lists. */
    permissionsApplyRole: build.mutation<{ updated: number }, { role: AssignableRole; userIds: string[] }>({
      query: (body) => ({ url: '/auth/permissions/apply-role', method: 'POST', body }),
      transformResponse: (res: { data: { updated: number } }) => res.data,
      invalidatesTags: ['User'],
    }),
  }),
});

export const { usePermissionUsersQuery, usePermissionsSaveAllMutation, usePermissionsApplyRoleMutation } = permissionsApi;
