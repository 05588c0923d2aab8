import { Injectable } from '@nestjs/common';
import { DataSource, QueryFailedError, type EntityManager } from 'typeorm';
import {
  DEFAULT_IQD_CASH_ROUNDING,
  paymentMethodOf,
  type CartDiscount,
  type Currency,
  type LocalizedText,
  type PricedSale,
  type ScaleLabelRule,
  type Settled,
  type TaxMode,
} from '@dukan/contracts';
import { DomainError, preparedRows, SqlParams, type RequestContext } from '@dukan/platform';
import type { Redemption } from '../loyalty/loyalty.client.js';
import type { CreateSaleDto } from './sale.dto.js';
import type { LineRow, SaleRow } from './sale.rows.js';

export interface ProductRow {
  product_id: string;
  sku: string;
  name: LocalizedText;
  price_cents: string;
  /** The price as set: its currency and amount in that currency's minor unit (a branch's price is in USD). */
  price_currency: Currency;
  price_minor: string;
  cost_cents: string;
  discount_percent: string;
  active: boolean;
  deleted: boolean;
  sold_by: 'unit' | 'weight';
  scale_code: string | null;
  packs: { pack_id: string; units: number; price_currency: Currency; price_minor: string }[];
}

/** What a sale needs to know before it is priced, read in one round trip. */
export interface Lookup {
  /** The Idempotency-Key is already in the table (answered, running, or left by a crash). */
  keySeen: boolean;
  products: ProductRow[];
  taxRateBp: number;
  /** Whether the shop's tax is included in its prices or added to them. */
  taxMode: TaxMode;
  /** The shop's dinar cash-rounding step (1: none). */
  iqdCashRounding: number;
  customer: { first_name: string; last_name: string; phone: string | null; deleted: boolean } | null;
  cashier: { username: string; first_name: string; last_name: string } | null;
  /** The shop's scale-label rule as settings last said (null: none yet, labels off). */
  scaleLabel: ScaleLabelRule | null;
}

/** A priced sale as it is written. */
export interface SaleToWrite {
  saleId: string;
  ctx: RequestContext;
  register: string;
  customerId: string | null;
  dto: CreateSaleDto;
  exchangeRate: number;
  /** The sale priced in its own currency (the *Cents fields are minor units of that currency). */
  priced: PricedSale;
  /** The same figures in USD cents (at the sale's rate for a dinar sale), for readers that speak dollars. */
  usd: { subtotal: number; discount: number; loyalty: number; tax: number; total: number; tendered: number; change: number };
  discount: CartDiscount | null;
  redemption: Redemption | null;
  pointsAwarded: number;
  settled: Settled;
  taxRateBp: number;
  /** When a sale made offline was made; null: now. */
  madeAt: Date | null;
}

/** The sale's SQL: what it reads before pricing (from sales' replicas) and how it is written with its invoice number. */
@Injectable()
export class SaleStore {
  /** Registers whose counter row is known to exist (saves a statement per sale). */
  private readonly knownRegisters = new Set<string>();

  constructor(private readonly ds: DataSource) {}

