import type { EntityManager } from 'typeorm';
import { one, type Outbox, type RequestContext } from '@dukan/platform';
import { toCustomerEvent, type CustomerRow } from '../customers/customer.row.js';
import { statusFor, type LoyaltySettings } from '../loyalty/loyalty.policy.js';

export type LedgerKind = 'award' | 'redeem' | 'return' | 'revoke' | 'adjust';

/** The customer row locked for the caller's transaction, deleted or not (sales settle against deleted customers too). */
export async function lockCustomer(m: EntityManager, id: string): Promise<CustomerRow | null> {
  return one<CustomerRow>(m, `SELECT * FROM customers WHERE id = $1 FOR UPDATE`, [id]);
}

/** Points held by reservations of sales still in progress (expired holds count for nothing). */
export async function heldPoints(m: EntityManager, customerId: string, exceptSaleId: string | null = null): Promise<number> {
  const row = await one<{ held: string }>(
    m,
    `SELECT coalesce(sum(points), 0) AS held FROM reservations
      WHERE customer_id = $1 AND status = 'active' AND expires_at > now() AND ($2::text IS NULL OR sale_id <> $2)`,
    [customerId, exceptSaleId],
  );
  return Number(row?.held ?? 0);
}

/** What a customer can redeem now: the ledger balance less the points other pending sales hold. */
export async function spendablePoints(m: EntityManager, c: CustomerRow, exceptSaleId: string | null = null): Promise<number> {
  return Math.max(0, c.loyalty_points - (await heldPoints(m, c.id, exceptSaleId)));
}

/**
 * Changes of one customer's points inside one transaction: each move is a ledger row carrying the balance after it;
 * `save` writes the customer row (balance, lifetime points, status, spending figures) and publishes it.
 */
export class PointsAccount {
  constructor(
    private readonly m: EntityManager,
    readonly customer: CustomerRow,
  ) {}

  async move(kind: LedgerKind, points: number, saleId: string | null, refId: string | null = null): Promise<void> {
    if (points === 0) return;
    const after = this.customer.loyalty_points + points;
    if (after < 0) throw new Error(`points ledger would go below zero for customer ${this.customer.id}`);
    await this.m.query(
      `INSERT INTO points_ledger (customer_id, kind, points, sale_id, ref_id, balance_after) VALUES ($1, $2, $3, $4, $5, $6)`,
      [this.customer.id, kind, points, saleId, refId, after],
    );
    this.customer.loyalty_points = after;
  }

  async save(ctx: RequestContext, outbox: Outbox, settings: LoyaltySettings): Promise<CustomerRow> {
    const c = this.customer;
    c.lifetime_points = Math.max(0, c.lifetime_points);
    c.status = statusFor(c.lifetime_points, settings);
    const saved = await one<CustomerRow>(
      this.m,
      `UPDATE customers SET loyalty_points = $2, lifetime_points = $3, status = $4, total_spent_cents = $5, purchase_count = $6,
         last_purchase_at = $7, version = version + 1, updated_at = now()
       WHERE id = $1 RETURNING *`,
      [
        c.id,
        c.loyalty_points,
        c.lifetime_points,
        c.status,
        Math.max(0, Number(c.total_spent_cents)),
        Math.max(0, c.purchase_count),
        c.last_purchase_at,
      ],
    );
    await outbox.add(this.m, ctx, 'dukan.loyalty.customer.updated.v1', toCustomerEvent(saved!));
    return saved!;
  }
}
