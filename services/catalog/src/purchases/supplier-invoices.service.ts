import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  AGING_BUCKETS,
  agingBucket,
  paginationOf,
  type AgingBucket,
  type Currency,
  type Paginated,
  type PayablesReportDto,
  type PayablesRowDto,
  type SupplierInvoiceDto,
} from '@dukan/contracts';
import { audit, DomainError, KnownBranches, Outbox, recordInCallerBranch, rows, UUID, type RequestContext } from '@dukan/platform';
import { uniqueViolation } from '../sql.js';
import type { CreateInvoiceDto, InvoiceListQuery, PayablesQuery, PayInvoiceDto } from './purchase.dto.js';
import { fingerprint, isValidKey, paymentRefusals } from './purchase.policy.js';
import { INVOICE_JSON } from './purchase.sql.js';

const PAGE_SIZE = 50;
/** The payables report reads at most this many open invoices of a branch (a shop has tens, a chain hundreds). */
const PAYABLES_MAX_INVOICES = 20_000;

interface InvoiceRow {
  id: string;
  branch_id: string;
  supplier_id: string;
  currency: Currency;
  due_minor: string;
}

const emptyBuckets = (): Record<AgingBucket, number> => Object.fromEntries(AGING_BUCKETS.map((b) => [b, 0])) as Record<AgingBucket, number>;

/**
 * What the shop owes its suppliers: invoices as the supplier wrote them (in their own currency), payments against
 * them in part or in full from the bank or a register's drawer (supplier-payment.made carries the register, currency
 * and amount, so the drawer's shift counts it as cash out, once), and the payables report by age.
 */
@Injectable()
export class SupplierInvoices {
  constructor(
    private readonly ds: DataSource,
    private readonly outbox: Outbox,
    private readonly branches: KnownBranches,
  ) {}

  async list(ctx: RequestContext, q: InvoiceListQuery): Promise<Paginated<SupplierInvoiceDto>> {
    const page = q.page ?? 1;
    const limit = q.limit ?? PAGE_SIZE;
    const params: unknown[] = [ctx.branchId];
    const where = ['i.branch_id = $1'];
    if (q.supplier) {
      params.push(q.supplier);
      where.push(`i.supplier_id = $${params.length}`);
    }
    if (q.open === 'true') where.push('i.paid_minor < i.amount_minor');
    if (q.open === 'false') where.push('i.paid_minor = i.amount_minor');
    const filter = where.join(' AND ');
    const [{ total }] = await rows<{ total: number }>(
      this.ds,
      `SELECT count(*)::int AS total FROM supplier_invoices i WHERE ${filter}`,
      params,
    );
    const data = await rows<{ j: SupplierInvoiceDto }>(
      this.ds,
      `SELECT ${INVOICE_JSON} AS j FROM supplier_invoices i WHERE ${filter}
       ORDER BY i.due_on, i.created_at, i.id LIMIT ${limit} OFFSET ${(page - 1) * limit}`,
      params,
    );
    return { data: data.map((r) => r.j), pagination: paginationOf(total, page, limit) };
  }

  async get(ctx: RequestContext, id: string, m: EntityManager | DataSource = this.ds): Promise<SupplierInvoiceDto> {
    if (!UUID.test(id)) throw DomainError.notFound('entities.supplierInvoice');
    const [found] = await rows<{ j: SupplierInvoiceDto; branch_id: string }>(
      m,
      `SELECT ${INVOICE_JSON} AS j, i.branch_id FROM supplier_invoices i WHERE i.id = $1`,
      [id],
    );
    return recordInCallerBranch(ctx, found, (r) => r.branch_id, 'entities.supplierInvoice').j;
  }

