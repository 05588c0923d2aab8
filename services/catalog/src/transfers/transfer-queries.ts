import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { paginationOf, type Paginated, type TransferDto } from '@dukan/contracts';
import { DomainError, rows, UUID, type RequestContext } from '@dukan/platform';
import type { TransferListQuery } from './transfer.dto.js';

const iso = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const PAGE_SIZE = 50;

/** TransferDto of the transfer `t`, its lines with their products' names. */
const TRANSFER_JSON = `json_build_object(
  '_id', t.id,
  'number', t.number,
  'fromBranch', t.from_branch,
  'toBranch', t.to_branch,
  'state', t.state,
  'lines', (SELECT json_agg(json_build_object(
              'productId', l.product_id, 'sku', p.sku, 'name', json_build_object('en', p.name_en, 'ku', p.name_ku),
              'sent', l.sent, 'received', l.received, 'unitCost', l.unit_cost_cents::float8 / 100) ORDER BY l.line_no)
            FROM transfer_lines l JOIN products p ON p.id = l.product_id WHERE l.transfer_id = t.id),
  'note', t.note,
  'receiveNote', t.receive_note,
  'sentBy', t.sent_by,
  'receivedBy', t.received_by,
  'cancelledBy', t.cancelled_by,
  'sentAt', ${iso('t.sent_at')},
  'receivedAt', CASE WHEN t.received_at IS NULL THEN NULL ELSE ${iso('t.received_at')} END,
  'cancelledAt', CASE WHEN t.cancelled_at IS NULL THEN NULL ELSE ${iso('t.cancelled_at')} END)`;

/** Reading transfers: those leaving or reaching the branch a request acts in. */
@Injectable()
export class TransferQueries {
  constructor(private readonly ds: DataSource) {}

  async list(ctx: RequestContext, q: TransferListQuery): Promise<Paginated<TransferDto>> {
    const page = q.page ?? 1;
    const limit = q.limit ?? PAGE_SIZE;
    const params: unknown[] = [ctx.branchId];
    const where = ['(t.from_branch = $1 OR t.to_branch = $1)'];
    if (q.state) {
      params.push(q.state);
      where.push(`t.state = $${params.length}`);
    }
    const [{ total }] = await rows<{ total: number }>(
      this.ds,
      `SELECT count(*)::int AS total FROM transfers t WHERE ${where.join(' AND ')}`,
      params,
    );
    const data = await rows<{ j: TransferDto }>(
      this.ds,
      `SELECT ${TRANSFER_JSON} AS j FROM transfers t WHERE ${where.join(' AND ')}
       ORDER BY t.sent_at DESC, t.id LIMIT ${limit} OFFSET ${(page - 1) * limit}`,
      params,
    );
    return { data: data.map((r) => r.j), pagination: paginationOf(total, page, limit) };
  }

  async get(id: string, m: EntityManager | DataSource = this.ds): Promise<TransferDto> {
    if (!UUID.test(id)) throw DomainError.notFound('entities.transfer');
    const [found] = await rows<{ j: TransferDto }>(m, `SELECT ${TRANSFER_JSON} AS j FROM transfers t WHERE t.id = $1`, [id]);
    if (!found) throw DomainError.notFound('entities.transfer');
    return found.j;
  }
}
