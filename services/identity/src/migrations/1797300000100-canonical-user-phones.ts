import type { MigrationInterface, QueryRunner } from 'typeorm';
import { parsePhone } from '@dukan/contracts';

/** Staff phones in one form (E.164), as customers' are; a phone that does not read as a number stays as typed. */
export class CanonicalUserPhones1797300000100 implements MigrationInterface {
  name = 'CanonicalUserPhones1797300000100';

  async up(q: QueryRunner): Promise<void> {
    const users: { id: string; phone: string }[] = await q.query(`SELECT id, phone FROM users WHERE phone IS NOT NULL`);
    for (const u of users) {
      const canonical = parsePhone(u.phone);
      if (canonical && canonical !== u.phone) await q.query(`UPDATE users SET phone = $2 WHERE id = $1`, [u.id, canonical]);
    }
  }

  async down(): Promise<void> {
    // The forms the phones were typed in are not kept; canonical phones read as well as they did before.
  }
}