  async create(ctx: RequestContext, dto: CreateInvoiceDto): Promise<SupplierInvoiceDto> {
    if (dto.dueOn < dto.issuedOn) throw DomainError.validation({ dueOn: 'purchases.dueBeforeIssued' });
    try {
      return await this.ds.transaction(async (m) => {
        const [supplier] = await rows(m, `SELECT 1 FROM suppliers WHERE id = $1`, [dto.supplier]);
        if (!supplier) throw DomainError.validation({ supplier: 'validation.invalidId' });
        if (dto.order) {
          const [order] = await rows<{ branch_id: string; supplier_id: string }>(
            m,
            `SELECT branch_id, supplier_id FROM purchase_orders WHERE id = $1`,
            [dto.order],
          );
          if (!order || order.branch_id !== ctx.branchId || order.supplier_id !== dto.supplier)
            throw DomainError.validation({ order: 'validation.invalidId' });
        }
        const [{ id }] = await rows<{ id: string }>(
          m,
          `INSERT INTO supplier_invoices (supplier_id, branch_id, number, order_id, currency, amount_minor, issued_on, due_on, note, created_by)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
          [
            dto.supplier,
            ctx.branchId,
            dto.number,
            dto.order ?? null,
            dto.currency,
            dto.amountMinor,
            dto.issuedOn,
            dto.dueOn,
            dto.note ?? null,
            ctx.actorId,
          ],
        );
        await audit(
          m,
          ctx,
          'supplier-invoice.recorded',
          { type: 'supplier-invoice', id },
          { number: dto.number, currency: dto.currency, amountMinor: dto.amountMinor },
        );
        return this.get(ctx, id, m);
      });
    } catch (e) {
      if (uniqueViolation(e) === 'supplier_invoices_supplier_id_number_key')
        throw DomainError.validation({ number: 'purchases.duplicateInvoice' });
      throw e;
    }
  }

  /**
   * A payment in the invoice's currency, never more than is still owed. From a drawer: a register of the branch the
   * request acts in. A repeat with the same Idempotency-Key answers the invoice and pays nothing more.
   */
  async pay(ctx: RequestContext, id: string, dto: PayInvoiceDto, key: string | undefined): Promise<SupplierInvoiceDto> {
    if (key !== undefined && !isValidKey(key)) throw DomainError.validation({ 'Idempotency-Key': 'validation.invalidValue' });
    if (!UUID.test(id)) throw DomainError.notFound('entities.supplierInvoice');
    if (dto.source === 'drawer' && dto.register) await this.branches.assertRegister(ctx.branchId, dto.register, 'register');
    const hash = fingerprint(ctx.branchId, { id, ...dto });
    const attempt = () =>
      this.ds.transaction(async (m) => {
        if (key) {
          const [seen] = await rows<{ request_hash: string }>(m, `SELECT request_hash FROM supplier_payments WHERE idempotency_key = $1`, [
            key,
          ]);
          if (seen && seen.request_hash !== hash) throw new DomainError('IDEMPOTENCY_KEY_REUSED', 'purchases.idempotencyReused');
          if (seen) return this.get(ctx, id, m);
        }
        const [row] = await rows<InvoiceRow>(
          m,
          `SELECT id, branch_id, supplier_id, currency, (amount_minor - paid_minor)::text AS due_minor FROM supplier_invoices WHERE id = $1 FOR UPDATE`,
          [id],
        );
        const invoice = recordInCallerBranch(ctx, row, (r) => r.branch_id, 'entities.supplierInvoice');
        const refusals = paymentRefusals(dto, { currency: invoice.currency, dueMinor: Number(invoice.due_minor) });
        if (refusals) throw new DomainError('VALIDATION_FAILED', 'validation.failed', {}, refusals);
        const paymentId = randomUUID();
        const registerId = dto.source === 'drawer' ? dto.register! : null;
        const [{ paid_at }] = await rows<{ paid_at: string }>(
          m,
          `INSERT INTO supplier_payments (id, invoice_id, supplier_id, branch_id, currency, amount_minor, source, register_id, note, idempotency_key, request_hash, paid_by)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
           RETURNING to_char(paid_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS paid_at`,
          [
            paymentId,
            id,
            invoice.supplier_id,
            ctx.branchId,
            invoice.currency,
            dto.amountMinor,
            dto.source,
            registerId,
            dto.note ?? null,
            key ?? null,
            hash,
            ctx.actorId,
          ],
        );
        await m.query(`UPDATE supplier_invoices SET paid_minor = paid_minor + $2 WHERE id = $1`, [id, dto.amountMinor]);
        await audit(
          m,
          ctx,
          'supplier-payment.made',
          { type: 'supplier-invoice', id },
          { paymentId, currency: invoice.currency, amountMinor: dto.amountMinor, source: dto.source, registerId },
        );
        await this.outbox.add(m, ctx, 'dukan.catalog.supplier-payment.made.v1', {
          paymentId,
          supplierId: invoice.supplier_id,
          invoiceId: id,
          branchId: ctx.branchId,
          currency: invoice.currency,
          amountMinor: dto.amountMinor,
          source: dto.source,
          registerId,
          paidAt: paid_at,
        });
        return this.get(ctx, id, m);
      });
    try {
      return await attempt();
    } catch (e) {
      if (uniqueViolation(e) === 'supplier_payments_idempotency_key_key') return attempt();
      throw e;
    }
  }

  /** Open amounts of the branch's invoices, per supplier and currency, by days past due on `asOf` (today by default). */
  async payables(ctx: RequestContext, q: PayablesQuery): Promise<PayablesReportDto> {
    const asOf = q.asOf ?? new Date().toISOString().slice(0, 10);
    const open = await rows<{ supplier_id: string; name_en: string; name_ku: string; currency: Currency; due_on: string; due: string }>(
      this.ds,
      `SELECT i.supplier_id, s.name_en, s.name_ku, i.currency, to_char(i.due_on, 'YYYY-MM-DD') AS due_on, (i.amount_minor - i.paid_minor)::text AS due
         FROM supplier_invoices i JOIN suppliers s ON s.id = i.supplier_id
        WHERE i.branch_id = $1 AND i.paid_minor < i.amount_minor
        ORDER BY lower(s.name_en), i.supplier_id, i.currency = 'IQD', i.due_on LIMIT ${PAYABLES_MAX_INVOICES}`,
      [ctx.branchId],
    );
    const byKey = new Map<string, PayablesRowDto>();
    const totals = new Map<Currency, { currency: Currency; buckets: Record<AgingBucket, number>; totalMinor: number }>();
    for (const inv of open) {
      const key = `${inv.supplier_id}:${inv.currency}`;
      const row = byKey.get(key) ?? {
        supplierId: inv.supplier_id,
        name: { en: inv.name_en, ku: inv.name_ku },
        currency: inv.currency,
        openInvoices: 0,
        buckets: emptyBuckets(),
        totalMinor: 0,
      };
      const bucket = agingBucket(inv.due_on, asOf);
      const due = Number(inv.due);
      row.openInvoices += 1;
      row.buckets[bucket] += due;
      row.totalMinor += due;
      byKey.set(key, row);
      const total = totals.get(inv.currency) ?? { currency: inv.currency, buckets: emptyBuckets(), totalMinor: 0 };
      total.buckets[bucket] += due;
      total.totalMinor += due;
      totals.set(inv.currency, total);
    }
    return { asOf, rows: [...byKey.values()], totals: [...totals.values()] };
  }
}
