import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  DEFAULT_COUNTRY,
  DEFAULT_PAGE_LIMIT,
  MAX_PAGE_LIMIT,
  normalizeSearchText,
  paginationOf,
  phoneSearchDigits,
  type CustomerDto,
  type Paginated,
} from '@dukan/contracts';
import { audit, DomainError, escapeLike, one, Outbox, rows, UUID, type RequestContext } from '@dukan/platform';
import type { CreateCustomerDto, ListCustomersQuery, UpdateCustomerDto } from './customer.dto.js';
import { toCustomerDto, toCustomerEvent, type CustomerRow } from './customer.row.js';

@Injectable()
export class CustomersService {
  constructor(
    private readonly ds: DataSource,
    private readonly outbox: Outbox,
  ) {}

  /** A live customer, optionally locked for the rest of the caller's transaction. */
  async findLive(id: string, m: EntityManager = this.ds.manager, lock = false): Promise<CustomerRow> {
    if (!UUID.test(id)) throw DomainError.notFound('entities.customer');
    const row = await one<CustomerRow>(m, `SELECT * FROM customers WHERE id = $1 AND deleted_at IS NULL${lock ? ' FOR UPDATE' : ''}`, [id]);
    if (!row) throw DomainError.notFound('entities.customer');
    return row;
  }

  async get(id: string): Promise<CustomerDto> {
    return toCustomerDto(await this.findLive(id));
  }

  /**
   * Case-insensitive, Arabic-script-folded substring search on first, last and full name, phone and email (spec part 2 §2); a search
   * with digits also matches the phone's digits, written locally or internationally, so '0770 123', '770 123' and '+964770123'
   * all find '+964770123…' (phoneSearchDigits). Without `page` an array
   * (at most MAX_PAGE_LIMIT, the till's picker reads one); with `page` the `{data, pagination}` form.
   */
  async list(q: ListCustomersQuery): Promise<CustomerDto[] | Paginated<CustomerDto>> {
    const where = ['deleted_at IS NULL'];
    const params: unknown[] = [];
    const search = q.search?.trim();
    if (search) {
      // search_text is the folded names, phone and email (search_norm, indexed): Kurdish typed on either keyboard.
      params.push(`%${escapeLike(normalizeSearchText(search))}%`);
      const clauses = [`search_text LIKE $${params.length}`];
      const phone = phoneSearchDigits(search);
      if (phone) {
        params.push([`%${phone.contains}%`, ...phone.prefixes.map((p) => `${p}%`)]);
        clauses.push(`regexp_replace(phone, '\\D', '', 'g') LIKE ANY ($${params.length}::text[])`);
      }
      where.push(`(${clauses.join(' OR ')})`);
    }
    const filter = where.join(' AND ');
    const order = 'ORDER BY lower(first_name), lower(last_name), created_at, id';
    if (q.page === undefined) {
      const limit = q.limit ?? MAX_PAGE_LIMIT;
      const found = await rows<CustomerRow>(this.ds.manager, `SELECT * FROM customers WHERE ${filter} ${order} LIMIT ${limit}`, params);
      return found.map(toCustomerDto);
    }
    const limit = q.limit ?? DEFAULT_PAGE_LIMIT;
    const [countRow] = await rows<{ n: string }>(this.ds.manager, `SELECT count(*) AS n FROM customers WHERE ${filter}`, params);
    const found = await rows<CustomerRow>(
      this.ds.manager,
      `SELECT * FROM customers WHERE ${filter} ${order} LIMIT ${limit} OFFSET ${(q.page - 1) * limit}`,
      params,
    );
    return { data: found.map(toCustomerDto), pagination: paginationOf(Number(countRow?.n ?? 0), q.page, limit) };
  }

