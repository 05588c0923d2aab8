// One small shop's March, published as its services would publish it; shared by the report and export tests.
import { randomUUID } from 'node:crypto';
import { TEST_USERS, type ServiceTestApp } from '@dukan/testing';
import { envelope, product, user } from './fixtures.js';
import { completedEvent, line, madeSale, refundEvent, voidEvent, type MadeSale } from './report-fixtures.js';

export const A = randomUUID(); // cashier Sara
export const B = randomUUID(); // cashier Karwan
export const ADMIN = TEST_USERS.admin.id;
export const P1 = randomUUID();
export const P2 = randomUUID();
export const P3 = randomUUID();
export const C1 = randomUUID();
export const C2 = randomUUID();
export const C3 = randomUUID();
export const CATEGORY = randomUUID();

export async function publishShop(t: ServiceTestApp): Promise<MadeSale[]> {
  const pub = (e: Parameters<ServiceTestApp['bus']['publish']>[0]) => t.bus.publish(e);
  await pub(
    envelope(
      'dukan.settings.settings.changed.v1',
      {
        exchangeRate: 1500,
        userExchangeRates: { [TEST_USERS.manager.id]: 1300 },
        storeName: 'Dukan Test Shop',
        defaultLanguage: 'en',
        timeZone: 'Asia/Baghdad',
        iqdCashRounding: 250,
        taxRateBasisPoints: 0,
        branches: [{ id: 'main', name: 'Main', registers: ['main'] }],
        changed: ['storeName'],
      },
      '2026-01-01T00:00:00Z',
    ),
  );
  await pub(envelope('dukan.identity.user.created.v1', user({ userId: A, firstName: 'Sara', lastName: 'Ahmed', role: 'cashier' })));
  await pub(envelope('dukan.identity.user.created.v1', user({ userId: B, firstName: 'Karwan', lastName: 'Aziz', role: 'manager' })));
  await pub(
    envelope('dukan.catalog.category.created.v1', {
      categoryId: CATEGORY,
      name: { en: 'Drinks', ku: 'خواردنەوە' },
      parentId: null,
      active: true,
      imageUrl: null,
      version: 1,
    }),
  );
  await pub(
    envelope(
      'dukan.catalog.product.created.v1',
      product({
        productId: P1,
        sku: 'TEA-1',
        name: { en: 'Tea', ku: 'چا' },
        categoryId: CATEGORY,
        priceCents: 500,
        costCents: 300,
        quantity: 50,
        reorderLevel: 10,
      }),
    ),
  );
  await pub(
    envelope(
      'dukan.catalog.product.created.v1',
      product({
        productId: P2,
        sku: '=HACK()',
        name: { en: 'Coffee, dark', ku: 'قاوە' },
        categoryId: CATEGORY,
        priceCents: 1250,
        costCents: 700,
        quantity: 5,
        reorderLevel: 10,
      }),
    ),
  );
  await pub(
    envelope(
      'dukan.catalog.product.created.v1',
      product({
        productId: P3,
        sku: 'SUGAR',
        name: { en: 'Sugar', ku: 'شەکر' },
        categoryId: null,
        priceCents: 200,
        costCents: 50,
        quantity: 0,
        reorderLevel: 2,
      }),
    ),
  );
  const customer = (customerId: string, firstName: string, memberSince: string, loyaltyPoints: number) =>
    pub(
      envelope('dukan.loyalty.customer.created.v1', {
        customerId,
        firstName,
        lastName: 'Karim',
        phone: `0750${customerId.slice(0, 7)}`,
        email: null,
        languagePreference: 'ku',
        loyaltyPoints,
        totalSpentCents: 0,
        purchaseCount: 0,
        memberSince,
        version: 1,
      }),
    );
  await customer(C1, 'Shilan', '2026-03-01T10:00:00Z', 120);
  await customer(C2, 'Hawre', '2026-03-11T20:30:00Z', 0); // 23:30 in Baghdad: 11 March
  await customer(C3, 'Dara', '2026-03-11T21:30:00Z', 1500); // 00:30 in Baghdad: 12 March

  const s1 = madeSale('2026-03-10T20:59:00Z', A, C1, [line(P1, 2, 500, 300), line(P2, 1, 1250, 700)]); // 23:59, 10 March
  const s2 = madeSale('2026-03-10T21:01:00Z', A, C1, [line(P3, 3, 200, 50)]); // 00:01, 11 March
  const s3 = madeSale('2026-03-10T06:00:00Z', B, null, [line(P2, 2, 1250, 700)]);
  const s4 = madeSale('2026-03-11T09:00:00Z', B, C2, [line(P1, 4, 500, 300)], 200);
  const s5 = madeSale('2026-03-11T12:00:00Z', A, C2, [line(P2, 1, 1250, 700)]);
  const s6 = madeSale('2026-03-09T10:00:00Z', B, null, [line(P3, 1, 200, 50)]);
  const s7 = madeSale('2026-03-09T08:00:00Z', A, C1, [line(P1, 1, 500, 300)]);
  const s8 = madeSale('2026-03-09T15:30:00Z', A, null, [line(P3, 2, 200, 50)]);
  for (const s of [s1, s2, s3, s4, s5, s7, s8]) await pub(completedEvent(s));
  await pub(voidEvent(s3, '2026-03-12T08:00:00Z', ADMIN));
  await pub(refundEvent(s4, '2026-03-12T10:00:00Z', B, [{ lineIndex: 0, quantity: 1 }]));
  await pub(refundEvent(s5, '2026-03-12T11:00:00Z', A, [{ lineIndex: 0, quantity: 1 }]));
  // A void that overtakes its sale: the sale counts on its day, the void on its own; the late completion changes nothing.
  await pub(voidEvent(s6, '2026-03-09T11:00:00Z', ADMIN));
  await pub(completedEvent(s6));

  const expense = (expenseId: string, expenseNumber: string, title: string, expenseDate: string, cents: number, createdBy: string) =>
    pub(
      envelope(
        'dukan.expenses.expense.created.v1',
        {
          expenseId,
          expenseNumber,
          title,
          description: `${title} for the shop`,
          category: 'utilities',
          amountMinor: cents,
          currency: 'USD',
          exchangeRate: 1450,
          amountInBaseCurrencyCents: cents,
          paymentMethod: 'cash',
          expenseDate,
          department: null,
          status: 'pending',
          createdBy,
        },
        `${expenseDate}T08:00:00Z`,
      ),
    );
  const move = (expenseId: string, expenseNumber: string, from: string, to: string, cents: number, at: string) =>
    pub(
      envelope(
        'dukan.expenses.expense.status-changed.v1',
        { expenseId, expenseNumber, from, to, reason: null, changedBy: ADMIN, amountInBaseCurrencyCents: cents },
        at,
      ),
    );
  const e1 = randomUUID();
  const e3 = randomUUID();
  await expense(e1, 'EXP-1', 'Electricity', '2026-03-11', 4000, A);
  await move(e1, 'EXP-1', 'pending', 'approved', 4000, '2026-03-11T09:00:00Z');
  await move(e1, 'EXP-1', 'approved', 'paid', 4000, '2026-03-11T10:00:00Z');
  await expense(randomUUID(), 'EXP-2', 'Water', '2026-03-12', 1500, B);
  await expense(e3, 'EXP-3', 'Rent', '2026-02-15', 90000, A);
  await move(e3, 'EXP-3', 'pending', 'approved', 90000, '2026-02-15T09:00:00Z');
  await move(e3, 'EXP-3', 'approved', 'paid', 90000, '2026-02-15T10:00:00Z');
  return [s1, s2, s3, s4, s5, s6, s7, s8];
}
