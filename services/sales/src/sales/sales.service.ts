import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  can, checkTender, DEFAULT_REGISTER, formatMoney, priceSale, toCents, type CartDiscount, type LineInput, type LocalizedText, type PricedSale,
  type SaleDto, type SaleInput,
} from '@dukan/contracts';
import { DomainError, Outbox, type RequestContext } from '@dukan/platform';
import { IdempotencyService, isValidIdempotencyKey, requestHash } from '../idempotency/idempotency.service.js';
import { LoyaltyClient, type Redemption } from '../loyalty/loyalty.client.js';
import { sameRate, SettingsClient } from '../settings/settings.client.js';
import type { CreateSaleDto } from './sale.dto.js';
import { toSaleDto, toSaleEvent, type LineRow, type SaleRow } from './sale.mapper.js';
import {
  checkAfterLoyalty, checkBeforeLoyalty, checkChange, expectedTotalIfLoyaltyRight, requestedDiscount, type FieldErrors,
} from './pricing.policy.js';

interface ProductRow {
  product_id: string;
  sku: string;
  name: LocalizedText;
  price_cents: string;
  cost_cents: string;
  discount_percent: string;
  active: boolean;
  deleted: boolean;
}

type RateAnswer = { ok: true; value: number } | { ok: false; error: unknown };

interface Lookup {
  /** The Idempotency-Key is already in the table (answered, running, or left by a crash). */
  keySeen: boolean;
  products: ProductRow[];
  taxRateBp: number;
  customer: { first_name: string; last_name: string; phone: string | null; deleted: boolean } | null;
  cashier: { username: string; first_name: string; last_name: string } | null;
}

type IdempotencyMode = { kind: 'claimed'; key: string; owner: string } | { kind: 'inline'; key: string; hash: string };

/** Another request with the same key committed first; this transaction rolls back and replays its answer. */
class LostKeyRace extends Error {}

export interface SaleAnswer {
  status: number;
  body: { success: true; data: SaleDto } | unknown;
  replayed: boolean;
}

const money = (cents: number) => formatMoney(cents, 'USD', 'en');

/** Client figures that disagree with ours refuse the sale, each under its field. */
function refuseMismatches(errors: FieldErrors): void {
  if (Object.keys(errors).length > 0) throw new DomainError('TOTAL_MISMATCH', 'sales.totalMismatch', {}, errors);
}

@Injectable()
export class SalesService {
  /** Registers whose counter row is known to exist (saves a statement per sale). */
  private readonly knownRegisters = new Set<string>();

  constructor(
    private readonly ds: DataSource,
    private readonly outbox: Outbox,
    private readonly idempotency: IdempotencyService,
    private readonly loyalty: LoyaltyClient,
    private readonly settings: SettingsClient,
  ) {}

  /**
   * POST /api/transactions. With an Idempotency-Key the first answer is stored with the sale and given again for the
   * same body; without one the sale still works, unprotected against a retried request.
   */
  async create(ctx: RequestContext, dto: CreateSaleDto, rawBody: unknown, key: string | undefined): Promise<SaleAnswer> {
    const user = ctx.user;
    if (!user) throw new DomainError('UNAUTHENTICATED', 'auth.required');
    if (key !== undefined && !isValidIdempotencyKey(key)) throw new DomainError('BAD_REQUEST', 'sales.invalidIdempotencyKey');
    const customerId = dto.customer ?? null;
    // Asked alongside the lookup; checked only when the sale is made (a replayed answer stands whatever the rate now).
    const rate: Promise<RateAnswer> = this.settings.exchangeRate(user.id, dto.exchangeRate).then((value) => ({ ok: true, value }), (error: unknown) => ({ ok: false, error }));
    const lookup = await this.lookup(dto, customerId, user.id, key ?? null);
    if (key === undefined) {
      return { status: 201, body: { success: true, data: await this.complete(ctx, dto, lookup, rate, randomUUID(), null) }, replayed: false };
    }
    // The till's provisional invoice number and clock are not part of the sale: a rebuilt retry must still match.
    const { invoiceNumber: _n, createdAt: _c, ...meaningful } = (rawBody ?? {}) as Record<string, unknown>;
    const hash = requestHash({ actor: ctx.actorId, body: meaningful });

    if (!lookup.keySeen && !customerId) {
      // A new key and no call to loyalty: the key is written with the sale, in its transaction. A duplicate racing
      // this one waits for it on the key's unique index, loses, and then replays the stored answer below.
      try {
        const data = await this.complete(ctx, dto, lookup, rate, randomUUID(), { kind: 'inline', key, hash });
        return { status: 201, body: { success: true, data }, replayed: false };
      } catch (e) {
        if (!(e instanceof LostKeyRace)) throw e;
      }
    }
    // A key seen before, or a sale that waits on loyalty: claim the key first, so a duplicate meanwhile gets 409.
    const claim = await this.idempotency.claim(key, hash);
    if (claim.kind === 'replay') return { status: claim.status, body: claim.body, replayed: true };
    try {
      const data = await this.complete(ctx, dto, lookup, rate, claim.saleId, { kind: 'claimed', key, owner: claim.owner });
      return { status: 201, body: { success: true, data }, replayed: false };
    } catch (e) {
      await this.idempotency.release(key, claim.owner).catch(() => undefined);
      throw e;
    }
  }

