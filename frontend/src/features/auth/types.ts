import type { Permissions, Role } from '@dukan/contracts';

export interface AuthUser {
  _id: string;
  username: string;
  firstName: string;
  lastName: string;
  name?: string;
  email?: string;
  role: Role;
  languagePreference?: 'en' | 'ku' | null;
  /** The user's own overrides, or null for the role defaults. */
  permissions: Permissions | null;
  effectivePermissions?: Permissions;
  /** null or absent: the installation's default branch. */
  homeBranch?: string | null;
  /** The branches the user may work in; null or absent: the home branch only (admins: every branch). */
  branches?: string[] | null;
}

export function displayName(user: Pick<AuthUser, 'firstName' | 'lastName' | 'name' | 'username'>): string {
  return user.name || [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username;
}