  /**
   * Products at the prices of the sale's branch, tax rate, the names shown on the answer and whether the key is known, in
   * one round trip. Prepared: every part is a lookup by key, so PostgreSQL keeps one plan for all sales (its planning
   * cost twice its execution). The packs are read beside the products, not per product, so that the kept plan is
   * estimated no dearer than one made for the sale's own products and PostgreSQL does keep it.
   */
  async lookup(dto: CreateSaleDto, customerId: string | null, cashierId: string, key: string | null, branchId: string): Promise<Lookup> {
    const ids = [...new Set(dto.items.map((i) => i.product))];
    const [row] = await preparedRows<{
      products: Omit<ProductRow, 'packs'>[] | null;
      packs: (ProductRow['packs'][number] & { product_id: string })[] | null;
      tax_rate_bp: number;
      tax_mode: TaxMode | null;
      iqd_cash_rounding: number | null;
      scale_label: ScaleLabelRule | null;
      customer: Lookup['customer'];
      cashier: Lookup['cashier'];
      key_seen: boolean;
    }>(
      this.ds,
      `SELECT
           (SELECT json_agg(json_build_object('product_id', pp.product_id, 'sku', sku, 'name', name,
                   'price_cents', coalesce(bp.price_cents, pp.price_cents)::text,
                   'price_currency', CASE WHEN bp.price_cents IS NULL THEN pp.price_currency ELSE 'USD' END,
                   'price_minor', coalesce(bp.price_cents, pp.price_minor, pp.price_cents)::text,
                   'cost_cents', cost_cents::text, 'discount_percent', discount_percent::text, 'active', active, 'deleted', deleted,
                   'sold_by', pp.sold_by, 'scale_code', pp.scale_code))
              FROM unnest($1::uuid[]) AS wanted(id)
              JOIN product_prices pp ON pp.product_id = wanted.id
              LEFT JOIN branch_prices bp ON bp.product_id = pp.product_id AND bp.branch_id = $5) AS products,
           (SELECT json_agg(json_build_object('product_id', k.product_id, 'pack_id', k.pack_id, 'units', k.units,
                   'price_currency', k.price_currency, 'price_minor', k.price_minor::text))
              FROM unnest($1::uuid[]) AS wanted(id) JOIN product_packs k ON k.product_id = wanted.id) AS packs,
           s.tax_rate_bp, s.tax_mode, s.iqd_cash_rounding, s.scale_label,
           (SELECT json_build_object('first_name', first_name, 'last_name', last_name, 'phone', phone, 'deleted', deleted)
              FROM customers WHERE customer_id = $2) AS customer,
           (SELECT json_build_object('username', username, 'first_name', first_name, 'last_name', last_name)
              FROM cashiers WHERE user_id = $3) AS cashier,
           EXISTS (SELECT 1 FROM idempotency_keys WHERE key = $4) AS key_seen
         FROM (SELECT 1) AS one LEFT JOIN shop_settings s ON s.id = 1`,
      [ids, customerId, cashierId, key, branchId],
    );
    const packs = new Map<string, ProductRow['packs']>();
    for (const { product_id, ...pack } of row?.packs ?? []) packs.set(product_id, [...(packs.get(product_id) ?? []), pack]);
    return {
      keySeen: row?.key_seen ?? false,
      products: (row?.products ?? []).map((p) => ({ ...p, packs: packs.get(p.product_id) ?? [] })),
      taxRateBp: row?.tax_rate_bp ?? 0,
      taxMode: row?.tax_mode ?? 'included',
      // Sales' copy of settings' step; with no copy at all, settings' own default.
      iqdCashRounding: row?.iqd_cash_rounding ?? DEFAULT_IQD_CASH_ROUNDING,
      customer: row?.customer ?? null,
      cashier: row?.cashier ?? null,
      scaleLabel: row?.scale_label ?? null,
    };
  }

  /** The counter row of a register; its number (three digits, more from 1000 on) begins each of its invoice numbers. */
  async ensureRegister(branchId: string, register: string): Promise<void> {
    const k = `${branchId}\u0000${register}`;
    if (this.knownRegisters.has(k)) return;
    await this.ds.query(
      `INSERT INTO invoice_counters (branch_id, register, register_no)
       SELECT $1, $2, nextval('register_no_seq')
        WHERE NOT EXISTS (SELECT 1 FROM invoice_counters WHERE branch_id = $1 AND register = $2)
       ON CONFLICT (branch_id, register) DO NOTHING`,
      [branchId, register],
    );
    this.knownRegisters.add(k);
  }

  /** The lines as arrays for `unnest`, one per column. */
  private lineColumns(lines: LineRow[]): unknown[] {
    const col = <K extends keyof LineRow>(k: K) => lines.map((l) => (k === 'name' ? JSON.stringify(l[k]) : l[k]));
    return [
      col('id'),
      col('sale_id'),
      col('line_no'),
      col('product_id'),
      col('sku'),
      col('name'),
      col('quantity'),
      col('unit_price_cents'),
      col('unit_cost_cents'),
      col('discount_percent'),
      col('discount_cents'),
      col('subtotal_cents'),
      col('net_cents'),
      col('unit_price_minor'),
      col('discount_minor'),
      col('subtotal_minor'),
      col('net_minor'),
    ];
  }

