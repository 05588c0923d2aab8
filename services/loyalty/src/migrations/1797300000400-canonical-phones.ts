import type { MigrationInterface, QueryRunner } from 'typeorm';
import { parsePhone } from '@dukan/contracts';

/**
 * Customers' phones in one form (E.164), so '0770 111 2233' and '+964 7701112233' are one number. A phone that does
 * not read as a number is left as it was typed; so is a live customer's whose number another live customer already
 * holds (one live customer per number: the first to hold it in the canonical digits keeps it), for a person to merge.
 */
export class CanonicalPhones1797300000400 implements MigrationInterface {
  name = 'CanonicalPhones1797300000400';

  async up(q: QueryRunner): Promise<void> {
    const customers: { id: string; phone: string }[] = await q.query(
      `SELECT id, phone FROM customers ORDER BY deleted_at IS NOT NULL, created_at, id`,
    );
    for (const c of customers) {
      const canonical = parsePhone(c.phone);
      if (!canonical || canonical === c.phone) continue;
      await q.query(
        `UPDATE customers c SET phone = $2 WHERE id = $1 AND (deleted_at IS NOT NULL OR NOT EXISTS (
           SELECT 1 FROM customers o WHERE o.deleted_at IS NULL AND o.id <> c.id
             AND regexp_replace(o.phone, '\\D', '', 'g') = regexp_replace($2, '\\D', '', 'g')))`,
        [c.id, canonical],
      );
    }
  }

  async down(): Promise<void> {
    // The forms the phones were typed in are not kept; canonical phones read as well as they did before.
  }
}
