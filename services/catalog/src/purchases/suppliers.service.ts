import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { normalizeSearchText, paginationOf, phoneSearchDigits, type Paginated, type SupplierDto } from '@dukan/contracts';
import { audit, DomainError, escapeLike, rows, UUID, type RequestContext } from '@dukan/platform';
import type { CreateSupplierDto, SupplierListQuery, UpdateSupplierDto } from './purchase.dto.js';
import { SUPPLIER_JSON } from './purchase.sql.js';

const PAGE_SIZE = 50;

/** The shop's suppliers: one list for every branch (a wholesaler serves the whole chain). */
@Injectable()
export class SuppliersService {
  constructor(private readonly ds: DataSource) {}

  async list(q: SupplierListQuery): Promise<Paginated<SupplierDto>> {
    const page = q.page ?? 1;
    const limit = q.limit ?? PAGE_SIZE;
    const params: unknown[] = [];
    const where: string[] = [];
    if ((q.active ?? 'true') !== 'all') {
      params.push(q.active !== 'false');
      where.push(`s.active = $${params.length}`);
    }
    if (q.search) {
      // search_text is the folded names and phone (search_norm, indexed): Kurdish typed on either keyboard.
      params.push(`%${escapeLike(normalizeSearchText(q.search))}%`);
      const clauses = [`s.search_text LIKE $${params.length}`];
      // Digits match the phone's digits, written locally or internationally: '0770 111' finds '+964770111…'.
      const phone = phoneSearchDigits(q.search);
      if (phone) {
        params.push([`%${phone.contains}%`, ...phone.prefixes.map((p) => `${p}%`)]);
        clauses.push(`regexp_replace(coalesce(s.phone, ''), '\\D', '', 'g') LIKE ANY ($${params.length}::text[])`);
      }
      where.push(`(${clauses.join(' OR ')})`);
    }
    const filter = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
    const [{ total }] = await rows<{ total: number }>(this.ds, `SELECT count(*)::int AS total FROM suppliers s ${filter}`, params);
    const data = await rows<{ j: SupplierDto }>(
      this.ds,
      `SELECT ${SUPPLIER_JSON} AS j FROM suppliers s ${filter} ORDER BY lower(s.name_en), s.id LIMIT ${limit} OFFSET ${(page - 1) * limit}`,
      params,
    );
    return { data: data.map((r) => r.j), pagination: paginationOf(total, page, limit) };
  }

  async get(id: string): Promise<SupplierDto> {
    if (!UUID.test(id)) throw DomainError.notFound('entities.supplier');
    const [found] = await rows<{ j: SupplierDto }>(this.ds, `SELECT ${SUPPLIER_JSON} AS j FROM suppliers s WHERE s.id = $1`, [id]);
    if (!found) throw DomainError.notFound('entities.supplier');
    return found.j;
  }

  async create(ctx: RequestContext, dto: CreateSupplierDto): Promise<SupplierDto> {
    return this.ds.transaction(async (m) => {
      const [{ id }] = await rows<{ id: string }>(
        m,
        `INSERT INTO suppliers (name_en, name_ku, phone, address, notes) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
        [dto.name.en, dto.name.ku ?? '', dto.phone ?? null, dto.address ?? null, dto.notes ?? null],
      );
      await audit(m, ctx, 'supplier.created', { type: 'supplier', id }, { name: dto.name.en });
      const [r] = await rows<{ j: SupplierDto }>(m, `SELECT ${SUPPLIER_JSON} AS j FROM suppliers s WHERE s.id = $1`, [id]);
      return r!.j;
    });
  }

  async update(ctx: RequestContext, id: string, dto: UpdateSupplierDto): Promise<SupplierDto> {
    if (!UUID.test(id)) throw DomainError.notFound('entities.supplier');
    return this.ds.transaction(async (m) => {
      const [before] = await rows<{ id: string }>(m, `SELECT id FROM suppliers WHERE id = $1 FOR UPDATE`, [id]);
      if (!before) throw DomainError.notFound('entities.supplier');
      const set: string[] = [];
      const params: unknown[] = [id];
      const put = (col: string, value: unknown) => {
        params.push(value);
        set.push(`${col} = $${params.length}`);
      };
      if (dto.name !== undefined) {
        put('name_en', dto.name.en);
        put('name_ku', dto.name.ku ?? '');
      }
      if (dto.phone !== undefined) put('phone', dto.phone);
      if (dto.address !== undefined) put('address', dto.address);
      if (dto.notes !== undefined) put('notes', dto.notes);
      if (dto.active !== undefined) put('active', dto.active);
      if (set.length > 0) {
        await m.query(`UPDATE suppliers SET ${set.join(', ')}, updated_at = now() WHERE id = $1`, params);
        await audit(m, ctx, 'supplier.updated', { type: 'supplier', id }, { fields: Object.keys(dto) });
      }
      const [r] = await rows<{ j: SupplierDto }>(m, `SELECT ${SUPPLIER_JSON} AS j FROM suppliers s WHERE s.id = $1`, [id]);
      return r!.j;
    });
  }
}