  /**
   * The sale's row as its statement writes it, before it is written: everything but its invoice number and, for a sale
   * made now, its time, which the statement takes (see `stamped`). Its answer and its event are made from it.
   */
  draftRow(a: SaleToWrite): SaleRow {
    return {
      id: a.saleId,
      invoice_number: a.dto.reservedInvoiceNumber ?? '',
      branch_id: a.ctx.branchId,
      register: a.register,
      cashier_id: a.ctx.user!.id,
      cashier_username: a.ctx.user!.username,
      customer_id: a.customerId,
      currency: a.dto.currency,
      exchange_rate: String(fourDecimals(a.exchangeRate)),
      subtotal_cents: String(a.usd.subtotal),
      discount_type: a.discount?.type ?? null,
      discount_value: a.discount ? String(fourDecimals(a.discount.value)) : null,
      discount_cents: String(a.usd.discount),
      loyalty_discount_cents: String(a.usd.loyalty),
      points_redeemed: a.redemption?.points ?? 0,
      redemption_id: a.redemption?.reservationId ?? null,
      points_awarded: a.pointsAwarded,
      tax_rate_bp: a.taxRateBp,
      tax_mode: a.priced.taxMode,
      tax_cents: String(a.usd.tax),
      total_cents: String(a.usd.total),
      payment_method: paymentMethodOf(a.settled.tenders),
      payment_status: 'paid',
      tendered_cents: String(a.usd.tendered),
      change_cents: String(a.usd.change),
      subtotal_minor: String(a.priced.subtotalCents),
      discount_minor: String(a.priced.discountCents),
      loyalty_discount_minor: String(a.priced.loyaltyDiscountCents),
      tax_minor: String(a.priced.taxCents),
      total_minor: String(a.priced.totalCents),
      tendered_minor: String(a.settled.paidMinor),
      change_currency: a.settled.change?.currency ?? null,
      change_minor: a.settled.change ? String(a.settled.change.amountMinor) : null,
      cash_rounding_minor: String(a.settled.cashRoundingMinor),
      refunded_minor: '0',
      tenders: a.settled.tenders.map(({ method, currency, amountMinor }) => ({ method, currency, amountMinor })),
      status: 'completed',
      refund_state: 'none',
      refunded_cents: '0',
      voided_at: null,
      voided_by: null,
      void_reason: null,
      created_at: a.madeAt ?? new Date(0),
    };
  }

