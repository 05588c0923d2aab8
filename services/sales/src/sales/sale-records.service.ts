import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  DEFAULT_PAGE_LIMIT,
  normalizeSearchText,
  paginationOf,
  toCents,
  type Pagination,
  type SaleDto,
  type SaleExchangeDto,
} from '@dukan/contracts';
import { DomainError, escapeLike, recordInCallerBranch, UUID, type RequestContext } from '@dukan/platform';
import type { ListSalesQuery } from './sale.dto.js';
import { toSaleDto } from './sale.mapper.js';
import { SALE_TENDERS, type LineRow, type RefundRow, type SaleRow } from './sale.rows.js';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
export const INVOICE_NUMBER = /^INV-\d{1,30}$/i;

const SALE_WITH_NAMES = `
  SELECT s.*, s.created_at::text AS created_at_text, c.first_name AS c_first, c.last_name AS c_last, c.phone AS c_phone,
         u.username AS u_username, u.first_name AS u_first, u.last_name AS u_last, ${SALE_TENDERS} AS tenders
    FROM sales s
    LEFT JOIN customers c ON c.customer_id = s.customer_id
    LEFT JOIN cashiers u ON u.user_id = s.cashier_id`;

/** An opaque position in the newest-first order: the last sale's time as PostgreSQL wrote it (microseconds kept) and id. */
function encodeCursor(createdAtText: string, id: string): string {
  return Buffer.from(`${createdAtText}|${id}`).toString('base64url');
}

function decodeCursor(cursor: string): { createdAt: string; id: string } {
  const [createdAt = '', id = ''] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!/^\d{4}-\d{2}-\d{2}[ T][\d:.]+([+-]\d{2}(:?\d{2})?|Z)$/.test(createdAt) || !UUID.test(id))
    throw DomainError.validation({ cursor: 'validation.invalidValue' });
  return { createdAt, id };
}

/** Reading sales: the list (filters, search, pages) and one sale with its lines, refunds and names. */
@Injectable()
export class SaleRecordsService {
  constructor(private readonly ds: DataSource) {}

  /**
   * One sale by its id or by its invoice number (a list's View link may be built from either); invoice numbers are
   * unique per branch, so a number is looked up in the branch the caller acts in. A sale of a branch the caller
   * may not work in is not found.
   */
  async get(
    idOrInvoice: string,
    ctx: Pick<RequestContext, 'user' | 'branchId' | 'callerBranches'>,
    m: EntityManager = this.ds.manager,
  ): Promise<SaleDto> {
    const byId = UUID.test(idOrInvoice);
    if (!byId && !INVOICE_NUMBER.test(idOrInvoice)) throw DomainError.notFound('entities.transaction');
    const [found]: SaleRow[] = byId
      ? await m.query(`${SALE_WITH_NAMES} WHERE s.id = $1`, [idOrInvoice])
      : await m.query(`${SALE_WITH_NAMES} WHERE s.invoice_number = $1 AND s.branch_id = $2`, [idOrInvoice.toUpperCase(), ctx.branchId]);
    const sale = recordInCallerBranch(ctx, found, (s) => s.branch_id, 'entities.transaction');
    const lines: LineRow[] = await m.query(`SELECT * FROM sale_lines WHERE sale_id = $1 ORDER BY line_no`, [sale.id]);
    // A return made in an exchange names the sale its value paid for.
    const refunds: RefundRow[] = await m.query(
      `SELECT r.*, x.invoice_number AS exchange_invoice FROM refunds r LEFT JOIN sales x ON x.id = r.exchange_sale_id
        WHERE r.sale_id = $1 ORDER BY r.created_at`,
      [sale.id],
    );
    const data = toSaleDto(sale, lines, refunds);
    const exchange = await this.exchangeOf(m, sale);
    if (exchange) data.exchange = exchange;
    return data;
  }

  /**
   * A sale made in an exchange: the return its value came from, so a receipt printed again shows what came back and
   * what went back in cash, as the first did. The return is in the sale's currency (an exchange is refused otherwise).
   */
  private async exchangeOf(m: EntityManager, sale: SaleRow): Promise<SaleExchangeDto | null> {
    const [r]: (Pick<RefundRow, 'id' | 'amount_minor' | 'tenders'> & { sale_id: string; invoice_number: string })[] = await m.query(
      `SELECT r.id, r.sale_id, r.amount_minor, r.tenders, x.invoice_number FROM refunds r JOIN sales x ON x.id = r.sale_id
        WHERE r.exchange_sale_id = $1 LIMIT 1`,
      [sale.id],
    );
    if (!r) return null;
    const returnMinor = Number(r.amount_minor);
    const cash = (r.tenders ?? []).find((t) => t.method === 'cash');
    return {
      saleId: r.sale_id,
      invoiceNumber: r.invoice_number,
      refundId: r.id,
      returnMinor,
      dueMinor: Math.max(0, Number(sale.total_minor) - returnMinor),
      back: cash ? { method: 'cash', currency: cash.currency, amountMinor: Number(cash.amountMinor) } : null,
    };
  }

