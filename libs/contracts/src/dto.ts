// JSON shapes the API returns (ARCHITECTURE §4: ids are `_id`, bilingual fields `{en, ku}`, dates ISO strings).
// Each service adds its own DTO file beside this one.
import type { Locale } from './messages.js';
import type { Permissions, Role } from './permissions.js';

export interface Pagination {
  total: number; // items matching the filters
  page: number; // 1-based
  limit: number; // page size
  pages: number; // ceil(total / limit), at least 0
}

export interface Paginated<T> {
  data: T[];
  pagination: Pagination;
}

/** `{ success: true, data }` envelope used by calls whose clients read `data`. */
export interface ApiSuccess<T> {
  success: true;
  data: T;
  message?: string;
}

export interface AuthUserDto {
  _id: string;
  username: string;
  firstName: string;
  lastName: string;
  name: string; // 'firstName lastName'
  email: string;
  phone: string | null;
  role: Role;
  active: boolean;
  languagePreference: Locale;
  lastLogin: string | null; // null: never signed in
  permissions: Permissions | null; // the user's own overrides; null when the role defaults apply
  effectivePermissions: Required<Permissions>; // what the user may do now (overrides merged with role defaults)
  createdAt: string;
}

export interface LoginResponse {
  success: true;
  token: string;
  data: AuthUserDto;
  message: string;
}

/** Pagination for `total` items, `limit` per page, on `page`. */
export function paginationOf(total: number, page: number, limit: number): Pagination {
  return { total, page, limit, pages: limit > 0 ? Math.ceil(total / limit) : 0 };
}
