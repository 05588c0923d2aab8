import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@dukan/contracts';
import type { ServiceTestApp } from '@dukan/testing';
import { envelope, product, startReporting, user } from './fixtures.js';
import { completedEvent, line, madeSale, refundEvent, voidEvent } from './report-fixtures.js';

// The rollups are kept per branch: a report or the dashboard reads one branch (?branch=), or the chain, and
// voids, refunds, customers' purchases, paid expenses and stock fall in the branch they belong to.

const CASHIER = randomUUID();
const SUPERVISOR = randomUUID();
const CUSTOMER = randomUUID();
const TEA = randomUUID();
const COFFEE = randomUUID();
const DAY = '2026-03-10';
const at = (hour: number) => `${DAY}T${String(hour).padStart(2, '0')}:00:00Z`;
const inBranch = <E extends EventEnvelope>(branchId: string, e: E): E => ({ ...e, branchId });

describe('reports of one branch, of several, and of the chain', () => {
  let t: ServiceTestApp;
  const report = async (type: string, branch?: string, token = t.tokens.admin) => {
    const res = await t.get(`/api/reports/${type}?startDate=${DAY}&endDate=${DAY}${branch ? `&branch=${branch}` : ''}`, { token });
    if (res.status !== 200) throw new Error(`${type} ${branch}: ${res.status} ${res.text}`);
    return res.body.data;
  };

  beforeAll(async () => {
    t = await startReporting();
    const pub = (e: EventEnvelope) => t.bus.publish(e);
    await pub(envelope('dukan.identity.user.created.v1', user({ userId: CASHIER, firstName: 'Sara', lastName: 'Ahmed' })));
    await pub(
      envelope('dukan.identity.user.created.v1', user({ userId: SUPERVISOR, firstName: 'Karwan', lastName: 'Aziz', role: 'manager' })),
    );
    await pub(
      envelope('dukan.loyalty.customer.created.v1', {
        customerId: CUSTOMER,
        firstName: 'Shilan',
        lastName: 'Karim',
        phone: '07501234567',
        email: null,
        languagePreference: 'ku',
        loyaltyPoints: 0,
        totalSpentCents: 0,
        purchaseCount: 0,
        memberSince: '2026-01-01T00:00:00Z',
        version: 1,
      }),
    );
    // Tea and coffee are made in branch a (their opening stock there); branch b receives 3 teas and no coffee.
    await pub(inBranch('a', envelope('dukan.catalog.product.created.v1', product({ productId: TEA, quantity: 50, reorderLevel: 10 }))));
    await pub(inBranch('a', envelope('dukan.catalog.product.created.v1', product({ productId: COFFEE, quantity: 20, reorderLevel: 10 }))));
    await pub(
      envelope('dukan.catalog.stock.changed.v2', {
        branchId: 'b',
        reason: 'received',
        refType: null,
        refId: null,
        moves: [{ productId: TEA, delta: 3, quantityAfter: 3, unitCostCents: 300 }],
      }),
    );
    const inA = madeSale(at(9), CASHIER, CUSTOMER, [line(TEA, 2, 500, 300)]);
    const inB = madeSale(at(10), CASHIER, CUSTOMER, [line(COFFEE, 1, 1250, 700)]);
    const refundedInB = madeSale(at(11), CASHIER, null, [line(TEA, 1, 500, 300)]);
    const voidedInB = madeSale(at(12), CASHIER, null, [line(TEA, 1, 500, 300)]);
    inA.sale.branchId = 'a';
    for (const m of [inB, refundedInB, voidedInB]) m.sale.branchId = 'b';
    for (const m of [inA, inB, refundedInB, voidedInB]) await pub(inBranch(m.sale.branchId, completedEvent(m)));
    const refund = refundEvent(refundedInB, at(13), CASHIER, [{ lineIndex: 0, quantity: 1 }]);
    await pub(inBranch('b', { ...refund, data: { ...refund.data, branchId: 'b' } }));
    await pub(inBranch('b', voidEvent(voidedInB, at(14), SUPERVISOR)));
    // A paid expense of branch b; its approval is made by an admin acting in branch a, which does not move it.
    const expenseId = randomUUID();
    await pub(
      inBranch(
        'b',
        envelope(
          'dukan.expenses.expense.created.v1',
          {
            expenseId,
            expenseNumber: 'EXP-B1',
            title: 'Rent',
            description: null,
            category: 'utilities',
            amountMinor: 300,
            currency: 'USD',
            exchangeRate: 1450,
            amountInBaseCurrencyCents: 300,
            paymentMethod: 'cash',
            expenseDate: DAY,
            department: null,
            status: 'paid',
            createdBy: SUPERVISOR,
          },
          at(8),
        ),
      ),
    );
    await pub(
      inBranch(
        'a',
        envelope(
          'dukan.expenses.expense.updated.v1',
          {
            expenseId,
            expenseNumber: 'EXP-B1',
            title: 'Rent, March',
            description: null,
            category: 'utilities',
            amountMinor: 300,
            currency: 'USD',
            exchangeRate: 1450,
            amountInBaseCurrencyCents: 300,
            paymentMethod: 'cash',
            expenseDate: DAY,
            department: null,
            status: 'paid',
            createdBy: SUPERVISOR,
          },
          at(15),
        ),
      ),
    );
  }, 60_000);
  afterAll(() => t.close());

  it("sales: each branch its own, and the chain their sum; a refund and a void are taken off in their sale's branch", async () => {
    const [a, b, chain] = await Promise.all([report('sales', 'a'), report('sales', 'b'), report('sales', 'all')]);
    expect(a.summary).toMatchObject({ totalSales: 10, totalTransactions: 1, grossProfit: 4, expenses: 0 });
    expect(b.summary).toMatchObject({ totalSales: 12.5, totalTransactions: 1, grossProfit: 5.5, expenses: 3, netProfit: 2.5 });
    expect(chain.summary).toMatchObject({ totalSales: 22.5, totalTransactions: 2, grossProfit: 9.5, expenses: 3 });
    expect(await report('sales')).toMatchObject({ summary: chain.summary });
    expect(a.topProducts.map((p: { _id: string; quantity: number }) => [p._id, p.quantity])).toEqual([[TEA, 2]]);
    expect(b.topProducts.map((p: { _id: string; quantity: number }) => [p._id, p.quantity])).toEqual([
      [COFFEE, 1],
      [TEA, 0],
    ]);
    expect(chain.topProducts.map((p: { _id: string; quantity: number }) => [p._id, p.quantity])).toEqual([
      [COFFEE, 1],
      [TEA, 2],
    ]);
  });

  it('staff: sales, refunds and voids counted in the branch of the sale', async () => {
    const person = (r: { staffSales: { _id: string }[]; staffActivity: { _id: string }[] }, id: string) => ({
      ...r.staffSales.find((p) => p._id === id),
      ...r.staffActivity.find((p) => p._id === id),
    });
    const [a, b, chain] = await Promise.all([report('staff', 'a'), report('staff', 'b'), report('staff')]);
    expect(person(a, CASHIER)).toMatchObject({ totalSales: 10, transactionCount: 1, refunds: 0, daysWorked: 1 });
    expect(person(b, CASHIER)).toMatchObject({ totalSales: 12.5, transactionCount: 1, refunds: 1, refundedAmount: 5 });
    expect(person(b, SUPERVISOR)).toMatchObject({ voids: 1 });
    expect(person(a, SUPERVISOR)).toMatchObject({ voids: 0 });
    expect(person(chain, CASHIER)).toMatchObject({ totalSales: 22.5, transactionCount: 2, refunds: 1, daysWorked: 1 });
    expect(b.staffExpenses.map((e: { expenseNumber: string }) => e.expenseNumber)).toEqual(['EXP-B1']);
    expect(a.staffExpenses).toEqual([]);
  });

  it("customers: a customer's purchases in each branch, and in the chain together", async () => {
    const top = async (branch: string) =>
      (await report('customers', branch)).topCustomers.map((c: { _id: string; totalSpent: number; purchaseCount: number }) => [
        c._id,
        c.totalSpent,
        c.purchaseCount,
      ]);
    expect(await top('a')).toEqual([[CUSTOMER, 10, 1]]);
    expect(await top('b')).toEqual([[CUSTOMER, 12.5, 1]]);
    expect(await top('all')).toEqual([[CUSTOMER, 22.5, 2]]);
  });

  it('inventory and the low-stock card: the stock of the branch shown', async () => {
    const stock = async (branch: string) => {
      const r = await report('inventory', branch);
      return { units: r.summary.totalQuantity, low: r.lowStockItems.map((p: { _id: string }) => p._id).sort() };
    };
    // Stock comes from catalog's events only (no sale's stock move was published here): a holds 50 + 20, b 3 teas.
    expect(await stock('a')).toEqual({ units: 70, low: [] });
    expect(await stock('b')).toEqual({ units: 3, low: [COFFEE, TEA].sort() });
    expect(await stock('all')).toEqual({ units: 73, low: [] });
    const low = async (branch?: string) =>
      (await t.get(`/api/dashboard${branch ? `?branch=${branch}` : ''}`, { token: t.tokens.admin })).body.data.lowStock;
    expect([await low('a'), await low('b'), await low()]).toEqual([0, 2, 0]);
  });

  it('the dashboard shows the branch asked for: its sales of today and its latest sales', async () => {
    const today = madeSale(new Date().toISOString(), CASHIER, null, [line(TEA, 1, 700, 300)]);
    today.sale.branchId = 'b';
    await t.bus.publish(inBranch('b', completedEvent(today)));
    const dash = async (branch?: string) =>
      (await t.get(`/api/dashboard${branch ? `?branch=${branch}` : ''}`, { token: t.tokens.admin })).body.data;
    expect((await dash('b')).todaySales).toBe(7);
    expect((await dash('a')).todaySales).toBe(0);
    expect((await dash('a')).recentTransactions).toHaveLength(1);
    expect((await dash()).todaySales).toBe(7);
  });

  it("the staff of a branch: its active-user card and the staff report's idle staff count those who work there", async () => {
    const [inA, inB, admin, older] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const pub = (e: EventEnvelope) => t.bus.publish(e);
    await pub(envelope('dukan.identity.user.created.v1', user({ userId: inA, homeBranch: 'a', branches: ['a'] })));
    await pub(envelope('dukan.identity.user.created.v1', user({ userId: inB, homeBranch: 'b', branches: null })));
    await pub(envelope('dukan.identity.user.created.v1', user({ userId: admin, role: 'admin', homeBranch: null, branches: null })));
    // An event from before identity announced branches: counted in every branch, as before.
    await pub(envelope('dukan.identity.user.created.v1', user({ userId: older })));
    const active = async (branch?: string) =>
      (await t.get(`/api/dashboard${branch ? `?branch=${branch}` : ''}`, { token: t.tokens.admin })).body.data.activeUsers as number;
    const idle = async (branch: string) => (await report('staff', branch)).staffSales.map((p: { _id: string }) => p._id) as string[];
    const [chain, a, b] = [await active(), await active('a'), await active('b')];
    expect([chain - a, chain - b]).toEqual([1, 1]); // B's cashier is not A's, A's is not B's
    expect(await idle('a')).toEqual(expect.arrayContaining([inA, admin, older]));
    expect(await idle('a')).not.toContain(inB);
    expect(await idle('b')).toEqual(expect.arrayContaining([inB, admin, older]));
    expect(await idle('b')).not.toContain(inA);
    // B's cashier moves to A: A counts one more, B one fewer.
    await pub(envelope('dukan.identity.user.updated.v1', user({ userId: inB, homeBranch: 'a', branches: ['a'] })));
    expect([await active('a'), await active('b')]).toEqual([a + 1, b - 1]);
    expect(await idle('b')).not.toContain(inB);
  });

  it('refuses a branch the user may not read, in both languages', async () => {
    const managerOfA = t.tokenFor({ role: 'manager', homeBranch: 'a', branches: ['a'] });
    expect((await report('sales', undefined, managerOfA)).summary.totalSales).toBe(10);
    const refused = await t.get(`/api/reports/sales?branch=b`, { token: managerOfA });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'FORBIDDEN', message: 'You may not work in this branch' });
    const ku = await t.get(`/api/dashboard?branch=b`, { token: managerOfA, headers: { 'accept-language': 'ku' } });
    expect(ku.status).toBe(403);
    expect(ku.body.message).toBe('ڕێگەت پێنەدراوە لەم لقەدا کار بکەیت');
  });
});
