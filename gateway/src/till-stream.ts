import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { EventEnvelope, EventSubject } from '@dukan/contracts';
import { logger, type EventBus, type GatedRequest } from '@dukan/platform';

/** What a till follows: its catalogue (products, categories, prices), its branch's stock, and the shop's settings. */
export type StreamTopic = 'catalogue' | 'stock' | 'settings';

const TOPIC_OF: Partial<Record<EventSubject, StreamTopic>> = {
  'dukan.catalog.product.created.v1': 'catalogue',
  'dukan.catalog.product.updated.v1': 'catalogue',
  'dukan.catalog.product.deleted.v1': 'catalogue',
  'dukan.catalog.category.created.v1': 'catalogue',
  'dukan.catalog.category.updated.v1': 'catalogue',
  'dukan.catalog.category.deleted.v1': 'catalogue',
  'dukan.catalog.branch-price.changed.v1': 'catalogue',
  'dukan.catalog.stock.changed.v2': 'stock',
  'dukan.settings.settings.changed.v1': 'settings',
  'dukan.settings.branch.changed.v1': 'settings',
  'dukan.settings.receipt.changed.v1': 'settings',
  'dukan.settings.payments.changed.v1': 'settings',
};

export const STREAM_SUBJECTS = Object.keys(TOPIC_OF) as EventSubject[];

export interface StreamLimits {
  /** Streams one gateway process holds at most; one more is answered 503 (the till polls instead). */
  perProcess: number;
  /** Streams one user holds at most (a till per tab); the oldest is closed when a new one opens. */
  perUser: number;
  heartbeatMs: number;
  /** Catalogue and settings changes are sent this soon, gathered into one notice. */
  flushMs: number;
  /** A branch's stock changes (a sale each) at most this often: about what polling cost, and only where sold. */
  stockFlushMs: number;
  /** Notices kept for a reconnect to resume from. */
  keep: number;
  /** Bytes waiting to be written to one stream: a till that reads slower than that is closed and resumes later. */
  maxBuffered: number;
}

export const DEFAULT_STREAM_LIMITS: StreamLimits = {
  perProcess: 20_000,
  perUser: 8,
  heartbeatMs: 25_000,
  flushMs: 100,
  stockFlushMs: 3_000,
  keep: 1_000,
  maxBuffered: 64 * 1024,
};

/** The limits with the gateway's configured caps. */
export function streamLimits(config: { STREAMS_PER_PROCESS: number; STREAMS_PER_USER: number }): StreamLimits {
  return { ...DEFAULT_STREAM_LIMITS, perProcess: config.STREAMS_PER_PROCESS, perUser: config.STREAMS_PER_USER };
}

/** One notice: what changed (and for whom); the till then asks for the delta since the revision it holds. */
export interface Notice {
  id: number;
  topics: StreamTopic[];
  /** The branches it concerns; null: every branch. */
  branches: string[] | null;
  /** The products changed when few (the till needs none of them to catch up; a test or a log reads them). */
  products?: string[];
}

interface Client {
  res: ServerResponse;
  user: string;
  branch: string;
}

interface Pending {
  topics: Set<StreamTopic>;
  branches: Set<string> | null;
  products: Set<string>;
}

const MAX_NAMED_PRODUCTS = 50;

/**
 * Server-sent events for the tills, fed by the services' events (watched: no durable state). Bounded: a cap on
 * streams per process and per user, notices gathered per short window (a bulk change of 10,000 products is one
 * notice), a ring of the last `keep` notices for Last-Event-ID, and a stream that cannot keep up is closed. An id is
 * `<process>-<n>`: a reconnect to this process resumes with what it missed; to another process (or after the ring
 * moved on) it is told to catch up in full, which the till does with the delta of the revision it holds.
 */
export class TillStreamHub {
  readonly boot = randomBytes(4).toString('hex');
  private seq = 0;
  private readonly ring: Notice[] = [];
  private readonly clients = new Set<Client>();
  private readonly perUser = new Map<string, Client[]>();
  private pending: Pending | null = null;
  private readonly stockPending = new Map<string, Set<string>>();
  private flushTimer: NodeJS.Timeout | null = null;
  private stockTimer: NodeJS.Timeout | null = null;
  private readonly heartbeat: NodeJS.Timeout;

  constructor(private readonly limits: StreamLimits = DEFAULT_STREAM_LIMITS) {
    this.heartbeat = setInterval(() => this.broadcast(': \n\n'), limits.heartbeatMs);
    this.heartbeat.unref();
  }

  get size(): number {
    return this.clients.size;
  }

  async follow(bus: EventBus): Promise<void> {
    await bus.watch(STREAM_SUBJECTS, (e) => this.heard(e));
  }

  /** One event from the bus, gathered into the next notice. */
  heard(event: EventEnvelope): void {
    const topic = TOPIC_OF[event.type as EventSubject];
    if (!topic) return;
    const data = (event.data ?? {}) as { productId?: string; branchId?: string };
    if (topic === 'stock') {
      const branch = data.branchId ?? event.branchId ?? null;
      if (!branch) return;
      const ids = this.stockPending.get(branch) ?? new Set<string>();
      if (data.productId && ids.size < MAX_NAMED_PRODUCTS) ids.add(data.productId);
      this.stockPending.set(branch, ids);
      this.stockTimer ??= setTimeout(() => this.flushStock(), this.limits.stockFlushMs);
      return;
    }
    const p = (this.pending ??= { topics: new Set(), branches: new Set(), products: new Set() });
    p.topics.add(topic);
    // A branch's price concerns that branch; anything else every branch.
    if (event.type === 'dukan.catalog.branch-price.changed.v1' && data.branchId) p.branches?.add(data.branchId);
    else p.branches = null;
    if (data.productId && p.products.size < MAX_NAMED_PRODUCTS) p.products.add(data.productId);
    this.flushTimer ??= setTimeout(() => this.flush(), this.limits.flushMs);
  }

