import { translate, type Locale } from '@dukan/contracts';
import { DomainError } from '@dukan/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { QueryFailedError } from 'typeorm';

/** Rows of any statement (SELECT, INSERT/UPDATE/DELETE … RETURNING) as one plain array. */
export async function rows<T>(m: EntityManager | DataSource, sql: string, params: unknown[] = []): Promise<T[]> {
  const result: unknown = await m.query(sql, params);
  // TypeORM answers UPDATE and DELETE with [rows, affected], everything else with rows.
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') return result[0] as T[];
  return result as T[];
}

/** The constraint a unique violation broke, or null for any other error. */
export function uniqueViolation(e: unknown): string | null {
  if (!(e instanceof QueryFailedError)) return null;
  const driver = e.driverError as { code?: string; constraint?: string } | undefined;
  return driver?.code === '23505' ? (driver.constraint ?? '') : null;
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * 404 with the entity named in the caller's language ('Product not found' / 'کاڵا نەدۆزرایەوە').
 * DomainError.notFound passes the entity key through untranslated, so the name is resolved here.
 */
export function notFound(locale: Locale, entity: 'product' | 'category'): DomainError {
  return new DomainError('NOT_FOUND', 'errors.notFound', { entity: translate(locale, `entities.${entity}`) });
}

/**
 * First statement of every catalog write: takes the catalog revision row, so writers queue in one order
 * (no deadlock between, say, a product edit and a sale touching the same products in another order)
 * and a cached product list knows it is stale.
 */
export async function beginCatalogWrite(m: EntityManager): Promise<void> {
  await m.query(`UPDATE catalog_revision SET rev = rev + 1`);
}
