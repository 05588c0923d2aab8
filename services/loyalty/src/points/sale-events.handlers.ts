import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EventOf } from '@dukan/contracts';
import { currentContext, logger, one, Outbox, systemContext, type EventHandler, type RequestContext } from '@dukan/platform';
import { LoyaltySettingsService } from '../loyalty/loyalty-settings.service.js';
import {
  awardFor,
  refundUndo,
  revokeFromBalance,
  statusFor,
  voidUndo,
  type PointsUndo,
  type SalePointsState,
} from '../loyalty/loyalty.policy.js';
import { chargeSale, returnToAccount, voidOnAccount } from '../accounts/sale-account.js';
import { lockCustomer, PointsAccount } from './points.ledger.js';

interface SalePointsRow {
  sale_id: string;
  customer_id: string;
  total_cents: string;
  points_redeemed: number;
  points_awarded: number;
  refunded_cents: string;
  points_returned: number;
  points_revoked: number;
  counted: boolean;
  voided: boolean;
}

function stateOf(r: SalePointsRow): SalePointsState {
  return {
    totalCents: Number(r.total_cents),
    pointsRedeemed: r.points_redeemed,
    pointsAwarded: r.points_awarded,
    refundedCents: Number(r.refunded_cents),
    pointsReturned: r.points_returned,
    pointsRevoked: r.points_revoked,
  };
}

const ctx = (): RequestContext => currentContext() ?? systemContext();

/**
 * A completed sale of a known customer: the points it redeemed leave the balance (its hold becomes a ledger spend),
 * the points it earned arrive, and totalSpent, purchaseCount, lifetime points and status follow. Runs exactly once
 * per event through the inbox.
 */
@Injectable()
export class SaleCompletedHandler implements EventHandler<'dukan.sales.sale.completed.v1'> {
  readonly subject = 'dukan.sales.sale.completed.v1' as const;

  constructor(
    private readonly settings: LoyaltySettingsService,
    private readonly outbox: Outbox,
  ) {}

  /** A guest's sale earns nothing: no transaction for it. */
  appliesTo(event: EventOf<'dukan.sales.sale.completed.v1'>): boolean {
    return !!event.data.customerId;
  }

  async handle(event: EventOf<'dukan.sales.sale.completed.v1'>, m: EntityManager): Promise<void> {
    const d = event.data;
    if (!d.customerId) return; // a guest
    await chargeSale(m, d);
    const customer = await lockCustomer(m, d.customerId);
    if (!customer) {
      logger().warn({ saleId: d.saleId, customerId: d.customerId }, 'sale for a customer loyalty does not know; no points');
      return;
    }
    if (await one(m, `SELECT 1 FROM sale_points WHERE sale_id = $1`, [d.saleId])) return; // already settled under another event id
    const settings = await this.settings.current(m);
    const reservation = await one<{ id: string; points_to_award: number }>(
      m,
      `SELECT id, points_to_award FROM reservations WHERE sale_id = $1 FOR UPDATE`,
      [d.saleId],
    );
    const account = new PointsAccount(m, customer);

    // The sale gave the discount, so its points are spent; if its hold lapsed and they went elsewhere, the balance stops at 0.
    const redeemed = Math.min(Math.max(0, d.pointsRedeemed), customer.loyalty_points);
    await account.move('redeem', -redeemed, d.saleId, d.redemptionId);

    // With a reservation the till showed the quoted points; without one (loyalty was unreachable) they are worked out here.
    const awarded = reservation
      ? Math.max(0, d.pointsAwarded)
      : awardFor(d.totalCents, statusFor(customer.lifetime_points, settings), settings).points;
    await account.move('award', awarded, d.saleId);
    customer.lifetime_points += awarded;
    customer.total_spent_cents = Number(customer.total_spent_cents) + d.totalCents;
    customer.purchase_count += 1;
    const at = new Date(d.completedAt);
    if (!customer.last_purchase_at || new Date(customer.last_purchase_at) < at) customer.last_purchase_at = at;

    if (reservation) {
      await m.query(`UPDATE reservations SET status = 'consumed', settled_at = now() WHERE id = $1`, [reservation.id]);
    }
    await m.query(
      `INSERT INTO sale_points (sale_id, customer_id, total_cents, points_redeemed, points_awarded, completed_at) VALUES ($1, $2, $3, $4, $5, $6)`,
      [d.saleId, customer.id, d.totalCents, redeemed, awarded, d.completedAt],
    );
    await account.save(ctx(), this.outbox, settings);
  }
}

