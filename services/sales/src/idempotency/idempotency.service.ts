import { createHash, randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { DomainError, Periodic, returnedRows, type SqlParams } from '@dukan/platform';
import { SALES_CONFIG, type SalesConfig } from '../config.js';

export type Claim =
  /** This request owns the key: do the work with `saleId` (the same one after a take-over, so loyalty's reservation is reused). */
  | { kind: 'fresh'; saleId: string; owner: string }
  /** The key already produced an answer: send it again. */
  | { kind: 'replay'; status: number; body: unknown };

const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

export function isValidIdempotencyKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/** A stable hash of a JSON value: object keys sorted, so key order on the wire does not matter. */
export function requestHash(value: unknown): string {
  const canonical = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(canonical);
    if (v && typeof v === 'object') {
      return Object.fromEntries(
        Object.keys(v)
          .sort()
          .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
      );
    }
    return v;
  };
  return createHash('sha256')
    .update(JSON.stringify(canonical(value)))
    .digest('hex');
}

/**
 * ARCHITECTURE §7. A key is claimed in a short transaction of its own ("in progress"); the sale's transaction
 * stores the answer and marks it done, so the sale and its stored answer commit together. Failures release the key.
 */
@Injectable()
export class IdempotencyService {
  /**
   * Claims of this process whose request ended but whose release failed (the database went away meanwhile). Their
   * key is free at once for a retry that reaches this process, not after the take-over time.
   */
  private readonly abandoned = new Set<string>();

  constructor(
    private readonly ds: DataSource,
    @Inject(SALES_CONFIG) private readonly config: SalesConfig,
  ) {}

  async claim(key: string, hash: string): Promise<Claim> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const owner = randomUUID();
      const saleId = randomUUID();
      const inserted: { sale_id: string }[] = await this.ds.query(
        `INSERT INTO idempotency_keys (key, request_hash, sale_id, state, owner) VALUES ($1, $2, $3, 'in_progress', $4)
         ON CONFLICT (key) DO NOTHING RETURNING sale_id`,
        [key, hash, saleId, owner],
      );
      if (inserted.length === 1) return { kind: 'fresh', saleId, owner };

