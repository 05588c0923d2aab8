import { translate } from '@dukan/contracts';
import { currentContext, DomainError } from '@dukan/platform';
import type { EntityManager } from 'typeorm';

/**
 * Raw SQL through a manager, always returning rows: TypeORM answers UPDATE/DELETE … RETURNING with [rows, count]
 * and everything else with rows.
 */
export async function rows<T>(m: EntityManager, sql: string, params: unknown[] = []): Promise<T[]> {
  const res: unknown = await m.query(sql, params);
  if (Array.isArray(res) && res.length === 2 && Array.isArray(res[0]) && typeof res[1] === 'number') return res[0] as T[];
  return res as T[];
}

export async function one<T>(m: EntityManager, sql: string, params: unknown[] = []): Promise<T | null> {
  return (await rows<T>(m, sql, params))[0] ?? null;
}

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * 404 for a customer, with the entity name already in the caller's language: the platform's error filter puts
 * DomainError.notFound's parameter in as written ("entities.customer not found"), so it is translated here.
 */
export function customerNotFound(): DomainError {
  const locale = currentContext()?.locale ?? 'en';
  return new DomainError('NOT_FOUND', 'errors.notFound', { entity: translate(locale, 'entities.customer') });
}
