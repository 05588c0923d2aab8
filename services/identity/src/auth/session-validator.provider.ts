import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Permissions, Role } from '@dukan/contracts';
import type { SessionState, SessionValidator } from '@dukan/platform';

/** The current token version and rights of a user, straight from identity's table (one indexed read). */
@Injectable()
export class DbSessionValidator implements SessionValidator {
  constructor(private readonly ds: DataSource) {}

  async current(userId: string): Promise<SessionState | null> {
    if (!/^[0-9a-f-]{36}$/i.test(userId)) return null;
    const rows: {
      token_version: number;
      active: boolean;
      role: Role;
      permissions: Permissions | null;
      home_branch: string | null;
      branches: string[] | null;
    }[] = await this.ds.query(
      `SELECT token_version, active, role, permissions, home_branch, branches FROM users WHERE id = $1 AND deleted_at IS NULL`,
      [userId],
    );
    const row = rows[0];
    if (!row) return null;
    const rights = {
      role: row.role,
      permissions: row.permissions,
      homeBranch: row.home_branch,
      branches: row.role === 'admin' ? null : row.branches,
    };
    return { tokenVersion: row.token_version, active: row.active, rights };
  }
}
