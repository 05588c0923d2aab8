import type { EntityManager } from 'typeorm';
import type { AccountEntryKind, Currency, CurrencyAmounts, RepaymentMethod } from '@dukan/contracts';
import { one, rows } from '@dukan/platform';
import type { CustomerRow } from '../customers/customer.row.js';

/** The account columns of a customers row (bigint as string). */
export interface AccountColumns {
  credit_limit_currency: Currency;
  owing_since_usd?: Date | null;
  owing_since_iqd?: Date | null;
  credit_limit_minor: string | number;
  owed_usd_cents: string | number;
  owed_iqd: string | number;
}

export type AccountCustomer = CustomerRow & AccountColumns;

export function owedOf(c: AccountColumns): CurrencyAmounts {
  return { USD: Number(c.owed_usd_cents), IQD: Number(c.owed_iqd) };
}

export interface EntryInput {
  kind: AccountEntryKind;
  currency: Currency;
  /** + owes more, - owes less. */
  amountMinor: number;
  exchangeRate: number;
  branchId: string;
  refId: string | null;
  saleId?: string | null;
  invoiceNumber?: string | null;
  paid?: { method: RepaymentMethod; currency: Currency; amountMinor: number } | null;
  note?: string | null;
  actorId?: string | null;
  at?: string | Date | null;
}

/**
 * The only writer of a customer's balances: each entry is a row carrying the balance of its currency after it, and the
 * customer's owed column moves with it, in the caller's transaction, under the customer's lock (the caller holds it).
 * An entry whose (kind, ref, currency) is already written changes nothing: answers false.
 */
export async function postEntry(m: EntityManager, customer: AccountCustomer, e: EntryInput): Promise<boolean> {
  if (e.amountMinor === 0) return false;
  if (
    e.refId &&
    (await one(m, `SELECT 1 FROM account_entries WHERE kind = $1 AND ref_id = $2 AND currency = $3`, [e.kind, e.refId, e.currency]))
  ) {
    return false;
  }
  const column = e.currency === 'USD' ? 'owed_usd_cents' : 'owed_iqd';
  const after = Number(customer[column]) + e.amountMinor;
  // What is open of a charge: all of it, less what a credit balance before it already covered.
  const open = e.amountMinor > 0 ? Math.max(0, Math.min(e.amountMinor, after)) : 0;
  // A credit pays the oldest open charges of its currency first (what is still open always adds up to what is owed).
  if (e.amountMinor < 0) await payOldestFirst(m, customer.id, e.currency, -e.amountMinor);
  await m.query(
    `INSERT INTO account_entries (customer_id, branch_id, kind, currency, amount_minor, paid_method, paid_currency, paid_minor, exchange_rate,
       ref_id, sale_id, invoice_number, note, balance_after_minor, actor_id, created_at, open_minor)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, coalesce($16::timestamptz, now()), $17)`,
    [
      customer.id,
      e.branchId,
      e.kind,
      e.currency,
      e.amountMinor,
      e.paid?.method ?? null,
      e.paid?.currency ?? null,
      e.paid?.amountMinor ?? null,
      e.exchangeRate,
      e.refId,
      e.saleId ?? null,
      e.invoiceNumber ?? null,
      e.note ?? null,
      after,
      e.actorId ?? null,
      e.at ?? null,
      open,
    ],
  );
  if (open > 0) {
    await m.query(
      `INSERT INTO open_by_day (branch_id, currency, day, open_minor) VALUES ($1, $2, coalesce($3::timestamptz, now())::date, $4)
       ON CONFLICT (branch_id, currency, day) DO UPDATE SET open_minor = open_by_day.open_minor + EXCLUDED.open_minor`,
      [e.branchId, e.currency, e.at ?? null, open],
    );
  }
  const since = e.currency === 'USD' ? 'owing_since_usd' : 'owing_since_iqd';
  await m.query(
    `UPDATE customers SET ${column} = $2,
       ${since} = (SELECT min(created_at) FROM account_entries WHERE customer_id = $1 AND currency = $3 AND open_minor > 0)
     WHERE id = $1`,
    [customer.id, after, e.currency],
  );
  customer[column] = after;
  return true;
}

/** Takes `amount` off the customer's oldest open charges in `currency`, in the order they were made. */
async function payOldestFirst(m: EntityManager, customerId: string, currency: Currency, amount: number): Promise<void> {
  await m.query(
    `WITH x AS (
       SELECT id, least(open_minor, greatest(0, $3::bigint - coalesce(sum(open_minor) OVER (ORDER BY seq ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0))) AS take
         FROM account_entries WHERE customer_id = $1 AND currency = $2 AND open_minor > 0),
     paid AS (
       UPDATE account_entries a SET open_minor = a.open_minor - x.take FROM x WHERE a.id = x.id AND x.take > 0
       RETURNING a.branch_id, a.created_at::date AS day, x.take)
     INSERT INTO open_by_day (branch_id, currency, day, open_minor)
     SELECT branch_id, $2, day, -sum(take) FROM paid GROUP BY branch_id, day
     ON CONFLICT (branch_id, currency, day) DO UPDATE SET open_minor = open_by_day.open_minor + EXCLUDED.open_minor`,
    [customerId, currency, amount],
  );
}

/** What sales in progress hold on a customer's account (expired holds count for nothing), other than `exceptSaleId`'s. */
export async function heldCharges(m: EntityManager, customerId: string, exceptSaleId: string | null = null): Promise<CurrencyAmounts> {
  const row = await one<{ usd: string; iqd: string }>(
    m,
    `SELECT coalesce(sum(usd_cents), 0) AS usd, coalesce(sum(iqd), 0) AS iqd FROM account_holds
      WHERE customer_id = $1 AND status = 'active' AND expires_at > now() AND ($2::text IS NULL OR sale_id <> $2)`,
    [customerId, exceptSaleId],
  );
  return { USD: Number(row?.usd ?? 0), IQD: Number(row?.iqd ?? 0) };
}

/** A sale's account entries so far (its charge and the returns and void against it), per currency. */
export async function saleOnAccount(m: EntityManager, saleId: string): Promise<{ charged: boolean; left: CurrencyAmounts }> {
  const found = await rows<{ currency: Currency; kind: AccountEntryKind; amount: string }>(
    m,
    `SELECT currency, kind, sum(amount_minor) AS amount FROM account_entries WHERE sale_id = $1 GROUP BY currency, kind`,
    [saleId],
  );
  const left: CurrencyAmounts = { USD: 0, IQD: 0 };
  for (const r of found) left[r.currency] += Number(r.amount);
  return { charged: found.some((r) => r.kind === 'sale'), left };
}
