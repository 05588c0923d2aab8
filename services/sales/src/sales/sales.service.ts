import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  accountCharge,
  AMOUNT_RULES,
  allocate,
  can,
  cashStep,
  checkTender,
  convertMinor,
  DEFAULT_REGISTER,
  exchangeBalance,
  formatMoney,
  lineAsSold,
  priceSale,
  roundCash,
  settleSale,
  toCents,
  toMinor,
  unitPriceInSaleCurrency,
  type CartDiscount,
  type Currency,
  type MessageKey,
  type SettleError,
  type LineInput,
  type PricedSale,
  type SaleDto,
  type SaleInput,
  type Settled,
} from '@dukan/contracts';
import { DomainError, Outbox, type RequestContext } from '@dukan/platform';
import { IdempotencyService, isValidIdempotencyKey, requestHash } from '../idempotency/idempotency.service.js';
import { LoyaltyClient, type Redemption, type ReserveRequest } from '../loyalty/loyalty.client.js';
import { sameRate, SettingsClient } from '../settings/settings.client.js';
import type { CreateSaleDto } from './sale.dto.js';
import { toSaleDto } from './sale.mapper.js';
import { toSaleEvent } from './sale-event.mapper.js';
import type { LineRow, SaleRow } from './sale.rows.js';
import { InvoiceBlocks } from '../invoice-blocks/invoice-blocks.js';
import { ShiftBook } from '../shifts/shift-book.js';
import { SaleStore, stamped, type Lookup, type ProductRow, type SaleToWrite } from './sale-store.js';
import { priceReturn, ReversalsService } from './reversals.service.js';
import { soldLines, type SoldLine } from './line-kinds.policy.js';
import {
  checkAfterLoyalty,
  checkBeforeLoyalty,
  checkChange,
  expectedTotalIfLoyaltyRight,
  requestedDiscount,
  type FieldErrors,
} from './pricing.policy.js';

type RateAnswer = { ok: true; value: number } | { ok: false; error: unknown };

type IdempotencyMode = { kind: 'claimed'; key: string; owner: string } | { kind: 'inline'; key: string; hash: string };

/** Another request with the same key committed first; this transaction rolls back and replays its answer. */
class LostKeyRace extends Error {}

export interface SaleAnswer {
  status: number;
  body: { success: true; data: SaleDto } | unknown;
  replayed: boolean;
}

/** A sale priced by the server, its client's figures checked up to loyalty's part (step 1 of a sale). */
interface PricedRequest {
  exchangeRate: number;
  /** An exchange: the value of the units coming back, which pays for the sale. */
  exchange: { returnMinor: number } | null;
  customerId: string | null;
  products: ProductRow[];
  sold: SoldLine[];
  /** The currency the client states its figures in. */
  figCur: Currency;
  lines: LineInput[];
  discount: CartDiscount | null;
  base: SaleInput;
  figBase: SaleInput;
  before: PricedSale;
  figBefore: PricedSale;
  legacyTenderedCents: number;
  /** The client redeems points (stated, or derived from its loyalty discount). */
  redeems: boolean;
  /** What loyalty is asked for a customer's sale (its attempt added when asked); null without a customer. */
  loyaltyAsk: Omit<ReserveRequest['body'], 'attempt'> | null;
}

/** Loyalty's answer for the sale (step 2): the points it holds, and those the sale awards. */
interface LoyaltyHold {
  redemption: Redemption | null;
  pointsAwarded: number;
}

/** Client figures that disagree with ours refuse the sale, each under its field. */
function refuseMismatches(errors: FieldErrors): void {
  if (Object.keys(errors).length > 0) throw new DomainError('TOTAL_MISMATCH', 'sales.totalMismatch', {}, errors);
}

