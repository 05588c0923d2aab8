import type { AuthUserDto } from '@dukan/contracts';

/**
 * The signed-in user as the app keeps it: the login's AuthUserDto (identity's one user shape), of which a session
 * kept from an earlier sign-in may lack the fields the app can do without.
 */
export type SignedInUser = Pick<AuthUserDto, '_id' | 'username' | 'firstName' | 'lastName' | 'role' | 'permissions'> &
  Partial<Pick<AuthUserDto, 'name' | 'email' | 'languagePreference' | 'effectivePermissions' | 'homeBranch' | 'branches'>>;

export function displayName(user: Pick<SignedInUser, 'firstName' | 'lastName' | 'name' | 'username'>): string {
  return user.name || [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username;
}
