import { effectivePermissions, type AuthUserDto, type UserEventData } from '@dukan/contracts';
import type { AuthUser } from '@dukan/platform';
import type { User } from './user.entity.js';

export function toUserDto(u: User): AuthUserDto {
  return {
    _id: u.id,
    username: u.username,
    firstName: u.firstName,
    lastName: u.lastName,
    name: `${u.firstName} ${u.lastName}`.trim(),
    email: u.email,
    phone: u.phone,
    role: u.role,
    active: u.active,
    languagePreference: u.languagePreference,
    lastLogin: u.lastLogin ? u.lastLogin.toISOString() : null,
    permissions: u.permissions,
    effectivePermissions: effectivePermissions(u),
    homeBranch: u.homeBranch,
    branches: u.branches,
    createdAt: u.createdAt.toISOString(),
  };
}

export function toAuthUser(u: User): AuthUser {
  return {
    id: u.id,
    username: u.username,
    role: u.role,
    permissions: u.permissions,
    tokenVersion: u.tokenVersion,
    languagePreference: u.languagePreference,
    homeBranch: u.homeBranch,
    branches: u.role === 'admin' ? null : u.branches,
  };
}

export function toUserEvent(u: User): UserEventData {
  return {
    userId: u.id,
    username: u.username,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    role: u.role,
    active: u.active,
    tokenVersion: u.tokenVersion,
    languagePreference: u.languagePreference,
    permissions: u.permissions,
    homeBranch: u.homeBranch,
    branches: u.branches,
  };
}
