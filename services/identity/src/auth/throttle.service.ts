import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DomainError } from '@dukan/platform';
import type { KnownDevice } from '@dukan/platform';
import { ADDRESS_LIMITS, addressKey, deviceKey, PAIR_LIMITS, pairKey, type ThrottleLimits } from './throttle.policy.js';

/**
 * One key's count: the attempt is counted unless the key is locked; the count past the limit locks the key
 * and starts it over. Parameters: $max, $window and $lock in seconds, as SQL placeholders.
 */
function countAttempt(max: string, window: string, lock: string): string {
  const locked = 't.locked_until > now()';
  const windowOpen = `t.window_started_at > now() - make_interval(secs => ${window})`;
  const next = `(CASE WHEN ${windowOpen} THEN t.failures + 1 ELSE 1 END)`;
  const exceeds = `${next} > ${max}`;
  return `
    failures = CASE WHEN ${locked} THEN t.failures WHEN ${exceeds} THEN 0 ELSE ${next} END,
    window_started_at = CASE WHEN ${locked} THEN t.window_started_at WHEN ${exceeds} OR NOT ${windowOpen} THEN now() ELSE t.window_started_at END,
    locked_until = CASE WHEN ${locked} THEN t.locked_until WHEN ${exceeds} THEN now() + make_interval(secs => ${lock}) ELSE NULL END`;
}

/**
 * Takes an attempt in one statement, before the password is looked at, so attempts sent together are counted
 * one after another (each upsert locks its row) and those past the limit are refused unevaluated. The
 * address counts only attempts its account pair let through: someone retrying a locked account does not
 * lock out the other accounts of their till. Answers the seconds to wait, or null.
 */
const TAKE_ATTEMPT = `
  WITH address_locked AS (
    SELECT locked_until FROM login_throttle WHERE key = $2 AND locked_until > now()
  ), pair AS (
    INSERT INTO login_throttle AS t (key, failures, window_started_at, locked_until)
    SELECT $1, 1, now(), NULL WHERE NOT EXISTS (SELECT 1 FROM address_locked)
    ON CONFLICT (key) DO UPDATE SET ${countAttempt('$3', '$4', '$5')}
    RETURNING locked_until
  ), address AS (
    INSERT INTO login_throttle AS t (key, failures, window_started_at, locked_until)
    SELECT $2, 1, now(), NULL FROM pair WHERE pair.locked_until IS NULL
    ON CONFLICT (key) DO UPDATE SET ${countAttempt('$6', '$7', '$8')}
    RETURNING locked_until
  )
  SELECT ceil(extract(epoch FROM greatest(
    (SELECT locked_until FROM address_locked), (SELECT locked_until FROM pair), (SELECT locked_until FROM address)
  ) - now()))::int AS wait`;

/** An attempt from a known device: the account on that device is its only count. */
const TAKE_DEVICE_ATTEMPT = `
  INSERT INTO login_throttle AS t (key, failures, window_started_at, locked_until) VALUES ($1, 1, now(), NULL)
  ON CONFLICT (key) DO UPDATE SET ${countAttempt('$2', '$3', '$4')}
  RETURNING ceil(extract(epoch FROM locked_until - now()))::int AS wait`;

/** A successful sign-in gives its attempt back: the pair starts over, the address loses one count. */
const GIVE_BACK = `
  WITH pair AS (DELETE FROM login_throttle WHERE key = $1)
  UPDATE login_throttle SET failures = greatest(failures - 1, 0) WHERE key = $2 AND (locked_until IS NULL OR locked_until <= now())`;

const limits = (l: ThrottleLimits) => [l.maxFailures, l.windowSeconds, l.lockSeconds];

/** Login throttling kept in PostgreSQL, so every identity replica sees the same counts. */
@Injectable()
export class ThrottleService {
  constructor(private readonly ds: DataSource) {}

  /** Counts an attempt of `username` from `address`; refuses with 429 and the time to wait past the limit. */
  async takeAttempt(username: string, address: string, device: KnownDevice | null = null): Promise<void> {
    const rows: { wait: number | null }[] = device
      ? await this.ds.query(TAKE_DEVICE_ATTEMPT, [deviceKey(username, device.deviceId), ...limits(PAIR_LIMITS)])
      : await this.ds.query(TAKE_ATTEMPT, [
          pairKey(username, address),
          addressKey(address),
          ...limits(PAIR_LIMITS),
          ...limits(ADDRESS_LIMITS),
        ]);
    const wait = rows[0]?.wait ?? 0;
    if (wait > 0) throw new DomainError('RATE_LIMITED', 'auth.throttled', { seconds: wait }, {}, wait);
  }

  async succeeded(username: string, address: string, device: KnownDevice | null = null): Promise<void> {
    if (device) await this.ds.query(`DELETE FROM login_throttle WHERE key = $1`, [deviceKey(username, device.deviceId)]);
    else await this.ds.query(GIVE_BACK, [pairKey(username, address), addressKey(address)]);
  }
}
