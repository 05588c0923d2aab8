import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  AMOUNT_RULES,
  checkCreditLimit,
  DEFAULT_PAGE_LIMIT,
  formatMoney,
  paginationOf,
  planRepayment,
  type AccountEntryDto,
  type CustomerAccountDto,
  type Currency,
  type CurrencyAmounts,
  type Paginated,
} from '@dukan/contracts';
import { audit, DomainError, one, Outbox, rows, UUID, type RequestContext } from '@dukan/platform';
import { LOYALTY_CONFIG, type LoyaltyConfig } from '../config.js';
import { heldCharges, owedOf, postEntry, type AccountCustomer } from './account.book.js';
import type { AccountHoldDto, AdjustmentDto, CreditLimitDto, RepaymentDto, StatementQuery } from './account.dto.js';
import { ExchangeRates } from './exchange-rates.js';

export interface EntryRow {
  id: string;
  kind: AccountEntryDto['kind'];
  currency: Currency;
  amount_minor: string;
  paid_method: 'cash' | 'card' | 'transfer' | null;
  paid_currency: Currency | null;
  paid_minor: string | null;
  exchange_rate: string;
  ref_id: string | null;
  invoice_number: string | null;
  branch_id: string;
  note: string | null;
  balance_after_minor: string;
  created_at: Date;
  usd_after: string;
  iqd_after: string;
}

interface HoldRow {
  sale_id: string;
  customer_id: string;
  usd_cents: string;
  iqd: string;
  status: 'active' | 'consumed' | 'released';
  expires_at: Date;
}

export interface RepaymentAnswer {
  repaymentId: string;
  customerId: string;
  method: RepaymentDto['method'];
  currency: Currency;
  amountMinor: number;
  exchangeRate: number;
  balance: CurrencyAmounts;
}

class KeyTaken extends Error {}

const show = (minor: number, currency: Currency, locale: string) => formatMoney(minor, currency, locale === 'ku' ? 'ku' : 'en');

/** Customer accounts: the statement, the limit, repayments, adjustments and the charges sales hold. */
@Injectable()
export class AccountsService {
  constructor(
    private readonly ds: DataSource,
    private readonly outbox: Outbox,
    private readonly rates: ExchangeRates,
    @Inject(LOYALTY_CONFIG) private readonly config: LoyaltyConfig,
  ) {}

  private async locked(m: EntityManager, id: string): Promise<AccountCustomer> {
    if (!UUID.test(id)) throw DomainError.notFound('entities.customer');
    const c = await one<AccountCustomer>(m, `SELECT * FROM customers WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`, [id]);
    if (!c) throw DomainError.notFound('entities.customer');
    return c;
  }

  /** The balance, limit and one page of the statement (oldest first, each line with both balances after it). */
  async account(id: string, q: StatementQuery): Promise<CustomerAccountDto & { statement: Paginated<AccountEntryDto> }> {
    if (!UUID.test(id)) throw DomainError.notFound('entities.customer');
    const m = this.ds.manager;
    const c = await one<AccountCustomer>(m, `SELECT * FROM customers WHERE id = $1 AND deleted_at IS NULL`, [id]);
    if (!c) throw DomainError.notFound('entities.customer');
    const limit = q.limit ?? DEFAULT_PAGE_LIMIT;
    const [count] = await rows<{ n: string }>(m, `SELECT count(*) AS n FROM account_entries WHERE customer_id = $1`, [id]);
    const total = Number(count?.n ?? 0);
    const page = q.page ?? Math.max(1, Math.ceil(total / limit));
    const found = await statementRows(m, id, limit, (page - 1) * limit);
    return {
      ...(await this.summary(m, c)),
      statement: { data: found.map(toEntryDto), pagination: paginationOf(total, page, limit) },
    };
  }

  private async summary(m: EntityManager, c: AccountCustomer): Promise<CustomerAccountDto> {
    const since = await one<{ since: Date | null }>(m, owingSinceSql, [c.id]);
    return {
      customerId: c.id,
      balance: owedOf(c),
      creditLimit: { currency: c.credit_limit_currency, amountMinor: Number(c.credit_limit_minor) },
      held: await heldCharges(m, c.id),
      owingSince: since?.since ? new Date(since.since).toISOString() : null,
    };
  }