  private flush(): void {
    this.flushTimer = null;
    const p = this.pending;
    this.pending = null;
    if (!p) return;
    this.send({
      id: ++this.seq,
      topics: [...p.topics],
      branches: p.branches ? [...p.branches] : null,
      ...(p.products.size ? { products: [...p.products] } : {}),
    });
  }

  private flushStock(): void {
    this.stockTimer = null;
    const byBranch = [...this.stockPending];
    this.stockPending.clear();
    for (const [branch, ids] of byBranch)
      this.send({ id: ++this.seq, topics: ['stock'], branches: [branch], ...(ids.size ? { products: [...ids] } : {}) });
  }

  private send(n: Notice): void {
    this.ring.push(n);
    if (this.ring.length > this.limits.keep) this.ring.splice(0, this.ring.length - this.limits.keep);
    const frame = this.frame(n);
    for (const c of this.clients) if (n.branches === null || n.branches.includes(c.branch)) this.write(c, frame);
  }

  private frame(n: Notice): string {
    const { id, ...body } = n;
    return `id: ${this.boot}-${id}\ndata: ${JSON.stringify(body)}\n\n`;
  }

  private broadcast(text: string): void {
    for (const c of this.clients) this.write(c, text);
  }

  private write(c: Client, text: string): void {
    if (c.res.writableLength > this.limits.maxBuffered) return void c.res.destroy();
    c.res.write(text);
  }

  /** GET /api/stream: the gate has admitted the caller (the till's right to read products) in its branch. */
  open(req: GatedRequest, res: ServerResponse): void {
    // Asked for as anything but a stream (a check of the route, a plain fetch): where the stream is at, at once.
    if (!String(req.headers.accept ?? '').includes('text/event-stream')) {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
      res.end(JSON.stringify({ success: true, data: { id: `${this.boot}-${this.seq}`, streams: this.clients.size } }));
      return;
    }
    const user = req.dukan?.user?.id ?? 'anonymous';
    const branch = req.dukan?.branchId ?? 'main';
    if (this.clients.size >= this.limits.perProcess) {
      res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '30' });
      res.end(JSON.stringify({ success: false, error: { code: 'SERVICE_UNAVAILABLE', message: 'too many streams' } }));
      return;
    }
    const mine = this.perUser.get(user) ?? [];
    while (mine.length >= this.limits.perUser) mine.shift()!.res.end();
    const client: Client = { res, user, branch };
    mine.push(client);
    this.perUser.set(user, mine);
    this.clients.add(client);
    res.once('close', () => {
      this.clients.delete(client);
      const list = this.perUser.get(user)?.filter((c) => c !== client) ?? [];
      if (list.length) this.perUser.set(user, list);
      else this.perUser.delete(user);
    });
    res.socket?.setNoDelay(true);
    res.socket?.setTimeout(0);
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    res.write(`retry: 3000\n${this.resume(req.headers['last-event-id'], branch)}`);
  }

  /** The first frame: the notices missed since Last-Event-ID, or "catch up in full", or "ready" at the current id. */
  private resume(lastId: string | string[] | undefined, branch: string): string {
    const [boot, n] = typeof lastId === 'string' ? lastId.split('-') : [];
    const since = Number(n);
    const head = `${this.boot}-${this.seq}`;
    if (!boot) return `id: ${head}\nevent: ready\ndata: {}\n\n`;
    const oldest = this.ring[0]?.id ?? this.seq + 1;
    if (boot === this.boot && Number.isInteger(since) && since <= this.seq && since + 1 >= oldest) {
      const missed = this.ring.filter((x) => x.id > since && (x.branches === null || x.branches.includes(branch)));
      return missed.length ? missed.map((x) => this.frame(x)).join('') : `id: ${head}\nevent: ready\ndata: {}\n\n`;
    }
    return `id: ${head}\ndata: ${JSON.stringify({ topics: ['catalogue', 'stock', 'settings'], branches: [branch], full: true })}\n\n`;
  }

  /** Nest's hook, before the server closes: a held stream would keep it open. */
  beforeApplicationShutdown(): void {
    this.close();
  }

  close(): void {
    clearInterval(this.heartbeat);
    if (this.flushTimer) clearTimeout(this.flushTimer);
    if (this.stockTimer) clearTimeout(this.stockTimer);
    for (const c of this.clients) c.res.end();
    this.clients.clear();
    this.perUser.clear();
  }
}

/** Mounts GET /api/stream (the gate already decided the call) on the gateway's Express app. */
export function streamHandler(hub: TillStreamHub) {
  return (req: GatedRequest, res: ServerResponse, next: () => void): void => {
    if (req.method !== 'GET' || req.path !== '/api/stream' || req.dukan?.route?.path !== '/api/stream') return next();
    try {
      hub.open(req, res);
    } catch (e) {
      logger().warn({ err: e }, 'till stream did not open');
      if (!res.headersSent) res.writeHead(500).end();
    }
  };
}