  async create(ctx: RequestContext, dto: CreateCustomerDto): Promise<CustomerDto> {
    return this.ds.transaction(async (m) => {
      await this.assertPhoneFree(m, dto.phone);
      const a = dto.address ?? {};
      const row = await one<CustomerRow>(
        m,
        `INSERT INTO customers (first_name, last_name, phone, email, street, city, state, zip_code, country, language_preference)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING *`,
        [
          dto.firstName,
          dto.lastName,
          dto.phone,
          dto.email ?? null,
          a.street ?? null,
          a.city ?? null,
          a.state ?? null,
          a.zipCode ?? null,
          a.country ?? DEFAULT_COUNTRY,
          dto.languagePreference ?? 'en',
        ],
      );
      await this.outbox.add(m, ctx, 'dukan.loyalty.customer.created.v1', toCustomerEvent(row!));
      return toCustomerDto(row!);
    });
  }

  async update(ctx: RequestContext, id: string, dto: UpdateCustomerDto): Promise<CustomerDto> {
    return this.ds.transaction(async (m) => {
      const current = await this.findLive(id, m, true);
      if (dto.phone !== undefined) await this.assertPhoneFree(m, dto.phone, id);
      const a = dto.address;
      const next = {
        first_name: dto.firstName ?? current.first_name,
        last_name: dto.lastName ?? current.last_name,
        phone: dto.phone ?? current.phone,
        email: dto.email !== undefined ? dto.email : current.email,
        street: a && a.street !== undefined ? a.street : current.street,
        city: a && a.city !== undefined ? a.city : current.city,
        state: a && a.state !== undefined ? a.state : current.state,
        zip_code: a && a.zipCode !== undefined ? a.zipCode : current.zip_code,
        country: a && a.country !== undefined ? (a.country ?? DEFAULT_COUNTRY) : current.country,
        language_preference: dto.languagePreference ?? current.language_preference,
      };
      const row = await one<CustomerRow>(
        m,
        `UPDATE customers SET first_name = $2, last_name = $3, phone = $4, email = $5, street = $6, city = $7, state = $8, zip_code = $9,
           country = $10, language_preference = $11, version = version + 1, updated_at = now()
         WHERE id = $1 RETURNING *`,
        [
          id,
          next.first_name,
          next.last_name,
          next.phone,
          next.email,
          next.street,
          next.city,
          next.state,
          next.zip_code,
          next.country,
          next.language_preference,
        ],
      );
      await this.outbox.add(m, ctx, 'dukan.loyalty.customer.updated.v1', toCustomerEvent(row!));
      return toCustomerDto(row!);
    });
  }

  /** Soft delete: sales keep pointing at the customer and the ledger stays whole; the phone is free again. */
  async remove(ctx: RequestContext, id: string): Promise<void> {
    await this.ds.transaction(async (m) => {
      const current = await this.findLive(id, m, true);
      await m.query(`UPDATE customers SET deleted_at = now(), version = version + 1, updated_at = now() WHERE id = $1`, [id]);
      // Points still held by pending sales stay reserved; a sale that completes still settles against the row.
      await audit(
        m,
        ctx,
        'customer.deleted',
        { type: 'customer', id },
        {
          name: `${current.first_name} ${current.last_name}`,
          phone: current.phone,
          loyaltyPoints: current.loyalty_points,
        },
      );
      await this.outbox.add(m, ctx, 'dukan.loyalty.customer.deleted.v1', { customerId: id });
    });
  }

  /** One live customer per number: a second is refused naming the first, whose id lets the form link to it. */
  private async assertPhoneFree(m: EntityManager, phone: string, exceptId?: string): Promise<void> {
    const clash = await one<{ id: string; name: string }>(
      m,
      `SELECT id, trim(first_name || ' ' || last_name) AS name FROM customers
         WHERE deleted_at IS NULL AND regexp_replace(phone, '\\D', '', 'g') = regexp_replace($1, '\\D', '', 'g')
         AND ($2::uuid IS NULL OR id <> $2::uuid)`,
      [phone, exceptId ?? null],
    );
    if (clash) throw DomainError.heldBy('phone', 'customers.duplicatePhone', { id: clash.id, name: clash.name });
  }
}
