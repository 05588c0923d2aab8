import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DomainError } from '@dukan/platform';
import { ACCOUNT_LIMITS, ADDRESS_LIMITS, afterFailure, secondsLocked, type ThrottleLimits, type ThrottleState } from './throttle.policy.js';

interface Row {
  failures: number;
  window_started_at: Date;
  locked_until: Date | null;
}

/** Login throttling kept in PostgreSQL, so every identity replica sees the same counts. */
@Injectable()
export class ThrottleService {
  constructor(private readonly ds: DataSource) {}

  private keys(username: string, address: string): [string, ThrottleLimits][] {
    return [
      [`account:${username.toLowerCase()}`, ACCOUNT_LIMITS],
      [`address:${address}`, ADDRESS_LIMITS],
    ];
  }

  /** Refuses with 429 and the time to wait while either the account or the address is locked. */
  async assertAllowed(username: string, address: string): Promise<void> {
    const now = new Date();
    const rows: (Row & { key: string })[] = await this.ds.query(
      `SELECT key, failures, window_started_at, locked_until FROM login_throttle WHERE key = ANY($1)`,
      [this.keys(username, address).map(([k]) => k)],
    );
    const wait = Math.max(0, ...rows.map((r) => secondsLocked(toState(r), now)));
    if (wait > 0) throw new DomainError('RATE_LIMITED', 'auth.throttled', { seconds: wait }, {}, wait);
  }

  async recordFailure(username: string, address: string): Promise<void> {
    await this.ds.transaction(async (m) => {
      const now = new Date();
      for (const [key, limits] of this.keys(username, address)) {
        const rows: Row[] = await m.query(`SELECT failures, window_started_at, locked_until FROM login_throttle WHERE key = $1 FOR UPDATE`, [key]);
        const next = afterFailure(rows[0] ? toState(rows[0]) : null, now, limits);
        await m.query(
          `INSERT INTO login_throttle (key, failures, window_started_at, locked_until) VALUES ($1, $2, $3, $4)
           ON CONFLICT (key) DO UPDATE SET failures = $2, window_started_at = $3, locked_until = $4`,
          [key, next.failures, next.windowStartedAt, next.lockedUntil],
        );
      }
    });
  }

  async recordSuccess(username: string): Promise<void> {
    await this.ds.query(`DELETE FROM login_throttle WHERE key = $1`, [`account:${username.toLowerCase()}`]);
  }
}

function toState(r: Row): ThrottleState {
  return { failures: r.failures, windowStartedAt: new Date(r.window_started_at), lockedUntil: r.locked_until ? new Date(r.locked_until) : null };
}
