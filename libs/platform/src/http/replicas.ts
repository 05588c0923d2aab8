/**
 * The processes of one service (its URL, or a comma-separated list of them when it runs as several), as a caller
 * sees them: calls take turns over the processes, a process that refused a connection is left out for a moment
 * (`outForMs`), and a call that never reached one is sent to the next. Used by the cluster gateway and by the
 * services that call each other.
 */
export class Replicas {
  readonly urls: readonly string[];
  private readonly outUntil = new Map<string, number>();
  private turn = 0;

  constructor(
    list: string,
    private readonly outForMs = 2000,
    private readonly now: () => number = Date.now,
  ) {
    this.urls = parseUrlList(list);
    if (this.urls.length === 0) throw new Error('Replicas: no URL given');
  }

  /**
   * The next process to call, skipping those already `tried` for this call and those left out; when every
   * untried process is left out, the one left out longest ago (it may be back). Null once all were tried.
   */
  pick(tried: ReadonlySet<string> = new Set()): string | null {
    const untried = this.urls.filter((u) => !tried.has(u));
    if (untried.length === 0) return null;
    const start = this.turn++ % this.urls.length;
    const inTurn = [...this.urls.slice(start), ...this.urls.slice(0, start)].filter((u) => !tried.has(u));
    const now = this.now();
    const live = inTurn.find((u) => (this.outUntil.get(u) ?? 0) <= now);
    if (live) return live;
    return inTurn.reduce((a, b) => ((this.outUntil.get(a) ?? 0) <= (this.outUntil.get(b) ?? 0) ? a : b));
  }

  /** A process refused or dropped a connection: left out of the turns for a moment. */
  markOut(url: string): void {
    this.outUntil.set(url, this.now() + this.outForMs);
  }

  /** Whether `url` is left out at the moment. */
  isOut(url: string): boolean {
    return (this.outUntil.get(url) ?? 0) > this.now();
  }

  /**
   * fetch(`<process><path>`) on the processes in turn. A call that never reached a process (connection refused)
   * goes to the next one; so does one whose connection broke before the answer, when `resend` says the call may
   * be sent twice (a read, or a call idempotent by its own key). Anything else is the caller's to handle.
   */
  async fetch(path: string, init: RequestInit = {}, resend = false): Promise<Response> {
    const tried = new Set<string>();
    for (;;) {
      const url = this.pick(tried)!;
      tried.add(url);
      try {
        return await fetch(`${url}${path}`, init);
      } catch (err) {
        const failure = connectionFailure(err);
        if (failure) this.markOut(url);
        const again = failure === 'refused' || (failure === 'broken' && resend);
        if (!again || tried.size === this.urls.length) throw err;
      }
    }
  }
}

/** `a,b , c` → ['a', 'b', 'c'] without trailing slashes. */
export function parseUrlList(list: string): string[] {
  return list
    .split(',')
    .map((u) => u.trim().replace(/\/+$/, ''))
    .filter(Boolean);
}

const REFUSED = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL', 'UND_ERR_CONNECT_TIMEOUT']);
const BROKEN = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'ECONNABORTED']);

/**
 * How a call failed on the way: 'refused' (no connection was made, so nothing was sent), 'broken' (the
 * connection ended before an answer; the call may have been acted on), or null (anything else: a timeout,
 * an abort). Reads the code of node:http errors and of fetch's (on `cause`).
 */
export function connectionFailure(err: unknown): 'refused' | 'broken' | null {
  const codes: unknown[] = [];
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    codes.push((e as { code?: unknown }).code);
    const errors = (e as { errors?: unknown }).errors; // AggregateError of a host with several addresses
    if (Array.isArray(errors)) for (const inner of errors) codes.push((inner as { code?: unknown })?.code);
  }
  if (codes.some((c) => typeof c === 'string' && REFUSED.has(c))) return 'refused';
  if (codes.some((c) => typeof c === 'string' && BROKEN.has(c))) return 'broken';
  return null;
}
