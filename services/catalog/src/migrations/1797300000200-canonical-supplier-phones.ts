import type { MigrationInterface, QueryRunner } from 'typeorm';
import { parsePhone } from '@dukan/contracts';

/** Suppliers' phones in one form (E.164), as customers' are; a phone that does not read as a number stays as typed. */
export class CanonicalSupplierPhones1797300000200 implements MigrationInterface {
  name = 'CanonicalSupplierPhones1797300000200';

  async up(q: QueryRunner): Promise<void> {
    const suppliers: { id: string; phone: string }[] = await q.query(`SELECT id, phone FROM suppliers WHERE phone IS NOT NULL`);
    for (const s of suppliers) {
      const canonical = parsePhone(s.phone);
      if (canonical && canonical !== s.phone) await q.query(`UPDATE suppliers SET phone = $2 WHERE id = $1`, [s.id, canonical]);
    }
  }

  async down(): Promise<void> {
    // The forms the phones were typed in are not kept; canonical phones read as well as they did before.
  }
}
