import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Locale, Permissions, Role } from '@dukan/contracts';

export interface AuthUser {
  id: string;
  username: string;
  role: Role;
  /** The user's own overrides (null: role defaults); effective rights come from effectivePermissions(). */
  permissions: Permissions | null;
  tokenVersion: number;
  languagePreference: Locale;
  /** The branch the user works in when a request names none; null or absent: the installation's default branch. */
  homeBranch?: string | null;
  /** The branches the user may work in; null or absent: the home branch only. Admins work in every branch. */
  branches?: string[] | null;
  /** When the token this user came from expires (seconds since the epoch). */
  expiresAt?: number;
}

/** Passed as the first argument of every service method (Vendure's habit). */
export interface RequestContext {
  correlationId: string;
  locale: Locale;
  branchId: string;
  user: AuthUser | null;
  actorId: string | null;
  /** Where an HTTP request came from (login throttling); none for work no request started. */
  clientAddress?: string;
  /**
   * The branches a chain-wide view (the dashboard, the reports) reads, checked by the gate from `?branch=`:
   * one branch, or all the user may see; null or absent: every branch (an admin's chain, a trusted call).
   */
  branchScope?: readonly string[] | null;
  /** The branches the user may work in, as the gate read them; null: every branch (an admin, or no user). */
  callerBranches?: readonly string[] | null;
}

const storage = new AsyncLocalStorage<RequestContext>();

export function runWithContext<T>(ctx: RequestContext, fn: () => T): T {
  return storage.run(ctx, fn);
}

export function currentContext(): RequestContext | undefined {
  return storage.getStore();
}

export function newCorrelationId(): string {
  return randomUUID();
}

/** A context for work that no request started (relays, consumers, start-up). */
export function systemContext(overrides: Partial<RequestContext> = {}): RequestContext {
  return { correlationId: newCorrelationId(), locale: 'en', branchId: 'main', user: null, actorId: null, ...overrides };
}

export function parseLocale(header: string | undefined): Locale | null {
  const first = header?.split(',')[0]?.trim().toLowerCase();
  if (!first) return null;
  if (first === 'ku' || first.startsWith('ku-') || first === 'ckb' || first.startsWith('ckb-')) return 'ku';
  if (first === 'en' || first.startsWith('en-')) return 'en';
  return null;
}

/** `@Ctx() ctx: RequestContext` in a controller method. */
export const Ctx = createParamDecorator((_data: unknown, _host: ExecutionContext): RequestContext => {
  return currentContext() ?? systemContext();
});