  async setLimit(ctx: RequestContext, id: string, dto: CreditLimitDto): Promise<CustomerAccountDto> {
    return this.ds.transaction(async (m) => {
      const c = await this.locked(m, id);
      const before = { currency: c.credit_limit_currency, amountMinor: Number(c.credit_limit_minor) };
      await m.query(`UPDATE customers SET credit_limit_currency = $2, credit_limit_minor = $3, updated_at = now() WHERE id = $1`, [
        id,
        dto.currency,
        dto.amountMinor,
      ]);
      c.credit_limit_currency = dto.currency;
      c.credit_limit_minor = dto.amountMinor;
      await audit(m, ctx, 'customer.credit-limit-changed', { type: 'customer', id }, { before, after: dto });
      return this.summary(m, c);
    });
  }

  /**
   * A repayment, partial or whole, in either currency: its own currency's debt first, the rest converted at the rate
   * of this moment (recorded on the entry). Once per Idempotency-Key: the same key answers the first answer again.
   */
  async repay(ctx: RequestContext, id: string, dto: RepaymentDto, key: string): Promise<{ answer: RepaymentAnswer; replayed: boolean }> {
    const hash = JSON.stringify([id, ctx.actorId, ctx.branchId, dto.method, dto.currency, dto.amountMinor, dto.register ?? null]);
    const replay = async () => {
      const kept = await one<{ request_hash: string; answer: RepaymentAnswer }>(
        this.ds.manager,
        `SELECT * FROM repayment_keys WHERE key = $1`,
        [key],
      );
      if (!kept) return null;
      if (kept.request_hash !== hash) throw new DomainError('IDEMPOTENCY_KEY_REUSED', 'accounts.idempotencyReused');
      return { answer: kept.answer, replayed: true };
    };
    const earlier = await replay();
    if (earlier) return earlier;
    try {
      const answer = await this.ds.transaction(async (m) => {
        const c = await this.locked(m, id);
        const rate = await this.rates.rateFor(ctx.actorId, m);
        const plan = planRepayment(owedOf(c), dto.currency, dto.amountMinor, rate);
        if (!plan.ok) {
          if (plan.reason === 'nothingOwed')
            throw new DomainError('RULE_VIOLATION', 'accounts.nothingOwed', {}, { amountMinor: { key: 'accounts.nothingOwed' } });
          const params = { max: show(plan.maxMinor, dto.currency, ctx.locale) };
          throw new DomainError('RULE_VIOLATION', 'accounts.overpaid', params, { amountMinor: { key: 'accounts.overpaid', params } });
        }
        const repaymentId = (await one<{ id: string }>(m, `SELECT gen_random_uuid() AS id`))!.id;
        for (const part of plan.parts) {
          await postEntry(m, c, {
            kind: 'repayment',
            currency: part.currency,
            amountMinor: -part.amountMinor,
            exchangeRate: rate,
            branchId: ctx.branchId,
            refId: repaymentId,
            paid: { method: dto.method, currency: dto.currency, amountMinor: part.paidMinor },
            note: dto.note ?? null,
            actorId: ctx.actorId,
          });
        }
        const paidAt = new Date().toISOString();
        await this.outbox.add(m, ctx, 'dukan.loyalty.account.repaid.v1', {
          repaymentId,
          customerId: id,
          branchId: ctx.branchId,
          method: dto.method,
          currency: dto.currency,
          amountMinor: dto.amountMinor,
          exchangeRate: rate,
          registerId: dto.register ?? null,
          shiftId: dto.shiftId ?? null,
          paidAt,
        });
        const result: RepaymentAnswer = {
          repaymentId,
          customerId: id,
          method: dto.method,
          currency: dto.currency,
          amountMinor: dto.amountMinor,
          exchangeRate: rate,
          balance: owedOf(c),
        };
        const kept = await rows(
          m,
          `INSERT INTO repayment_keys (key, request_hash, repayment_id, answer) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING key`,
          [key, hash, repaymentId, JSON.stringify(result)],
        );
        // The same key committed meanwhile (a double tap): this one is undone and the first answer given.
        if (kept.length === 0) throw new KeyTaken();
        return result;
      });
      return { answer, replayed: false };
    } catch (e) {
      if (!(e instanceof KeyTaken)) throw e;
      const first = await replay();
      if (!first) throw e;
      return first;
    }
  }

  /** An admin's correction, with its reason, audited: the only change to a balance that is not a sale, repayment or return. */
  async adjust(ctx: RequestContext, id: string, dto: AdjustmentDto): Promise<CustomerAccountDto> {
    if (dto.amountMinor === 0) throw DomainError.validation({ amountMinor: AMOUNT_RULES.correction.key });
    return this.ds.transaction(async (m) => {
      const c = await this.locked(m, id);
      const rate = await this.rates.rateFor(ctx.actorId, m).catch(() => 1);
      const before = owedOf(c);
      const adjustmentId = (await one<{ id: string }>(m, `SELECT gen_random_uuid() AS id`))!.id;
      await postEntry(m, c, {
        kind: 'adjustment',
        currency: dto.currency,
        amountMinor: dto.amountMinor,
        exchangeRate: rate,
        branchId: ctx.branchId,
        refId: adjustmentId,
        note: dto.reason,
        actorId: ctx.actorId,
      });
      await audit(m, ctx, 'customer.account-adjusted', { type: 'customer', id }, { before, after: owedOf(c), ...dto });
      return this.summary(m, c);
    });
  }