  private async complete(ctx: RequestContext, dto: CreateSaleDto, lookup: Lookup, rateAnswer: Promise<RateAnswer>, saleId: string, idem: IdempotencyMode | null): Promise<SaleDto> {
    const user = ctx.user!;
    // 0. The rate is the one settings gives this cashier now; the till reloads it when refused.
    const rate = await rateAnswer;
    if (!rate.ok) throw rate.error;
    if (!sameRate(rate.value, dto.exchangeRate)) {
      const params = { expected: String(rate.value), given: String(dto.exchangeRate) };
      throw new DomainError('EXCHANGE_RATE_CHANGED', 'sales.exchangeRateChanged', params, { exchangeRate: { key: 'sales.exchangeRateChanged', params } });
    }
    const register = dto.register?.trim() || DEFAULT_REGISTER;
    const customerId = dto.customer ?? null;

    // 1. Every line must be a product on sale, priced from our replica.
    const byId = new Map(lookup.products.map((p) => [p.product_id, p]));
    const unavailable: FieldErrors = {};
    dto.items.forEach((item, i) => {
      const p = byId.get(item.product);
      if (!p || !p.active || p.deleted) unavailable[`items.${i}.product`] = { key: 'sales.productUnavailable' };
    });
    if (customerId && lookup.customer?.deleted) unavailable.customer = { key: 'sales.customerUnknown' };
    const pointsToRedeem = dto.loyaltyPointsRedeemed ?? 0;
    if (pointsToRedeem > 0 && !customerId) unavailable.customer = { key: 'validation.required' };
    // A loyalty discount sent without its points (the spec's payload): loyalty derives the points worth exactly that.
    const loyaltyDiscountCents = toCents(dto.loyaltyDiscount ?? 0);
    const derivePoints = pointsToRedeem === 0 && loyaltyDiscountCents > 0 && customerId !== null;
    const redeems = pointsToRedeem > 0 || derivePoints;
    if (Object.keys(unavailable).length > 0) throw new DomainError('VALIDATION_FAILED', 'validation.failed', {}, unavailable);

    const products = dto.items.map((item) => byId.get(item.product)!);
    const discount = requestedDiscount(dto);
    const lines: LineInput[] = products.map((p, i) => ({
      priceCents: Number(p.price_cents),
      quantity: dto.items[i]!.quantity,
      discountPercent: Number(p.discount_percent),
    }));
    const base: SaleInput = { lines, discount, loyaltyDiscountCents: 0, taxRateBasisPoints: lookup.taxRateBp };
    const before = priceSale(base);

    // 2. The client's figures must agree with ours (shared pricing module, to within half a cent).
    refuseMismatches(checkBeforeLoyalty(dto, lines, before));
    if (before.discountCents > 0 && !can(user, 'pos', 'discount')) {
      throw new DomainError('FORBIDDEN', 'sales.discountNotAllowed', {}, { discountValue: { key: 'sales.discountNotAllowed' } });
    }
    const tenderedCents = toCents(dto.paymentDetails.amountTendered);
    this.assertTender(tenderedCents, expectedTotalIfLoyaltyRight(dto, before));

    // 3. Loyalty: reserve the points redeemed and quote the points awarded (idempotent by sale id).
    let redemption: Redemption | null = null;
    let pointsAwarded = 0;
    if (customerId) {
      const answer = await this.loyalty.reserve({
        saleId,
        customerId,
        pointsToRedeem,
        totalBeforeLoyaltyUsdCents: before.totalBeforeLoyaltyCents,
        ...(derivePoints ? { loyaltyDiscountUsdCents: loyaltyDiscountCents } : {}),
      });
      if (answer.kind === 'unavailable') {
        // Without redemption the sale goes on; loyalty awards the points from sale.completed when it is back.
        if (redeems) throw new DomainError('SERVICE_UNAVAILABLE', 'sales.loyaltyUnavailable');
      } else {
        redemption = answer.redemption;
        pointsAwarded = answer.pointsToAward;
        if (redeems && !redemption) {
          throw new DomainError('LOYALTY_DISABLED', 'loyalty.disabled', {}, { loyaltyPointsRedeemed: { key: 'loyalty.disabled' } });
        }
      }
    }
    const priced = redemption ? priceSale({ ...base, loyaltyDiscountCents: redemption.valueCents }) : before;
    refuseMismatches(checkAfterLoyalty(dto, priced));
    const tender = this.assertTender(tenderedCents, priced.totalCents);
    refuseMismatches(checkChange(dto, tender));

    // 4. One transaction: sale, lines, invoice number, outbox event, stored answer.
    await this.ensureRegister(ctx.branchId, register);
    const lineRows: LineRow[] = dto.items.map((item, i) => ({
      id: randomUUID(),
      sale_id: saleId,
      line_no: i + 1,
      product_id: item.product,
      sku: products[i]!.sku,
      name: products[i]!.name,
      quantity: item.quantity,
      unit_price_cents: products[i]!.price_cents,
      unit_cost_cents: products[i]!.cost_cents,
      discount_percent: products[i]!.discount_percent,
      discount_cents: String(priced.lines[i]!.discountCents),
      subtotal_cents: String(priced.lines[i]!.subtotalCents),
      net_cents: String(priced.lineNetCents[i]!),
      refunded_quantity: 0,
      refunded_cents: '0',
    }));

    return this.ds.transaction(async (m) => {
      const sale = await this.insertSale(m, lineRows, {
        saleId, ctx, register, customerId, dto, exchangeRate: rate.value, priced, discount, redemption, pointsAwarded, tenderedCents, changeCents: tender,
        taxRateBp: lookup.taxRateBp,
      });
      const row: SaleRow = {
        ...sale,
        c_first: lookup.customer?.first_name ?? null,
        c_last: lookup.customer?.last_name ?? null,
        c_phone: lookup.customer?.phone ?? null,
        u_username: lookup.cashier?.username ?? null,
        u_first: lookup.cashier?.first_name ?? null,
        u_last: lookup.cashier?.last_name ?? null,
      };
      await this.outbox.add(m, ctx, 'dukan.sales.sale.completed.v1', toSaleEvent(row, lineRows));
      const data = toSaleDto(row, lineRows);
      const answer = { success: true, data };
      if (idem?.kind === 'claimed') await this.idempotency.complete(m, idem.key, idem.owner, 201, answer);
      if (idem?.kind === 'inline' && !(await this.idempotency.recordDone(m, idem.key, idem.hash, saleId, 201, answer))) throw new LostKeyRace();
      return data;
    });
  }