@Injectable()
export class SalesService {
  constructor(
    private readonly ds: DataSource,
    private readonly store: SaleStore,
    private readonly outbox: Outbox,
    private readonly idempotency: IdempotencyService,
    private readonly loyalty: LoyaltyClient,
    private readonly settings: SettingsClient,
    private readonly blocks: InvoiceBlocks,
    private readonly shifts: ShiftBook,
    private readonly reversals: ReversalsService,
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
    // A dollar sale's figures do not depend on the rate: its client's rate is not checked (the shop's is recorded).
    const givenRate = dto.currency === 'IQD' ? dto.exchangeRate : undefined;
    const rate: Promise<RateAnswer> = this.settings.exchangeRate(user.id, givenRate).then(
      (value) => ({ ok: true, value }),
      (error: unknown) => ({ ok: false, error }),
    );
    const lookup = await this.store.lookup(dto, customerId, user.id, key ?? null, ctx.branchId);
    if (key === undefined) {
      return {
        status: 201,
        body: { success: true, data: await this.complete(ctx, dto, lookup, rate, randomUUID(), null) },
        replayed: false,
      };
    }
    // The till's provisional invoice number, clock and shift are not part of the sale: a rebuilt retry must still match,
    // and so must a sale the till kept offline (with a reserved number) after an attempt whose answer never came.
    const {
      invoiceNumber: _n,
      createdAt: _c,
      reservedInvoiceNumber: _r,
      madeOfflineAt: _m,
      shiftId: _s,
      ...meaningful
    } = (rawBody ?? {}) as Record<string, unknown>;
    const hash = requestHash({ actor: ctx.actorId, body: meaningful });

    if (!lookup.keySeen && !customerId && !dto.exchangeFor) {
      // A new key and no call to loyalty: the key is written with the sale, in its transaction. A duplicate racing
      // this one waits for it on the key's unique index, loses, and then replays the stored answer below. (An
      // exchange claims its key first: a duplicate would otherwise wait on the returned sale's lock and then be
      // refused as an over-return instead of being answered.)
      try {
        const data = await this.complete(ctx, dto, lookup, rate, randomUUID(), { kind: 'inline', key, hash });
        return { status: 201, body: { success: true, data }, replayed: false };
      } catch (e) {
        if (!(e instanceof LostKeyRace)) throw e;
      }
    }
    // A key seen before, a sale that waits on loyalty, or an exchange: claim the key first, so a duplicate meanwhile gets 409.
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

  /**
   * A sale in three steps: price it (the client's figures checked against ours), hold what loyalty must hold for it
   * (points redeemed, an account tender) with the hold's release beside it, and persist it in one statement.
   */
  private async complete(
    ctx: RequestContext,
    dto: CreateSaleDto,
    lookup: Lookup,
    rateAnswer: Promise<RateAnswer>,
    saleId: string,
    idem: IdempotencyMode | null,
  ): Promise<SaleDto> {
    // 1. Price: nothing is asked of loyalty until every figure it does not decide agrees and the tenders can pay.
    const sale = await this.price(ctx, dto, lookup, rateAnswer);
    // 2. Hold loyalty. Compensation (Medusa's habit, the step beside its undo): a sale that fails from here releases
    // what this attempt holds at once, even when its reserve has not reached loyalty yet; loyalty's sweep stays the
    // backstop. A retry is a new attempt at the same sale.
    const attempt = randomUUID();
    try {
      const hold = await this.holdLoyalty(ctx, sale, saleId, attempt);
      const final = this.priceWithLoyalty(dto, lookup, sale, hold);
      // 3. Persist: sale, lines, tenders, invoice number, shift entries, outbox event, stored answer, in one statement
      // (an exchange: in one transaction with its return).
      return await this.persist(ctx, dto, lookup, saleId, idem, sale, hold, final);
    } catch (e) {
      if (sale.customerId) void this.loyalty.release(saleId, sale.customerId, attempt);
      throw e;
    }
  }

  /** Step 1: the sale priced from the replica, and every client figure loyalty does not decide checked against it. */
  private async price(ctx: RequestContext, dto: CreateSaleDto, lookup: Lookup, rateAnswer: Promise<RateAnswer>): Promise<PricedRequest> {
    const user = ctx.user!;
    const exchangeRate = await this.confirmedRate(dto, rateAnswer);
    const exchange = dto.exchangeFor ? await this.exchangeOf(ctx, dto) : null;
    const customerId = dto.customer ?? null;
    const products = this.productsOnSale(dto, lookup, customerId);
    const sold = this.soldAs(dto, products, lookup);
    const saleCur = dto.currency;
    // A client that sends tenders states its figures in the sale's currency; the specification's client, in dollars.
    const figCur: Currency = dto.tenders ? saleCur : 'USD';
    const toSale = (minor: number, from: Currency) => convertMinor(minor, from, saleCur, exchangeRate);
    const pointsToRedeem = dto.loyaltyPointsRedeemed ?? 0;
    // A loyalty discount sent without its points (the spec's payload): loyalty derives the points worth exactly that.
    const statedLoyalty = toMinor(dto.loyaltyDiscount ?? 0, figCur);
    const derivePoints = pointsToRedeem === 0 && statedLoyalty > 0 && customerId !== null;
    const statedDiscount = requestedDiscount(dto, figCur);
    /** The lines priced in `cur`: each unit price converted once from the currency it was set in. */
    const linesIn = (cur: Currency): LineInput[] =>
      products.map((p, i) =>
        lineAsSold(
          {
            priceCents: unitPriceInSaleCurrency(sold[i]!.priceMinor, sold[i]!.priceCurrency, cur, exchangeRate),
            quantity: sold[i]!.quantity,
            discountPercent: Number(p.discount_percent),
            weighed: sold[i]!.weighed,
          },
          dto.items[i]!.discount,
        ),
      );
    const lines = linesIn(saleCur);
    const figLines = figCur === saleCur ? lines : linesIn(figCur);
    const discount = statedDiscount?.type === 'fixed' ? { ...statedDiscount, value: toSale(statedDiscount.value, figCur) } : statedDiscount;
    const tax = { taxRateBasisPoints: lookup.taxRateBp, taxMode: lookup.taxMode };
    const base: SaleInput = { lines, discount, loyaltyDiscountCents: 0, ...tax };
    const figBase: SaleInput = { lines: figLines, discount: statedDiscount, loyaltyDiscountCents: 0, ...tax };
    const before = priceSale(base);
    const figBefore = figCur === saleCur ? before : priceSale(figBase);

    // The client's figures must agree with ours (shared pricing module, to within half a minor unit).
    refuseMismatches(checkBeforeLoyalty(dto, figLines, figBefore, figCur));
    if (before.discountCents > 0 && !can(user, 'pos', 'discount')) {
      throw new DomainError('FORBIDDEN', 'sales.discountNotAllowed', {}, { discountValue: { key: 'sales.discountNotAllowed' } });
    }
    const partial: PricedRequest = {
      exchangeRate,
      exchange,
      customerId,
      products,
      sold,
      figCur,
      lines,
      discount,
      base,
      figBase,
      before,
      figBefore,
      legacyTenderedCents: dto.paymentDetails ? toCents(dto.paymentDetails.amountTendered) : 0,
      redeems: customerId !== null && (pointsToRedeem > 0 || derivePoints),
      loyaltyAsk: null,
    };
    // The tenders must cover the total as it will be if the client's loyalty discount is right.
    const expectedFigTotal = expectedTotalIfLoyaltyRight(dto, figBefore, figCur);
    if (!dto.tenders) this.assertLegacyTender(partial.legacyTenderedCents, expectedFigTotal);
    else this.settle(dto, lookup, this.due(dto, lookup, partial, toSale(expectedFigTotal, figCur)), exchangeRate);

    if (!customerId) return partial;
    // What loyalty is asked (in dollars): the points redeemed, or the discount to derive them from; the account
    // tender, held within the customer's credit limit (customers.credit overrides it).
    const charge = accountCharge(dto.tenders ?? []);
    const onAccount =
      charge.USD > 0 || charge.IQD > 0
        ? { usdCents: charge.USD, iqd: charge.IQD, exchangeRate, override: can(user, 'customers', 'credit'), branchId: ctx.branchId }
        : null;
    const toUsd = (minor: number) => convertMinor(minor, saleCur, 'USD', exchangeRate);
    return {
      ...partial,
      loyaltyAsk: {
        pointsToRedeem,
        totalBeforeLoyaltyUsdCents: toUsd(before.totalBeforeLoyaltyCents),
        ...(derivePoints ? { loyaltyDiscountUsdCents: convertMinor(statedLoyalty, figCur, 'USD', exchangeRate) } : {}),
        ...(onAccount ? { account: onAccount } : {}),
      },
    };
  }

  /** What the tenders must pay of a total: all of it, or for an exchange what the returned units leave of it. */
  private due(dto: CreateSaleDto, lookup: Lookup, sale: PricedRequest, totalMinor: number): number {
    return sale.exchange ? this.balance(dto, sale.exchange.returnMinor, totalMinor, sale.exchangeRate, lookup).dueMinor : totalMinor;
  }

  /**
   * Step 2: loyalty reserves the points the sale redeems (and the account tender) and quotes the points it awards,
   * idempotent by sale id. Without loyalty a sale that redeems nothing and puts nothing on account goes on.
   */
  private async holdLoyalty(ctx: RequestContext, sale: PricedRequest, saleId: string, attempt: string): Promise<LoyaltyHold> {
    if (!sale.customerId || !sale.loyaltyAsk) return { redemption: null, pointsAwarded: 0 };
    const onAccount = sale.loyaltyAsk.account !== undefined;
    const answer = await this.loyalty.reserve({
      saleId,
      customerId: sale.customerId,
      body: { ...sale.loyaltyAsk, attempt },
      ...(onAccount ? { locale: ctx.locale } : {}),
    });
    if (answer.kind === 'unavailable') {
      // Nobody can check the credit limit: no sale on account (the till offers the other tenders).
      if (onAccount) throw new DomainError('SERVICE_UNAVAILABLE', 'accounts.unavailable', {}, { tenders: { key: 'accounts.unavailable' } });
      // Loyalty awards the points from sale.completed when it is back.
      if (sale.redeems) throw new DomainError('SERVICE_UNAVAILABLE', 'sales.loyaltyUnavailable');
      return { redemption: null, pointsAwarded: 0 };
    }
    return { redemption: answer.redemption, pointsAwarded: answer.pointsToAward };
  }

  /**
   * The sale priced with loyalty's answer, and the one loyalty check: a redemption asked for was granted, and the
   * client's loyalty discount, tax and total are what it makes. Then the tenders settle the final total.
   */
  private priceWithLoyalty(
    dto: CreateSaleDto,
    lookup: Lookup,
    sale: PricedRequest,
    hold: LoyaltyHold,
  ): { priced: PricedSale; settled: Settled } {
    const { redemption } = hold;
    const { figCur, exchangeRate } = sale;
    const saleCur = dto.currency;
    if (sale.redeems && !redemption) {
      throw new DomainError('LOYALTY_DISABLED', 'loyalty.disabled', {}, { loyaltyPointsRedeemed: { key: 'loyalty.disabled' } });
    }
    const toSale = (minor: number, from: Currency) => convertMinor(minor, from, saleCur, exchangeRate);
    const priced = redemption ? priceSale({ ...sale.base, loyaltyDiscountCents: toSale(redemption.valueCents, 'USD') }) : sale.before;
    const figPriced =
      figCur === saleCur
        ? priced
        : redemption
          ? priceSale({ ...sale.figBase, loyaltyDiscountCents: convertMinor(redemption.valueCents, 'USD', figCur, exchangeRate) })
          : sale.figBefore;
    refuseMismatches(checkAfterLoyalty(dto, figPriced, figCur));
    if (dto.tenders) return { priced, settled: this.settle(dto, lookup, this.due(dto, lookup, sale, priced.totalCents), exchangeRate) };
    // The specification's one cash payment, stated in dollars: one cash tender in the sale's currency. A tender that
    // covers the dollar total covers the sale (its dinars may round a dinar below a total priced unit by unit).
    const changeCents = this.assertLegacyTender(sale.legacyTenderedCents, figPriced.totalCents);
    refuseMismatches(checkChange(dto, changeCents));
    const inSale = toSale(sale.legacyTenderedCents, 'USD');
    const amountMinor =
      saleCur === 'USD' ? inSale : Math.max(inSale, roundCash(priced.totalCents, cashStep(saleCur, lookup.iqdCashRounding)));
    const settled = this.settle(
      { ...dto, tenders: amountMinor > 0 ? [{ method: 'cash', currency: saleCur, amountMinor }] : [] },
      lookup,
      priced.totalCents,
      exchangeRate,
    );
    return { priced, settled };
  }

  /** Step 3: the sale, its lines, tenders, invoice number, outbox event and stored answer, in one transaction. */
  private async persist(
    ctx: RequestContext,
    dto: CreateSaleDto,
    lookup: Lookup,
    saleId: string,
    idem: IdempotencyMode | null,
    req: PricedRequest,
    hold: LoyaltyHold,
    { priced, settled }: { priced: PricedSale; settled: Settled },
  ): Promise<SaleDto> {
    const { exchange, exchangeRate, customerId, discount, products, sold, lines } = req;
    const { redemption, pointsAwarded } = hold;
    const saleCur = dto.currency;
    const register = dto.register?.trim() || DEFAULT_REGISTER;
    const toUsd = (minor: number) => convertMinor(minor, saleCur, 'USD', exchangeRate);
    await this.store.ensureRegister(ctx.branchId, register);
    // A sale the till made offline keeps its number and the time it was made; an online sale's clock is the server's.
    const madeAt = dto.reservedInvoiceNumber
      ? await this.blocks.offlineSale(this.ds, ctx.branchId, register, dto.reservedInvoiceNumber, dto.madeOfflineAt)
      : null;
    // Dollar figures for readers that speak dollars: the sale's own for a dollar sale, at its rate for a dinar sale.
    const usdTotal = toUsd(priced.totalCents);
    const usdNet = saleCur === 'USD' ? priced.lineNetCents : allocate(usdTotal, priced.lineNetCents);
    const usd = {
      subtotal: toUsd(priced.subtotalCents),
      discount: toUsd(priced.discountCents),
      loyalty: redemption && saleCur !== 'USD' ? redemption.valueCents : toUsd(priced.loyaltyDiscountCents),
      tax: toUsd(priced.taxCents),
      total: usdTotal,
      tendered: toUsd(settled.paidMinor),
      change: toUsd(settled.changeValueMinor),
    };
    const lineRows: LineRow[] = dto.items.map((item, i) => ({
      id: randomUUID(),
      sale_id: saleId,
      line_no: i + 1,
      product_id: item.product,
      sku: products[i]!.sku,
      name: products[i]!.name,
      quantity: sold[i]!.quantity,
      unit_price_cents: String(sold[i]!.priceCurrency === 'USD' ? sold[i]!.priceMinor : toUsd(lines[i]!.priceCents)),
      unit_cost_cents: products[i]!.cost_cents,
      discount_percent: String(lines[i]!.discountPercent),
      discount_cents: String(toUsd(priced.lines[i]!.discountCents)),
      subtotal_cents: String(toUsd(priced.lines[i]!.subtotalCents)),
      net_cents: String(usdNet[i]!),
      refunded_quantity: 0,
      refunded_cents: '0',
      unit_price_minor: String(lines[i]!.priceCents),
      discount_minor: String(priced.lines[i]!.discountCents),
      subtotal_minor: String(priced.lines[i]!.subtotalCents),
      net_minor: String(priced.lineNetCents[i]!),
      refunded_minor: '0',
      pack_id: sold[i]!.packId,
      units_per_quantity: sold[i]!.unitsPerQuantity,
      weighed: sold[i]!.weighed,
    }));

    const toWrite: SaleToWrite = {
      saleId,
      ctx,
      register,
      customerId,
      dto,
      exchangeRate,
      priced,
      discount,
      usd,
      redemption,
      pointsAwarded,
      settled,
      taxRateBp: lookup.taxRateBp,
      madeAt,
    };
    // The sale's answer and event are made before it is written, from the row as it will be; the statement puts in
    // the invoice number and time it gives the sale.
    const row: SaleRow = {
      ...this.store.draftRow(toWrite),
      c_first: lookup.customer?.first_name ?? null,
      c_last: lookup.customer?.last_name ?? null,
      c_phone: lookup.customer?.phone ?? null,
      u_username: lookup.cashier?.username ?? null,
      u_first: lookup.cashier?.first_name ?? null,
      u_last: lookup.cashier?.last_name ?? null,
    };
    const data = toSaleDto(row, lineRows);
    /** Sale, lines, tenders, invoice number, shift entries, outbox event and (unless left to an exchange) the stored answer: one statement. */
    const write = (db: EntityManager | DataSource, store: IdempotencyMode | null) =>
      this.store.writeSale(db, lineRows, toWrite, (params) => {
        // Into its shift's book, or refused where the shop does not sell without an open shift.
        const shift = this.shifts.recordSale(params, row, { shiftId: dto.shiftId, madeOffline: madeAt !== null });
        const event = this.outbox.inStatement(params, {
          ctx,
          type: 'dukan.sales.sale.completed.v1',
          data: toSaleEvent(row, lineRows),
          from: 'sale_written',
          dataSql: (json) => stamped(json, { number: [['invoiceNumber']], time: [['completedAt']] }),
        });
        const answer = store
          ? this.idempotency.storeInStatement(
              params,
              store.kind === 'claimed' ? store : { ...store, saleId },
              201,
              { success: true, data },
              'sale_written',
              (json) =>
                stamped(json, {
                  number: [['data', 'invoiceNumber']],
                  time: [
                    ['data', 'createdAt'],
                    ['data', 'transactionDate'],
                  ],
                }),
            )
          : null;
        return {
          ctes: [shift.ctes, event.cte, ...(answer ? [answer.cte] : [])],
          refusals: [
            { when: shift.refused, error: () => new DomainError('SHIFT_REQUIRED', 'shifts.required', { register }) },
            ...(answer
              ? [
                  {
                    when: answer.lost,
                    error: () =>
                      store?.kind === 'inline'
                        ? new LostKeyRace()
                        : new DomainError('IDEMPOTENCY_IN_PROGRESS', 'sales.idempotencyInProgress'),
                  },
                ]
              : []),
          ],
          reads: [event.notify],
        };
      });
    const stamp = (written: { invoice_number: string; created_at: Date }) => {
      data.invoiceNumber = written.invoice_number;
      data.createdAt = data.transactionDate = written.created_at.toISOString();
    };

    if (!exchange || !dto.exchangeFor) {
      stamp(await write(this.ds, idem));
      return data;
    }
    return this.ds.transaction(async (m) => {
      // An exchange's earlier sale is locked first: no refund of it can slip in between the check and the return.
      const returned = await this.reversals.lockForReturn(m, ctx, dto.exchangeFor!.saleId);
      // Its answer tells of the return too: stored once the return is written.
      stamp(await write(m, null));
      // Checked again under the lock: units returned meanwhile are refused as any over-return, a changed value as a conflict.
      const priceNow = priceReturn(returned.sale, returned.lines, dto.exchangeFor!.lines, dto.exchangeFor!.restock ?? true);
      if (priceNow.amountMinor !== exchange.returnMinor) throw new DomainError('CONFLICT', 'sales.exchangeChanged');
      const bal = this.balance(dto, priceNow.amountMinor, priced.totalCents, exchangeRate, lookup);
      const { refundId } = await this.reversals.writeReturn(m, ctx, returned.sale, returned.lines, priceNow, {
        tenders: bal.back ? [bal.back] : [],
        cashRoundingMinor: bal.backRoundingMinor,
        reason: null,
        exchangeSaleId: saleId,
      });
      data.exchange = {
        saleId: returned.sale.id,
        invoiceNumber: returned.sale.invoice_number,
        refundId,
        returnMinor: priceNow.amountMinor,
        dueMinor: bal.dueMinor,
        back: bal.back ? { method: 'cash', currency: bal.back.currency, amountMinor: bal.back.amountMinor } : null,
      };
      const answer = { success: true, data };
      if (idem?.kind === 'claimed') await this.idempotency.complete(m, idem.key, idem.owner, 201, answer);
      if (idem?.kind === 'inline' && !(await this.idempotency.recordDone(m, idem.key, idem.hash, saleId, 201, answer)))
        throw new LostKeyRace();
      return data;
    });
  }

  /**
   * An exchange's return, checked before anything is asked of loyalty: a return needs the refund permission, the sale
   * must be of the caller's branch (as for a refund) and in the new sale's currency, and paid with tenders; the units
   * never more than a line has left. Its value is read here and checked again under the sale's lock.
   */
  private async exchangeOf(ctx: RequestContext, dto: CreateSaleDto): Promise<{ returnMinor: number }> {
    const user = ctx.user!;
    if (!can(user, 'pos', 'refund') && !can(user, 'transactions', 'refund')) {
      throw new DomainError('FORBIDDEN', 'sales.exchangeNotAllowed', {}, { exchangeFor: { key: 'sales.exchangeNotAllowed' } });
    }
    if (!dto.tenders) {
      throw new DomainError('VALIDATION_FAILED', 'sales.exchangeNeedsTenders', {}, { tenders: { key: 'sales.exchangeNeedsTenders' } });
    }
    const { sale, lines } = await this.reversals.lockForReturn(this.ds.manager, ctx, dto.exchangeFor!.saleId);
    if (sale.currency !== dto.currency) {
      const params = { currency: sale.currency };
      throw new DomainError('RULE_VIOLATION', 'sales.exchangeCurrency', params, { currency: { key: 'sales.exchangeCurrency', params } });
    }
    return { returnMinor: priceReturn(sale, lines, dto.exchangeFor!.lines, dto.exchangeFor!.restock ?? true).amountMinor };
  }

  /** The shared rule of an exchange's money (what is left to pay, or to hand back in cash in the change currency). */
  private balance(dto: CreateSaleDto, returnMinor: number, saleTotalMinor: number, exchangeRate: number, lookup: Lookup) {
    return exchangeBalance({
      currency: dto.currency,
      exchangeRate,
      saleTotalMinor,
      returnMinor,
      changeCurrency: dto.changeCurrency ?? dto.currency,
      iqdCashRounding: lookup.iqdCashRounding,
    });
  }

  /**
   * The rate is the one settings gives this cashier now. A dinar sale's figures depend on it, so the client's must be
   * that one (the till reloads it when refused); a dollar sale records the shop's whatever rate its client sent.
   */
  private async confirmedRate(dto: CreateSaleDto, answer: Promise<RateAnswer>): Promise<number> {
    const rate = await answer;
    if (!rate.ok) throw rate.error;
    if (dto.currency === 'IQD' && !sameRate(rate.value, dto.exchangeRate)) {
      const params = { expected: String(rate.value), given: String(dto.exchangeRate) };
      throw new DomainError('EXCHANGE_RATE_CHANGED', 'sales.exchangeRateChanged', params, {
        exchangeRate: { key: 'sales.exchangeRateChanged', params },
      });
    }
    return rate.value;
  }

  /** Every line must be a product on sale (priced from our replica), the customer one we know, points only for a customer. */
  private productsOnSale(dto: CreateSaleDto, lookup: Lookup, customerId: string | null): ProductRow[] {
    const byId = new Map(lookup.products.map((p) => [p.product_id, p]));
    const unavailable: FieldErrors = {};
    dto.items.forEach((item, i) => {
      const p = byId.get(item.product);
      if (!p || !p.active || p.deleted) unavailable[`items.${i}.product`] = { key: 'sales.productUnavailable' };
    });
    if (customerId && lookup.customer?.deleted) unavailable.customer = { key: 'sales.customerUnknown' };
    if ((dto.loyaltyPointsRedeemed ?? 0) > 0 && !customerId) unavailable.customer = { key: 'validation.required' };
    if (Object.keys(unavailable).length > 0) throw new DomainError('VALIDATION_FAILED', 'validation.failed', {}, unavailable);
    return dto.items.map((item) => byId.get(item.product)!);
  }

  /** How each line is sold (units, packs, weight, a scale label), refused with the first problem's message when any line cannot be. */
  private soldAs(dto: CreateSaleDto, products: ProductRow[], lookup: Lookup): SoldLine[] {
    const { lines, errors } = soldLines(dto.items, products, lookup.scaleLabel);
    const first = Object.values(errors)[0];
    if (first) throw new DomainError('VALIDATION_FAILED', first.key, first.params ?? {}, errors);
    return lines;
  }

  /** The specification's payment: the dollars tendered must cover the dollar total; the change is the rest. */
  private assertLegacyTender(tenderedCents: number, totalCents: number): number {
    const check = checkTender(tenderedCents, totalCents);
    if (!check.ok) {
      const params = { total: formatMoney(totalCents, 'USD', 'en') };
      throw new DomainError('RULE_VIOLATION', 'sales.tenderTooLow', params, {
        'paymentDetails.amountTendered': { key: 'sales.tenderTooLow', params },
      });
    }
    return check.changeCents;
  }

  /** The tenders against the total in the sale's currency (shared pricing module); a clear error when they do not settle it. */
  private settle(dto: CreateSaleDto, lookup: Lookup, totalMinor: number, exchangeRate: number): Settled {
    const settled = settleSale({
      currency: dto.currency,
      totalMinor,
      exchangeRate,
      tenders: dto.tenders ?? [],
      changeCurrency: dto.changeCurrency ?? dto.currency,
      iqdCashRounding: lookup.iqdCashRounding,
      hasCustomer: Boolean(dto.customer),
    });
    if (settled.ok) return settled;
    const show = (minor: number, cur: Currency) => formatMoney(minor, cur, 'en');
    const params = {
      total: show(totalMinor, dto.currency),
      remainingUsd: show(settled.remaining.USD, 'USD'),
      remainingIqd: show(settled.remaining.IQD, 'IQD'),
    };
    const key = (
      {
        short: 'sales.tendersShort',
        noTenders: 'sales.tendersShort',
        invalidAmount: AMOUNT_RULES.tender.key,
        accountNeedsCustomer: 'sales.accountNeedsCustomer',
        nonCashOverTotal: 'sales.nonCashOverTotal',
      } as const satisfies Record<SettleError, MessageKey>
    )[settled.error];
    const code = settled.error === 'invalidAmount' ? 'VALIDATION_FAILED' : 'RULE_VIOLATION';
    throw new DomainError(code, key, params, { tenders: { key, params } });
  }
}