/** Shared by void and refund: give back redeemed points, take back awarded ones (never below a zero balance). */
async function undoSale(
  m: EntityManager,
  outbox: Outbox,
  settings: LoyaltySettingsService,
  saleId: string,
  customerId: string,
  refId: string,
  plan: (sp: SalePointsRow) => { undo: PointsUndo; refundedCents: number; spentBack: number; uncount: boolean; voided: boolean } | null,
): Promise<void> {
  const customer = await lockCustomer(m, customerId);
  if (!customer) return;
  const sp = await one<SalePointsRow>(m, `SELECT * FROM sale_points WHERE sale_id = $1 FOR UPDATE`, [saleId]);
  // Consumers of different subjects run independently: if the sale itself has not been applied yet, fail so the bus retries later.
  if (!sp) throw new Error(`sale ${saleId} not yet settled by loyalty; retry later`);
  if (sp.voided) return;
  const p = plan(sp);
  if (!p) return;
  const account = new PointsAccount(m, customer);
  await account.move('return', p.undo.returnPoints, saleId, refId);
  const taken = revokeFromBalance(customer.loyalty_points, p.undo.revokePoints);
  await account.move('revoke', -taken, saleId, refId);
  customer.lifetime_points -= p.undo.revokePoints;
  customer.total_spent_cents = Number(customer.total_spent_cents) - p.spentBack;
  if (p.uncount) customer.purchase_count -= 1;
  await m.query(
    `UPDATE sale_points SET refunded_cents = $2, points_returned = points_returned + $3, points_revoked = points_revoked + $4,
       counted = counted AND NOT $5, voided = $6 WHERE sale_id = $1`,
    [saleId, p.refundedCents, p.undo.returnPoints, p.undo.revokePoints, p.uncount, p.voided],
  );
  await account.save(ctx(), outbox, await settings.current(m));
}

/** A void undoes what is left of the sale: every redeemed point back, every awarded point taken back, the spending removed. */
@Injectable()
export class SaleVoidedHandler implements EventHandler<'dukan.sales.sale.voided.v1'> {
  readonly subject = 'dukan.sales.sale.voided.v1' as const;

  constructor(
    private readonly settings: LoyaltySettingsService,
    private readonly outbox: Outbox,
  ) {}

  async handle(event: EventOf<'dukan.sales.sale.voided.v1'>, m: EntityManager): Promise<void> {
    const d = event.data;
    if (!d.customerId) return;
    await voidOnAccount(m, d);
    await undoSale(m, this.outbox, this.settings, d.saleId, d.customerId, `void:${d.saleId}`, (sp) => {
      const state = stateOf(sp);
      return {
        undo: voidUndo(state),
        refundedCents: state.totalCents,
        spentBack: Math.max(0, state.totalCents - state.refundedCents),
        uncount: sp.counted,
        voided: true,
      };
    });
  }
}

/**
 * A refund moves points in proportion to the share of the sale refunded so far (see refundUndo); a refund that
 * leaves nothing of the sale also stops it counting as a purchase. Loyalty works the points out from what it
 * recorded for the sale; the event's pointsReturned/pointsRevoked are the till's display of the same rule.
 */
@Injectable()
export class SaleRefundedHandler implements EventHandler<'dukan.sales.sale.refunded.v1'> {
  readonly subject = 'dukan.sales.sale.refunded.v1' as const;

  constructor(
    private readonly settings: LoyaltySettingsService,
    private readonly outbox: Outbox,
  ) {}

  async handle(event: EventOf<'dukan.sales.sale.refunded.v1'>, m: EntityManager): Promise<void> {
    const d = event.data;
    if (!d.customerId) return;
    await returnToAccount(m, d);
    await undoSale(m, this.outbox, this.settings, d.saleId, d.customerId, d.refundId, (sp) => {
      const state = stateOf(sp);
      const amount = Math.min(Math.max(0, d.amountCents), Math.max(0, state.totalCents - state.refundedCents));
      const refundedCents = state.refundedCents + amount;
      const whole = d.fullyRefunded || (state.totalCents > 0 && refundedCents >= state.totalCents);
      return {
        undo: refundUndo(state, amount, d.fullyRefunded),
        refundedCents,
        spentBack: amount,
        uncount: whole && sp.counted,
        voided: false,
      };
    });
  }
}