      const rows: {
        request_hash: string;
        state: string;
        sale_id: string;
        owner: string;
        response_status: number | null;
        response_body: unknown;
        stale: boolean;
      }[] = await this.ds.query(
        `SELECT request_hash, state, sale_id, owner, response_status, response_body,
                  locked_at < now() - make_interval(secs => $2) AS stale
             FROM idempotency_keys WHERE key = $1`,
        [key, this.config.IDEMPOTENCY_TAKEOVER_SECONDS],
      );
      const row = rows[0];
      if (!row) continue; // released between our insert and our read: try again
      if (row.request_hash !== hash) throw new DomainError('IDEMPOTENCY_KEY_REUSED', 'sales.idempotencyReused');
      if (row.state === 'done') return { kind: 'replay', status: row.response_status ?? 201, body: row.response_body };
      if (!row.stale && !this.abandoned.has(row.owner)) throw new DomainError('IDEMPOTENCY_IN_PROGRESS', 'sales.idempotencyInProgress');
      // The first request has been "in progress" for minutes (its process died), or ended here without letting the
      // key go. Take the key over.
      const taken = returnedRows(
        await this.ds.query(
          `UPDATE idempotency_keys SET owner = $3, locked_at = now() WHERE key = $1 AND state = 'in_progress' AND owner = $2 RETURNING key`,
          [key, row.owner, owner],
        ),
      );
      if (taken.length === 1) {
        this.abandoned.delete(row.owner);
        return { kind: 'fresh', saleId: row.sale_id, owner };
      }
    }
    throw new DomainError('IDEMPOTENCY_IN_PROGRESS', 'sales.idempotencyInProgress');
  }

  /** In the sale's transaction: the answer is stored with the sale. Fails if another request took the key over. */
  async complete(m: EntityManager, key: string, owner: string, status: number, body: unknown): Promise<void> {
    const done = returnedRows(
      await m.query(
        `UPDATE idempotency_keys SET state = 'done', response_status = $3, response_body = $4
          WHERE key = $1 AND owner = $2 AND state = 'in_progress' RETURNING key`,
        [key, owner, status, JSON.stringify(body)],
      ),
    );
    if (done.length !== 1) throw new DomainError('IDEMPOTENCY_IN_PROGRESS', 'sales.idempotencyInProgress');
  }

  /**
   * In the sale's transaction, for a key not seen before: the key and its answer in one row. False when another
   * request with the same key committed first (this one waited for it on the unique index); the caller rolls back.
   */
  async recordDone(m: EntityManager, key: string, hash: string, saleId: string, status: number, body: unknown): Promise<boolean> {
    const inserted: unknown[] = await m.query(
      `INSERT INTO idempotency_keys (key, request_hash, sale_id, state, owner, response_status, response_body)
       VALUES ($1, $2, $3, 'done', $3, $4, $5) ON CONFLICT (key) DO NOTHING RETURNING key`,
      [key, hash, saleId, status, JSON.stringify(body)],
    );
    return inserted.length === 1;
  }

  /**
   * The same two writes as parts of the sale's own statement: a data-modifying CTE named `idem_stored` that stores the
   * answer (`bodySql`: the jsonb of the answer, from the placeholder of its JSON) once for the row of the CTE `from`,
   * and `lost`, an expression true when it stored nothing (the key was taken over, or another request with a key not
   * seen before committed first): the statement must then refuse the sale.
   */
  storeInStatement(
    params: SqlParams,
    mode: { kind: 'claimed'; key: string; owner: string } | { kind: 'inline'; key: string; hash: string; saleId: string },
    status: number,
    body: unknown,
    from: string,
    bodySql: (json: string) => string,
  ): { cte: string; lost: string } {
    const p = params.add;
    const answer = bodySql(p(JSON.stringify(body), 'jsonb'));
    const cte =
      mode.kind === 'claimed'
        ? `idem_stored AS (
         UPDATE idempotency_keys SET state = 'done', response_status = ${p(status, 'int')}, response_body = ${answer}
           FROM ${from}
          WHERE key = ${p(mode.key, 'text')} AND owner = ${p(mode.owner, 'uuid')} AND state = 'in_progress'
         RETURNING key
       )`
        : `idem_stored AS (
         INSERT INTO idempotency_keys (key, request_hash, sale_id, state, owner, response_status, response_body)
         SELECT ${p(mode.key, 'text')}, ${p(mode.hash, 'text')}, ${p(mode.saleId, 'uuid')}, 'done', ${p(mode.saleId, 'uuid')},
                ${p(status, 'int')}, ${answer}
           FROM ${from}
         ON CONFLICT (key) DO NOTHING RETURNING key
       )`;
    return { cte, lost: 'NOT EXISTS (SELECT 1 FROM idem_stored)' };
  }

  /** The stored answer of a key that is done, read inside the caller's transaction (refunds check it under the sale's lock). */
  async answered(m: EntityManager, key: string): Promise<{ hash: string; body: unknown } | null> {
    const [row]: { request_hash: string; response_body: unknown }[] = await m.query(
      `SELECT request_hash, response_body FROM idempotency_keys WHERE key = $1 AND state = 'done'`,
      [key],
    );
    return row ? { hash: row.request_hash, body: row.response_body } : null;
  }

  /**
   * After a refusal or a failure: nothing was sold, so a retry with the same key starts afresh. When the key cannot
   * be let go (the database is away), this process remembers the claim as ended.
   */
  async release(key: string, owner: string): Promise<void> {
    try {
      await this.ds.query(`DELETE FROM idempotency_keys WHERE key = $1 AND owner = $2 AND state = 'in_progress'`, [key, owner]);
    } catch (e) {
      this.abandoned.add(owner);
      throw e;
    }
  }
}

/** Deletes answered keys older than the retention, hourly, so the table holds days of sales and not years. */
@Injectable()
export class IdempotencySweeper implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly periodic = new Periodic('idempotency sweep', 3_600_000, () => this.sweep());

  constructor(
    private readonly ds: DataSource,
    @Inject(SALES_CONFIG) private readonly config: SalesConfig,
  ) {}

  onApplicationBootstrap(): Promise<void> {
    return this.periodic.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.periodic.stop();
  }

  /** Returns how many keys were deleted. Keys still in progress are left to their owner or a take-over. */
  async sweep(): Promise<number> {
    const res = await this.ds.query(
      `DELETE FROM idempotency_keys WHERE state = 'done' AND created_at < now() - make_interval(hours => $1)`,
      [this.config.IDEMPOTENCY_RETENTION_HOURS],
    );
    return Array.isArray(res) && typeof res[1] === 'number' ? res[1] : 0;
  }
}
