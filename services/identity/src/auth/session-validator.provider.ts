import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { SessionState, SessionValidator } from '@dukan/platform';

/** The current token version of a user, straight from identity's table (one indexed read). */
@Injectable()
export class DbSessionValidator implements SessionValidator {
  constructor(private readonly ds: DataSource) {}

  async current(userId: string): Promise<SessionState | null> {
    if (!/^[0-9a-f-]{36}$/i.test(userId)) return null;
    const rows: { token_version: number; active: boolean }[] = await this.ds.query(
      `SELECT token_version, active FROM users WHERE id = $1 AND deleted_at IS NULL`,
      [userId],
    );
    const row = rows[0];
    return row ? { tokenVersion: row.token_version, active: row.active } : null;
  }
}