  /**
   * Sales' account tender, asked with the points reserve (in its transaction, under the customer's lock): held until
   * the sale's event makes it owed, refused beyond the limit unless the seller holds customers.credit. One hold per
   * sale; asking again with the same charge renews it.
   */
  async hold(
    m: EntityManager,
    ctx: RequestContext,
    customerId: string,
    saleId: string,
    dto: AccountHoldDto,
    attempt: string | null,
  ): Promise<void> {
    const charge: CurrencyAmounts = { USD: dto.usdCents, IQD: dto.iqd };
    if (charge.USD === 0 && charge.IQD === 0) return;
    const c = await this.locked(m, customerId);
    const existing = await one<HoldRow>(m, `SELECT * FROM account_holds WHERE sale_id = $1`, [saleId]);
    if (
      existing &&
      (existing.customer_id !== customerId || Number(existing.usd_cents) !== charge.USD || Number(existing.iqd) !== charge.IQD)
    ) {
      throw new DomainError('CONFLICT', 'loyalty.reservationMismatch');
    }
    if (existing?.status === 'consumed') return;
    // Sales decided the override from the seller's customers.credit (this is its internal call).
    if (!dto.override) {
      const limit = { currency: c.credit_limit_currency, amountMinor: Number(c.credit_limit_minor) };
      const check = checkCreditLimit(owedOf(c), await heldCharges(m, customerId, saleId), charge, limit, dto.exchangeRate);
      if (!check.ok) {
        const key = limit.amountMinor === 0 ? 'accounts.noCredit' : 'accounts.creditLimitExceeded';
        const params = {
          owed: show(check.owedAfterMinor, limit.currency, ctx.locale),
          limit: show(limit.amountMinor, limit.currency, ctx.locale),
        };
        throw new DomainError('CREDIT_LIMIT', key, params, { tenders: { key, params } });
      }
    }
    const ttl = this.config.RESERVATION_TTL_MINUTES;
    await m.query(
      `INSERT INTO account_holds (sale_id, customer_id, usd_cents, iqd, attempt, status, expires_at)
       VALUES ($1, $2, $3, $4, $5, 'active', now() + ($6::float8 * interval '1 minute'))
       ON CONFLICT (sale_id) DO UPDATE SET status = 'active', attempt = EXCLUDED.attempt, expires_at = EXCLUDED.expires_at`,
      [saleId, customerId, charge.USD, charge.IQD, attempt, ttl],
    );
  }
}

/** A customer's entries, oldest first, each with both running balances after it (an entry carries its own currency's). */
export function statementRows(m: EntityManager, customerId: string, limit: number, offset: number): Promise<EntryRow[]> {
  return rows<EntryRow>(
    m,
    `SELECT * FROM (
       SELECT e.*, coalesce(sum(amount_minor) FILTER (WHERE currency = 'USD') OVER w, 0) AS usd_after,
              coalesce(sum(amount_minor) FILTER (WHERE currency = 'IQD') OVER w, 0) AS iqd_after
         FROM account_entries e WHERE e.customer_id = $1 WINDOW w AS (ORDER BY seq)) s
     ORDER BY seq LIMIT ${limit} OFFSET ${offset}`,
    [customerId],
  );
}

/** The oldest day of the debt still owed: the first charge not yet wholly paid (credits pay the oldest first). */
const owingSinceSql = `SELECT min(created_at) AS since FROM account_entries WHERE customer_id = $1 AND open_minor > 0`;

export function toEntryDto(r: EntryRow): AccountEntryDto {
  return {
    _id: r.id,
    kind: r.kind,
    currency: r.currency,
    amountMinor: Number(r.amount_minor),
    paid: r.paid_method && r.paid_currency ? { method: r.paid_method, currency: r.paid_currency, amountMinor: Number(r.paid_minor) } : null,
    exchangeRate: Number(r.exchange_rate),
    refId: r.ref_id,
    invoiceNumber: r.invoice_number,
    branchId: r.branch_id,
    note: r.note,
    balanceAfter: { USD: Number(r.usd_after), IQD: Number(r.iqd_after) },
    createdAt: new Date(r.created_at).toISOString(),
  };
}
