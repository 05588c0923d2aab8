import { randomUUID } from 'node:crypto';
import type { EventOf, EventSubject, SaleEventData, SaleRefundedData } from '@dukan/contracts';
import { startServiceApp, type ServiceTestApp } from '@dukan/testing';
import { LoyaltyModule, loadLoyaltyConfig } from '@dukan/loyalty';

export function startLoyalty(env: Record<string, string> = {}): Promise<ServiceTestApp> {
  return startServiceApp({ service: 'loyalty', module: (e) => LoyaltyModule.register(loadLoyaltyConfig({ ...e, ...env })) });
}

let phoneSeq = 0;
/** A fresh valid phone number per call, so customers never clash. */
export function phone(): string {
  phoneSeq += 1;
  return `+964 770${String(Date.now() % 10_000).padStart(4, '0')}${String(phoneSeq).padStart(3, '0')}`;
}

export async function createCustomer(t: ServiceTestApp, over: Record<string, unknown> = {}): Promise<{ _id: string; [k: string]: any }> {
  const res = await t.post('/api/customers', { firstName: 'Ava', lastName: 'Karim', phone: phone(), ...over }, { token: t.tokens.admin });
  if (res.status !== 201) throw new Error(`create customer: ${res.status} ${res.text}`);
  return res.body;
}

export async function setSettings(t: ServiceTestApp, over: Record<string, unknown> = {}): Promise<void> {
  const res = await t.put(
    '/api/loyalty/settings',
    {
      enabled: true,
      pointsPerDollar: 1,
      redemptionRate: 0.01,
      minimumPoints: 0,
      minimumRedemption: 1,
      maximumRedemptionValue: 0,
      statusTiers: { silver: 1000, gold: 5000, platinum: 10000 },
      statusMultipliers: { standard: 1, silver: 1.5, gold: 2, platinum: 3 },
      tiers: [],
      ...over,
    },
    { token: t.tokens.admin },
  );
  if (res.status !== 200) throw new Error(`settings: ${res.status} ${res.text}`);
}

export function reserve(t: ServiceTestApp, saleId: string, body: Record<string, unknown>) {
  return t.post(`/internal/loyalty/sales/${saleId}/reserve`, body, { headers: { 'x-dukan-internal': t.internalToken } });
}

export function envelope<S extends EventSubject>(type: S, data: unknown, occurredAt = new Date().toISOString()): EventOf<S> {
  return { id: randomUUID(), type, occurredAt, branchId: 'main', actorId: null, data } as EventOf<S>;
}

export function saleData(over: Partial<SaleEventData> = {}): SaleEventData {
  const saleId = over.saleId ?? randomUUID();
  return {
    saleId,
    invoiceNumber: `INV-${Date.now()}`,
    register: 'main',
    branchId: 'main',
    cashierId: '00000000-0000-4000-8000-000000000003',
    customerId: null,
    currency: 'USD',
    exchangeRate: 1450,
    lines: [],
    subtotalCents: over.totalCents ?? 0,
    discountCents: 0,
    loyaltyDiscountCents: 0,
    taxRateBasisPoints: 0,
    taxCents: 0,
    totalCents: 0,
    pointsRedeemed: 0,
    redemptionId: null,
    pointsAwarded: 0,
    paymentMethod: 'cash',
    tenderedMinor: over.totalCents ?? 0,
    changeMinor: 0,
    completedAt: new Date().toISOString(),
    ...over,
  };
}

export function completed(data: SaleEventData) {
  return envelope('dukan.sales.sale.completed.v1', data);
}

export function voided(data: SaleEventData) {
  return envelope('dukan.sales.sale.voided.v1', {
    ...data,
    voidedAt: new Date().toISOString(),
    voidedBy: '00000000-0000-4000-8000-000000000001',
    reason: null,
  });
}

export function refunded(sale: SaleEventData, amountCents: number, fullyRefunded = false, over: Partial<SaleRefundedData> = {}) {
  const data: SaleRefundedData = {
    saleId: sale.saleId,
    refundId: randomUUID(),
    invoiceNumber: sale.invoiceNumber,
    register: sale.register,
    branchId: sale.branchId,
    cashierId: sale.cashierId,
    customerId: sale.customerId,
    currency: sale.currency,
    exchangeRate: sale.exchangeRate,
    lines: [],
    amountCents,
    pointsReturned: 0,
    pointsRevoked: 0,
    fullyRefunded,
    reason: null,
    refundedAt: new Date().toISOString(),
    ...over,
  };
  return envelope('dukan.sales.sale.refunded.v1', data);
}

/** The customer's balance as the ledger says, and as the customer row says. */
export async function balances(t: ServiceTestApp, customerId: string): Promise<{ ledger: number; row: number }> {
  const [l] = await t
    .dataSource()
    .query(`SELECT coalesce(sum(points), 0)::int AS s FROM points_ledger WHERE customer_id = $1`, [customerId]);
  const [c] = await t.dataSource().query(`SELECT loyalty_points FROM customers WHERE id = $1`, [customerId]);
  return { ledger: l.s, row: c.loyalty_points };
}

/** Gives a customer points the way a shop does: a sale that earns them (1 point per dollar at the test settings). */
export async function earn(t: ServiceTestApp, customerId: string, points: number): Promise<void> {
  await t.bus.publish(completed(saleData({ customerId, totalCents: points * 100 })));
}
