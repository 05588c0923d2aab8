import { randomUUID } from 'node:crypto';
import type { EventOf, EventSubject, ProductEventData, SaleEventData, UserEventData } from '@dukan/contracts';
import { startServiceApp, type ServiceTestApp } from '@dukan/testing';
import { ReportingModule, loadReportingConfig } from '@dukan/reporting';

export function startReporting(env: Record<string, string> = {}): Promise<ServiceTestApp> {
  return startServiceApp({ service: 'reporting', module: (e) => ReportingModule.register(loadReportingConfig({ ...e, ...env })) });
}

export const HOUR = 3_600_000;
export const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

export function envelope<S extends EventSubject>(type: S, data: unknown, occurredAt = new Date().toISOString()): EventOf<S> {
  return { id: randomUUID(), type, occurredAt, branchId: 'main', actorId: null, data } as EventOf<S>;
}

let invoice = 1000;
export function sale(totalCents: number, completedAt = new Date().toISOString(), over: Partial<SaleEventData> = {}): SaleEventData {
  invoice += 1;
  return {
    saleId: randomUUID(),
    invoiceNumber: `INV-${invoice}`,
    register: 'main',
    branchId: 'main',
    cashierId: randomUUID(),
    customerId: null,
    currency: 'USD',
    exchangeRate: 1450,
    lines: [
      {
        lineId: randomUUID(),
        productId: randomUUID(),
        sku: 'SKU-1',
        name: { en: 'Tea', ku: 'چا' },
        quantity: 1,
        unitPriceCents: totalCents,
        unitCostCents: 10,
        discountCents: 0,
        subtotalCents: totalCents,
      },
    ],
    subtotalCents: totalCents,
    discountCents: 0,
    loyaltyDiscountCents: 0,
    taxRateBasisPoints: 0,
    taxCents: 0,
    totalCents,
    pointsRedeemed: 0,
    redemptionId: null,
    pointsAwarded: 0,
    paymentMethod: 'cash',
    tenderedMinor: totalCents,
    changeMinor: 0,
    completedAt,
    ...over,
  };
}

export const completed = (d: SaleEventData) => envelope('dukan.sales.sale.completed.v1', d, d.completedAt);
export const voided = (d: SaleEventData) =>
  envelope('dukan.sales.sale.voided.v1', { ...d, voidedAt: new Date().toISOString(), voidedBy: randomUUID(), reason: null });
export const refunded = (d: SaleEventData, amountCents: number, fullyRefunded = false) =>
  envelope('dukan.sales.sale.refunded.v1', {
    saleId: d.saleId,
    refundId: randomUUID(),
    invoiceNumber: d.invoiceNumber,
    register: d.register,
    branchId: d.branchId,
    cashierId: d.cashierId,
    customerId: d.customerId,
    currency: d.currency,
    exchangeRate: d.exchangeRate,
    lines: [],
    amountCents,
    pointsReturned: 0,
    pointsRevoked: 0,
    fullyRefunded,
    reason: null,
    refundedAt: new Date().toISOString(),
  });

export function product(over: Partial<ProductEventData> = {}): ProductEventData {
  return {
    productId: randomUUID(),
    sku: `SKU-${randomUUID().slice(0, 8)}`,
    barcode: null,
    name: { en: 'Rice', ku: 'برنج' },
    categoryId: null,
    priceCents: 500,
    costCents: 300,
    discountPercent: 0,
    active: true,
    reorderLevel: 10,
    quantity: 50,
    version: 1,
    ...over,
  };
}

export function user(over: Partial<UserEventData> = {}): UserEventData {
  return {
    userId: randomUUID(),
    username: `u${randomUUID().slice(0, 6)}`,
    firstName: 'Sara',
    lastName: 'Ahmed',
    email: 'sara@example.com',
    role: 'cashier',
    active: true,
    tokenVersion: 1,
    languagePreference: 'en',
    permissions: null,
    ...over,
  };
}

export async function dashboard(t: ServiceTestApp, token = t.tokens.cashier) {
  const res = await t.get('/api/dashboard', { token });
  if (res.status !== 200) throw new Error(`dashboard: ${res.status} ${res.text}`);
  return res.body.data;
}
