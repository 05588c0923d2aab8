import { DomainError } from '../errors/domain-error.js';
import type { EventBus } from '../events/event-bus.js';
import { Replicas } from '../http/replicas.js';

/** A branch as settings lists it. */
export interface KnownBranch {
  id: string;
  name: string;
  active: boolean;
  /** The branch's registers as an admin set them in settings (absent from a list that does not carry them). */
  registers?: string[];
}

/** 'active', 'inactive' (deactivated) or 'unknown' (no such branch). */
export type BranchState = 'active' | 'inactive' | 'unknown';

/** Whether a branch a request names exists and is active (settings owns branches). */
export interface BranchDirectory {
  state(branchId: string): Promise<BranchState>;
  /** The name settings gives the branch; null for one it does not know. */
  name(branchId: string): Promise<string | null>;
  /** Whether settings lists `register` among the branch's registers. */
  hasRegister(branchId: string, register: string): Promise<boolean>;
}

/** Provided by settings where it runs in the same process, by its internal route elsewhere (the cluster gateway). */
export const BRANCH_DIRECTORY = Symbol('BRANCH_DIRECTORY');

export interface BranchDirectoryOptions {
  /** How long a list is kept when no branch event says otherwise (bounds how long a missed event goes unseen). */
  ttlMs: number;
  /** A branch not in the list (made a moment ago, its event not here yet) asks again, at most this often. */
  missRetryMs: number;
  now?: () => number;
}

/**
 * Settings' list of branches, kept in memory: a request naming a branch costs a lookup, not a call. The list is
 * dropped when settings announces a branch change, when it is older than `ttlMs`, and on a miss (at most every
 * `missRetryMs`). When settings cannot be asked, the last list stands; with none yet, the request is refused (503).
 */
export class CachedBranchDirectory implements BranchDirectory {
  private branches: Map<string, KnownBranch> | null = null;
  private loadedAt = 0;
  private loading: Promise<Map<string, KnownBranch>> | null = null;
  private readonly now: () => number;

  constructor(
    private readonly load: () => Promise<KnownBranch[]>,
    private readonly options: BranchDirectoryOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  async state(branchId: string): Promise<BranchState> {
    const branch = await this.find(branchId);
    return !branch ? 'unknown' : branch.active ? 'active' : 'inactive';
  }

  async name(branchId: string): Promise<string | null> {
    return (await this.find(branchId))?.name ?? null;
  }

  async hasRegister(branchId: string, register: string): Promise<boolean> {
    const listed = (known: Map<string, KnownBranch>) => known.get(branchId)?.registers?.includes(register) ?? false;
    if (listed(await this.list(this.options.ttlMs))) return true;
    // A register an admin added a moment ago (its event not here yet) is asked for again, at most every missRetryMs.
    return listed(await this.list(this.options.missRetryMs));
  }

  private async find(branchId: string): Promise<KnownBranch | undefined> {
    let known = await this.list(this.options.ttlMs);
    if (!known.has(branchId)) known = await this.list(this.options.missRetryMs);
    return known.get(branchId);
  }

  /** Drops the list (settings announced a change). */
  forget(): void {
    this.loadedAt = 0;
  }

  private async list(maxAgeMs: number): Promise<Map<string, KnownBranch>> {
    if (this.branches && this.now() - this.loadedAt < maxAgeMs) return this.branches;
    this.loading ??= this.load()
      .then((rows) => {
        this.branches = new Map(rows.map((b) => [b.id, b]));
        this.loadedAt = this.now();
        return this.branches;
      })
      .catch((e: unknown) => {
        if (this.branches) return this.branches;
        throw e instanceof DomainError ? e : new DomainError('SERVICE_UNAVAILABLE', 'errors.serviceUnavailable');
      })
      .finally(() => {
        this.loading = null;
      });
    return this.loading;
  }
}

const DEFAULTS: BranchDirectoryOptions = { ttlMs: 30_000, missRetryMs: 1_000 };

/** A directory that follows settings' branch events from its first question on (never in a process that asks none). */
export function watchedBranchDirectory(load: () => Promise<KnownBranch[]>, bus: EventBus, options = DEFAULTS): BranchDirectory {
  let watching: Promise<void> | null = null;
  const directory = new CachedBranchDirectory(async () => {
    watching ??= bus
      .watch(['dukan.settings.branch.changed.v1'], () => directory.forget())
      .catch(() => {
        watching = null; // asked again with the next list
      });
    await watching;
    return load();
  }, options);
  return directory;
}

/** Settings asked over its internal route (the cluster gateway), taking turns over its processes when it runs several. */
export function remoteBranchDirectory(
  config: { SETTINGS_URL: string; INTERNAL_TOKEN?: string | undefined },
  bus: EventBus,
): BranchDirectory {
  const settings = new Replicas(config.SETTINGS_URL);
  return watchedBranchDirectory(async () => {
    const res = await settings.fetch(
      '/internal/settings/branches',
      {
        headers: config.INTERNAL_TOKEN ? { 'x-dukan-internal': config.INTERNAL_TOKEN } : {},
        signal: AbortSignal.timeout(5000),
      },
      true,
    );
    if (!res.ok) throw new Error(`settings answered ${res.status}`);
    return (await res.json()) as KnownBranch[];
  }, bus);
}