  private assertTender(tenderedCents: number, totalCents: number): number {
    const check = checkTender(tenderedCents, totalCents);
    if (!check.ok) {
      const params = { total: money(totalCents) };
      throw new DomainError('RULE_VIOLATION', 'sales.tenderTooLow', params, { 'paymentDetails.amountTendered': { key: 'sales.tenderTooLow', params } });
    }
    return check.changeCents;
  }

  /** Products, tax rate, the names shown on the answer and whether the key is known, in one round trip. */
  private async lookup(dto: CreateSaleDto, customerId: string | null, cashierId: string, key: string | null): Promise<Lookup> {
    const ids = [...new Set(dto.items.map((i) => i.product))];
    const [row]: { products: ProductRow[] | null; tax_rate_bp: number; customer: Lookup['customer']; cashier: Lookup['cashier']; key_seen: boolean }[] =
      await this.ds.query(
        `SELECT
           (SELECT json_agg(json_build_object('product_id', product_id, 'sku', sku, 'name', name, 'price_cents', price_cents::text,
                   'cost_cents', cost_cents::text, 'discount_percent', discount_percent::text, 'active', active, 'deleted', deleted))
              FROM product_prices WHERE product_id = ANY($1::uuid[])) AS products,
           (SELECT tax_rate_bp FROM shop_settings WHERE id = 1) AS tax_rate_bp,
           (SELECT json_build_object('first_name', first_name, 'last_name', last_name, 'phone', phone, 'deleted', deleted)
              FROM customers WHERE customer_id = $2) AS customer,
           (SELECT json_build_object('username', username, 'first_name', first_name, 'last_name', last_name)
              FROM cashiers WHERE user_id = $3) AS cashier,
           EXISTS (SELECT 1 FROM idempotency_keys WHERE key = $4) AS key_seen`,
        [ids, customerId, cashierId, key],
      );
    return {
      keySeen: row?.key_seen ?? false,
      products: row?.products ?? [],
      taxRateBp: row?.tax_rate_bp ?? 0,
      customer: row?.customer ?? null,
      cashier: row?.cashier ?? null,
    };
  }