  /**
   * Writes the sale in one statement: takes the register's next number (the counter row stays locked until commit),
   * the sale, its lines and tenders, and what `parts` add for the row of the CTE `sale_written` (its shift entries, its
   * event, its stored answer). A part's refusal (an expression true when the sale must not be made) fails the whole
   * statement with the part's error. Run alone, the statement is its own transaction: one round trip for the sale.
   * Answers the number and time the statement gave the sale.
   */
  async writeSale(
    db: EntityManager | DataSource,
    lines: LineRow[],
    a: SaleToWrite,
    parts: (params: SqlParams) => { ctes: string[]; refusals: { when: string; error: () => Error }[]; reads: string[] },
  ): Promise<{ invoice_number: string; created_at: Date }> {
    // A sale made offline brings a number from its register's reserved block ($35, checked before) and the time it was
    // made ($36); others take the next number, and now.
    const params = new SqlParams([
      a.saleId,
      a.ctx.branchId,
      a.register,
      a.ctx.user!.id,
      a.ctx.user!.username,
      a.customerId,
      a.dto.currency,
      fourDecimals(a.exchangeRate),
      a.usd.subtotal,
      a.discount?.type ?? null,
      a.discount ? fourDecimals(a.discount.value) : null,
      a.usd.discount,
      a.usd.loyalty,
      a.redemption?.points ?? 0,
      a.redemption?.reservationId ?? null,
      a.pointsAwarded,
      a.taxRateBp,
      a.usd.tax,
      a.usd.total,
      a.usd.tendered,
      a.usd.change,
      ...this.lineColumns(lines).slice(0, 13),
      a.dto.reservedInvoiceNumber ?? null,
      a.madeAt,
      a.priced.subtotalCents,
      a.priced.discountCents,
      a.priced.loyaltyDiscountCents,
      a.priced.taxCents,
      paymentMethodOf(a.settled.tenders),
      a.priced.totalCents,
      a.settled.paidMinor,
      a.settled.change?.currency ?? null,
      a.settled.change?.amountMinor ?? null,
      a.settled.cashRoundingMinor,
      ...this.lineColumns(lines).slice(13),
      a.settled.tenders.map((t) => t.method),
      a.settled.tenders.map((t) => t.currency),
      a.settled.tenders.map((t) => t.amountMinor),
      a.priced.taxMode,
      lines.map((l) => l.pack_id),
      lines.map((l) => l.units_per_quantity),
      lines.map((l) => l.weighed),
    ]);
    const more = parts(params);
    // Refusals in order; the first that holds names itself in the error (its index), read back below.
    const refusals = [{ when: 'sale_written.id IS NULL', error: () => this.counterLost() }, ...more.refusals];
    const refuse = `CASE ${refusals.map((r, i) => `WHEN ${r.when} THEN refuse_sale('${i}')`).join(' ')} END`;
    const rows = await preparedRows<{ invoice_number: string; created_at: Date }>(
      db,
      `WITH counted AS (
         UPDATE invoice_counters SET last_number = last_number + 1
          WHERE branch_id = $2 AND register = $3 AND $35::text IS NULL
          RETURNING 'INV-' || lpad(register_no::text, greatest(3, length(register_no::text)), '0') || lpad(last_number::text, 7, '0') AS invoice_number
       ), n AS (
         SELECT invoice_number FROM counted UNION ALL SELECT $35::text WHERE $35::text IS NOT NULL
       )
       , sale_written AS (
         INSERT INTO sales (id, invoice_number, branch_id, register, cashier_id, cashier_username, customer_id, currency, exchange_rate,
                            subtotal_cents, discount_type, discount_value, discount_cents, loyalty_discount_cents, points_redeemed,
                            redemption_id, points_awarded, tax_rate_bp, tax_cents, total_cents, payment_method, payment_status,
                            tendered_cents, change_cents, created_at, subtotal_minor, discount_minor, loyalty_discount_minor, tax_minor,
                            total_minor, tendered_minor, change_currency, change_minor, cash_rounding_minor, tax_mode)
         SELECT $1, n.invoice_number, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $41, 'paid', $20, $21,
                coalesce($36::timestamptz, now()), $37, $38, $39, $40, $42, $43, $44, $45, $46, $54
           FROM n
         RETURNING id, invoice_number, created_at
       ), l AS (
         INSERT INTO sale_lines (id, sale_id, line_no, product_id, sku, name, quantity, unit_price_cents, unit_cost_cents,
                                 discount_percent, discount_cents, subtotal_cents, net_cents, unit_price_minor, discount_minor,
                                 subtotal_minor, net_minor, pack_id, units_per_quantity, weighed)
         SELECT * FROM unnest($22::uuid[], $23::uuid[], $24::smallint[], $25::uuid[], $26::text[], $27::jsonb[], $28::int[], $29::bigint[],
                              $30::bigint[], $31::numeric[], $32::bigint[], $33::bigint[], $34::bigint[], $47::bigint[], $48::bigint[],
                              $49::bigint[], $50::bigint[], $55::uuid[], $56::int[], $57::boolean[])
       ), t AS (
         INSERT INTO sale_tenders (sale_id, seq, method, currency, amount_minor)
         SELECT $1, seq, method, currency, amount FROM unnest($51::text[], $52::text[], $53::bigint[]) WITH ORDINALITY AS x(method, currency, amount, seq)
       )${more.ctes.map((c) => `, ${c}`).join('')}
       SELECT sale_written.invoice_number, sale_written.created_at, ${refuse} AS refused${more.reads.map((r, i) => `, ${r} AS read_${i}`).join('')}
         FROM (SELECT 1) AS one LEFT JOIN sale_written ON true`,
      params.values,
    ).catch((e: unknown) => {
      const driver = e instanceof QueryFailedError ? (e.driverError as { code?: string; constraint?: string; message?: string }) : null;
      if (driver?.code === 'DK001') throw refusals[Number(driver.message)]?.error() ?? e;
      if (a.dto.reservedInvoiceNumber && driver?.code === '23505' && driver.constraint === 'sales_invoice_number_key') {
        const params = { invoiceNumber: a.dto.reservedInvoiceNumber };
        throw new DomainError('RULE_VIOLATION', 'sales.invoiceNumberUsed', params, {
          reservedInvoiceNumber: { key: 'sales.invoiceNumberUsed', params },
        });
      }
      throw e;
    });
    const sale = rows[0];
    if (!sale?.invoice_number) throw this.counterLost();
    return sale;
  }

  /** The counter row vanished (database restored under a running process): recreate it and let the till retry. */
  private counterLost(): Error {
    this.knownRegisters.clear();
    return new DomainError('SERVICE_UNAVAILABLE', 'errors.serviceUnavailable');
  }
}

/** A rate or a discount as its numeric(14,4) column keeps it: the answer made before the write shows what is stored. */
const fourDecimals = (x: number): number => Math.round(x * 1e4) / 1e4;

/**
 * The JSON of a sale's answer or event (the jsonb expression `json`) with the invoice number and time the sale's
 * statement gave it (from `sale_written`), at the paths given (`time`: ISO 8601 in UTC to the millisecond, as the
 * answer's other times are).
 */
export function stamped(json: string, paths: { number: string[][]; time: string[][] }): string {
  const iso = `to_jsonb(to_char(sale_written.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`;
  let out = json;
  for (const path of paths.number) out = `jsonb_set(${out}, '{${path.join(',')}}', to_jsonb(sale_written.invoice_number))`;
  for (const path of paths.time) out = `jsonb_set(${out}, '{${path.join(',')}}', ${iso})`;
  return out;
}