  /** The sales of the branch the caller acts in, newest first. */
  async list(branchId: string, q: ListSalesQuery): Promise<{ data: SaleDto[]; pagination: Pagination & { nextCursor: string | null } }> {
    const page = q.page ?? 1;
    const limit = q.limit ?? DEFAULT_PAGE_LIMIT;
    const where: string[] = [];
    const params: unknown[] = [];
    const p = (v: unknown) => {
      params.push(v);
      return `$${params.length}`;
    };
    where.push(`s.branch_id = ${p(branchId)}`);

    switch (q.status) {
      case 'paid':
      case 'Completed':
        where.push(`s.payment_status = 'paid' AND s.status = 'completed'`);
        break;
      case 'pending':
      case 'Pending':
        where.push(`s.payment_status = 'pending' AND s.status = 'completed'`);
        break;
      case 'failed':
      case 'Cancelled':
        where.push(`(s.payment_status = 'failed' OR s.status = 'voided')`);
        break;
      case 'voided':
        where.push(`s.status = 'voided'`);
        break;
      case 'refunded':
        where.push(`s.refund_state <> 'none'`);
        break;
      default:
        break;
    }
    if (q.from || q.to) {
      const [{ time_zone: tz }]: { time_zone: string }[] = await this.ds.query(`SELECT time_zone FROM shop_settings WHERE id = 1`);
      // A bare day is a day in the shop's time zone; 'to' includes the whole day.
      if (q.from)
        where.push(
          DAY.test(q.from)
            ? `s.created_at >= (${p(q.from)}::date)::timestamp AT TIME ZONE ${p(tz)}`
            : `s.created_at >= ${p(q.from)}::timestamptz`,
        );
      if (q.to)
        where.push(
          DAY.test(q.to)
            ? `s.created_at < ((${p(q.to)}::date + 1)::timestamp AT TIME ZONE ${p(tz)})`
            : `s.created_at <= ${p(q.to)}::timestamptz`,
        );
    }
    if (q.register) where.push(`s.register = ${p(q.register)}`);
    if (q.customer) where.push(`s.customer_id = ${p(q.customer)}`);
    if (q.search) where.push(this.searchClause(q.search, p));

    const clause = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
    const countParams = [...params];
    // Keyset paging (?cursor= from the previous page) stays fast however deep; ?page= is kept for the spec's client.
    const cursor = q.cursor ? decodeCursor(q.cursor) : null;
    const pageClause = cursor
      ? `${clause ? `${clause} AND` : 'WHERE'} (s.created_at, s.id) < (${p(cursor.createdAt)}::timestamptz, ${p(cursor.id)}::uuid)`
      : clause;
    const offset = cursor ? 0 : (page - 1) * limit;
    // The count and the page run side by side on two connections.
    const [[{ total }], sales] = (await Promise.all([
      this.ds.query(`SELECT count(*) AS total FROM sales s ${clause}`, countParams),
      this.ds.query(`${SALE_WITH_NAMES} ${pageClause} ORDER BY s.created_at DESC, s.id DESC LIMIT ${p(limit)} OFFSET ${p(offset)}`, params),
    ])) as [{ total: string }[], SaleRow[]];
    const ids = sales.map((s) => s.id);
    const lines: LineRow[] = ids.length
      ? await this.ds.query(`SELECT * FROM sale_lines WHERE sale_id = ANY($1::uuid[]) ORDER BY sale_id, line_no`, [ids])
      : [];
    const bySale = new Map<string, LineRow[]>();
    for (const l of lines) bySale.set(l.sale_id, [...(bySale.get(l.sale_id) ?? []), l]);
    const last = sales.at(-1);
    return {
      data: sales.map((s) => toSaleDto(s, bySale.get(s.id) ?? [])),
      pagination: {
        ...paginationOf(Number(total), cursor ? 1 : page, limit),
        nextCursor:
          last && sales.length === limit ? encodeCursor((last as SaleRow & { created_at_text: string }).created_at_text, last.id) : null,
      },
    };
  }

  /**
   * The list page searches by id, invoice number, customer name or phone, or amount (spec part 2 §5). Each kind of
   * term gets only the conditions it can mean, each one index-backed, so a search never scans every sale.
   */
  private searchClause(search: string, p: (v: unknown) => string): string {
    const ors: string[] = [];
    if (UUID.test(search)) return `s.id = ${p(search)}`;
    const digits = /^(?:inv-?)?(\d{1,20})$/i.exec(search)?.[1];
    if (digits) ors.push(`s.invoice_number LIKE ${p(`INV-${digits}%`)}`);
    if (/^\$?\d{1,9}(\.\d{1,2})?$/.test(search)) ors.push(`s.total_cents = ${p(toCents(Number(search.replace('$', ''))))}`);
    const isPhone = /^\+?[\d -]{5,20}$/.test(search);
    const isName = /\p{L}/u.test(search) && !/^inv-?\d+$/i.test(search);
    if (isName || isPhone) {
      const like = p(`%${escapeLike(search)}%`);
      const name = p(`%${escapeLike(normalizeSearchText(search))}%`);
      ors.push(
        `(s.customer_id IS NOT NULL AND s.customer_id = ANY (ARRAY (SELECT customer_id FROM customers
           WHERE search_text LIKE ${name} OR phone LIKE ${like} LIMIT 10000)))`,
      );
    }
    return ors.length > 0 ? `(${ors.join(' OR ')})` : 'false';
  }
}