  /** The counter row of a register; its number (1-999) becomes the first three digits of its invoices. */
  private async ensureRegister(branchId: string, register: string): Promise<void> {
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
      col('id'), col('sale_id'), col('line_no'), col('product_id'), col('sku'), col('name'), col('quantity'), col('unit_price_cents'),
      col('unit_cost_cents'), col('discount_percent'), col('discount_cents'), col('subtotal_cents'), col('net_cents'),
    ];
  }

  /** Takes the register's next number and writes the sale and its lines in one statement; the counter row stays locked until commit. */
  private async insertSale(
    m: EntityManager,
    lines: LineRow[],
    a: {
      saleId: string; ctx: RequestContext; register: string; customerId: string | null; dto: CreateSaleDto; exchangeRate: number; priced: PricedSale;
      discount: CartDiscount | null; redemption: Redemption | null; pointsAwarded: number; tenderedCents: number; changeCents: number;
      taxRateBp: number;
    },
  ): Promise<SaleRow> {
    const rows: SaleRow[] = await m.query(
      `WITH n AS (
         UPDATE invoice_counters SET last_number = last_number + 1
          WHERE branch_id = $2 AND register = $3
          RETURNING 'INV-' || lpad(register_no::text, 3, '0') || lpad(last_number::text, 7, '0') AS invoice_number
       )
       , s AS (
         INSERT INTO sales (id, invoice_number, branch_id, register, cashier_id, cashier_username, customer_id, currency, exchange_rate,
                            subtotal_cents, discount_type, discount_value, discount_cents, loyalty_discount_cents, points_redeemed,
                            redemption_id, points_awarded, tax_rate_bp, tax_cents, total_cents, payment_method, payment_status,
                            tendered_cents, change_cents)
         SELECT $1, n.invoice_number, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, 'cash', 'paid', $20, $21
           FROM n
         RETURNING *
       ), l AS (
         INSERT INTO sale_lines (id, sale_id, line_no, product_id, sku, name, quantity, unit_price_cents, unit_cost_cents,
                                 discount_percent, discount_cents, subtotal_cents, net_cents)
         SELECT * FROM unnest($22::uuid[], $23::uuid[], $24::smallint[], $25::uuid[], $26::text[], $27::jsonb[], $28::int[], $29::bigint[],
                              $30::bigint[], $31::numeric[], $32::bigint[], $33::bigint[], $34::bigint[])
       )
       SELECT * FROM s`,
      [
        a.saleId, a.ctx.branchId, a.register, a.ctx.user!.id, a.ctx.user!.username, a.customerId, a.dto.currency, a.exchangeRate,
        a.priced.subtotalCents, a.discount?.type ?? null, a.discount ? a.discount.value : null, a.priced.discountCents,
        a.priced.loyaltyDiscountCents, a.redemption?.points ?? 0, a.redemption?.reservationId ?? null, a.pointsAwarded, a.taxRateBp,
        a.priced.taxCents, a.priced.totalCents, a.tenderedCents, a.changeCents,
        ...this.lineColumns(lines),
      ],
    );
    const sale = rows[0];
    if (!sale) {
      // The counter row vanished (database restored under a running process): recreate it and let the till retry.
      this.knownRegisters.clear();
      throw new DomainError('SERVICE_UNAVAILABLE', 'errors.serviceUnavailable');
    }
    return sale;
  }
}
