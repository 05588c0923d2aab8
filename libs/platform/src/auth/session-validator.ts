import { ROLES, type Permissions, type Role } from '@dukan/contracts';
import { DomainError } from '../errors/domain-error.js';
import type { EventBus } from '../events/event-bus.js';
import { Replicas } from '../http/replicas.js';

/** What a user may do now, as identity holds it: the gate decides on these, not on what the token was issued with. */
export interface SessionRights {
  role: Role;
  permissions: Permissions | null;
  homeBranch: string | null;
  /** null for an admin (every branch) and for the home branch only. */
  branches: string[] | null;
}

/**
 * Identity's answer to "is this token still the current one for this user, and what may the user do now?" A role or
 * permission edit changes `rights` and leaves the token current; logout, a password reset, deactivation and
 * deletion end it (a new tokenVersion, or no state).
 */
export interface SessionState {
  tokenVersion: number;
  active: boolean;
  /** Absent from a check that knows only versions (a lone service's test double): the token's rights stand. */
  rights?: SessionRights;
}

export interface SessionValidator {
  /** `presented`: the version of the token being checked; an answer older than it is not taken from a cache. */
  current(userId: string, presented?: number): Promise<SessionState | null>;
}

/** Provided by identity where it runs in the same process, by an HTTP client in the cluster gateway. */
export const SESSION_VALIDATOR = Symbol('SESSION_VALIDATOR');

/** Asks identity over HTTP (cluster gateway, services), any of its processes (`identityUrl` may list several). */
export class HttpSessionValidator implements SessionValidator {
  private readonly identity: Replicas;

  constructor(
    identityUrl: string,
    private readonly internalToken: string | undefined,
  ) {
    this.identity = new Replicas(identityUrl);
  }

  async current(userId: string): Promise<SessionState | null> {
    // Identity unreachable, slow or without its database: the call is refused with 503, which a client sends again.
    const res = await this.identity
      .fetch(
        `/internal/auth/sessions/${encodeURIComponent(userId)}`,
        {
          headers: this.internalToken ? { 'x-dukan-internal': this.internalToken } : {},
          signal: AbortSignal.timeout(5000),
        },
        true,
      )
      .catch(() => {
        throw DomainError.unavailable();
      });
    if (res.status === 404) return null;
    if (res.status >= 500) throw DomainError.unavailable();
    if (!res.ok) throw new Error(`identity answered ${res.status}`);
    return (await res.json()) as SessionState;
  }
}

export interface SessionCacheOptions {
  /** How long an answer is reused when no event says otherwise. */
  ttlMs: number;
  now?: () => number;
}

/**
 * Keeps identity's answers for a short while, so the cluster gateway does not ask identity on every call.
 * Whoever holds it must drop entries when a session changes: `forget` on identity's user events (heard on
 * the bus by every gateway), `clear` after a change that passed through this gateway (before its answer
 * reaches the client, so the client's next call is checked afresh). The TTL bounds how long a change that
 * was missed (the bus unreachable) can go unseen.
 */
export class CachingSessionValidator implements SessionValidator {
  private readonly entries = new Map<string, { state: SessionState | null; at: number }>();
  private readonly pending = new Map<string, Promise<SessionState | null>>();
  private generation = 0;
  private readonly now: () => number;

  constructor(
    private readonly inner: SessionValidator,
    private readonly options: SessionCacheOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  async current(userId: string, presented?: number): Promise<SessionState | null> {
    const hit = this.entries.get(userId);
    // Versions only grow: a token newer than the answer we hold (a refresh after a permission change
    // made elsewhere) means the answer is old.
    const outgrown = presented !== undefined && hit?.state != null && hit.state.tokenVersion < presented;
    if (hit && !outgrown && this.now() - hit.at < this.options.ttlMs) return hit.state;
    if (outgrown) this.pending.delete(userId);
    let asking = this.pending.get(userId);
    if (!asking) {
      const generation = this.generation;
      asking = this.inner
        .current(userId)
        .then((state) => {
          // An answer that was in flight while the entry was dropped may be old: use it once, keep it not.
          if (generation === this.generation && this.pending.get(userId) === asking) this.entries.set(userId, { state, at: this.now() });
          return state;
        })
        .finally(() => {
          if (this.pending.get(userId) === asking) this.pending.delete(userId);
        });
      this.pending.set(userId, asking);
    }
    return asking;
  }

  forget(userId: string): void {
    this.entries.delete(userId);
    this.pending.delete(userId);
    this.generation += 1;
  }

  clear(): void {
    this.entries.clear();
    this.pending.clear();
    this.generation += 1;
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * The session check of a process without identity in it (a service behind the gateway, the gateway itself):
 * identity over HTTP, its answers kept for SESSION_CACHE_MS and dropped when identity's user events say so.
 */
export async function remoteSessionValidator(
  config: { IDENTITY_URL: string; INTERNAL_TOKEN?: string | undefined; SESSION_CACHE_MS: number },
  bus: EventBus,
): Promise<SessionValidator> {
  const identity = new HttpSessionValidator(config.IDENTITY_URL, config.INTERNAL_TOKEN);
  if (config.SESSION_CACHE_MS === 0) return identity;
  const cache = new CachingSessionValidator(identity, { ttlMs: config.SESSION_CACHE_MS });
  await forgetOnUserEvents(cache, bus);
  return cache;
}

/** Drops a user's kept answer when identity's user events say the user changed (revoked, edited, deleted). */
export async function forgetOnUserEvents(cache: CachingSessionValidator, bus: EventBus): Promise<void> {
  await bus.watch(['dukan.identity.user.session-revoked.v1', 'dukan.identity.user.updated.v1', 'dukan.identity.user.deleted.v1'], (event) =>
    cache.forget((event.data as { userId: string }).userId),
  );
}

/** Rights as the gateway forwards them to a service (RIGHTS_HEADER), or null when the header is not such. */
export function parseForwardedRights(header: string | undefined): SessionRights | null {
  if (!header) return null;
  try {
    const r = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as Partial<SessionRights>;
    const texts = (v: unknown) => Array.isArray(v) && v.every((b) => typeof b === 'string');
    if (!ROLES.includes(r.role as Role)) return null;
    if (r.permissions !== null && (typeof r.permissions !== 'object' || Array.isArray(r.permissions))) return null;
    if (r.homeBranch !== null && typeof r.homeBranch !== 'string') return null;
    if (r.branches !== null && !texts(r.branches)) return null;
    return { role: r.role as Role, permissions: r.permissions ?? null, homeBranch: r.homeBranch ?? null, branches: r.branches ?? null };
  } catch {
    return null;
  }
}

/** The header a service reads the rights of a forwarded call from, as the gateway's gate decided on them. */
export function forwardedRights(rights: SessionRights): string {
  return Buffer.from(JSON.stringify(rights)).toString('base64url');
}
