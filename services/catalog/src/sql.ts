import type { EntityManager } from 'typeorm';
import { QueryFailedError } from 'typeorm';

/** The constraint a unique violation broke, or null for any other error. */
export function uniqueViolation(e: unknown): string | null {
  if (!(e instanceof QueryFailedError)) return null;
  const driver = e.driverError as { code?: string; constraint?: string } | undefined;
  return driver?.code === '23505' ? (driver.constraint ?? '') : null;
}

/**
 * First statement of every catalog write: takes the catalog revision row, so writers queue in one order
 * (no deadlock between, say, a product edit and a sale touching the same products in another order)
 * and a cached product list knows it is stale.
 */
export async function beginCatalogWrite(m: EntityManager): Promise<void> {
  await m.query(`UPDATE catalog_revision SET rev = rev + 1`);
}
