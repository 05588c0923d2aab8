import { randomUUID } from 'node:crypto';
import { eventually } from '@dukan/testing';
import { cashSale, inBranch, openChainWithTea, SHAPES, type Shop } from './chain-shop.js';

// A chain of three branches (main, b, c), in both shapes: a product priced apart in B is shown and sold at
// B's price by B's cashier and at its own price elsewhere; stock sent from main to B moves exactly once however
// often the send and the receipt are repeated, and a transfer cancelled on the way puts it back once.

describe.each(SHAPES)("a chain's prices and transfers (%s)", (_shape, start) => {
  let c: Shop;
  let productId = '';
  let cashierB = '';
  let manager = '';
  const stockIn = async (branch: string) =>
    (await c.get(`/api/products/${productId}`, inBranch(c.adminToken, branch))).body.quantity as number;
  const tillPrice = async (token: string, branch?: string) =>
    ((await c.get('/api/products?active=true&view=till', inBranch(token, branch))).body as { _id: string; price: number }[]).find(
      (p) => p._id === productId,
    )?.price;
  const sale = (unitPrice: number) => cashSale({ id: productId, sku: 'TEA-CHAIN' }, unitPrice, 2, 10);

  beforeAll(async () => {
    c = await start();
    productId = await openChainWithTea(c, 'TEA-CHAIN', '6260000000788');
    const users = [
      { username: 'cashier-chain-b', role: 'cashier', homeBranch: 'b', branches: ['b'] },
      { username: 'manager-chain', role: 'manager', homeBranch: 'main', branches: ['main', 'b'] },
    ];
    for (const u of users) {
      const made = await c.post(
        '/api/auth/register',
        { ...u, firstName: 'Chain', lastName: 'User', email: `${u.username}@shop.iq`, password: 'secret1' },
        { token: c.adminToken },
      );
      expect(made.status).toBe(201);
    }
    cashierB = await c.login('cashier-chain-b', 'secret1');
    manager = await c.login('manager-chain', 'secret1');
  }, 120_000);
  afterAll(() => c.close());

  it("a cashier in B sees B's price and sells at it; main and C keep the product's own price", async () => {
    const set = await c.put(`/api/products/${productId}/branch-prices/b`, { price: 2.5 }, inBranch(manager, 'main'));
    expect(set.status).toBe(200);
    expect(await tillPrice(cashierB)).toBe(2.5);
    expect(await tillPrice(c.adminToken, 'main')).toBe(2);
    expect(await tillPrice(c.adminToken, 'c')).toBe(2);
    // Sales learns B's price from catalog's event; from then on B's sale is priced at it.
    const sold = await eventually(async () => {
      const r = await c.post('/api/transactions', sale(2.5), inBranch(cashierB, undefined, { 'idempotency-key': randomUUID() }));
      return r.status === 201 && r;
    });
    expect(sold.body.data).toMatchObject({ branchId: 'b', total: 5 });
    expect(sold.body.data.items[0]).toMatchObject({ unitPrice: 2.5 });
    // At main the product's own price stands, and B's is refused there.
    expect((await c.post('/api/transactions', sale(2.5), inBranch(c.adminToken, 'main'))).status).toBe(422);
    expect((await c.post('/api/transactions', sale(2), inBranch(c.adminToken, 'main'))).body.data.total).toBe(4);
    // A cashier may not change prices, nor a manager in a branch that is not theirs.
    expect((await c.put(`/api/products/${productId}/branch-prices/b`, { price: 1 }, inBranch(cashierB))).status).toBe(403);
    expect((await c.put(`/api/products/${productId}/branch-prices/c`, { price: 1 }, inBranch(manager, 'main'))).status).toBe(403);
    // A branch settings does not know is refused, in a price as in a transfer.
    const unknown = await c.put(`/api/products/${productId}/branch-prices/nowhere`, { price: 1 }, inBranch(c.adminToken));
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.branchId.message).toBe('There is no such branch');
    const lost = await c.post(
      '/api/products/transfers',
      { toBranch: 'nowhere', lines: [{ product: productId, quantity: 1 }] },
      inBranch(manager, 'main'),
    );
    expect(lost.status).toBe(400);
    expect(lost.body.errors.toBranch.message).toBe('There is no such branch');
  });

  it('a transfer from main to B sent twice with the same key and received twice moves the stock exactly once', async () => {
    // The two teas sold in each of B and main above.
    await eventually(async () => (await stockIn('b')) === -2 && (await stockIn('main')) === 8);
    const key = randomUUID();
    const body = { toBranch: 'b', lines: [{ product: productId, quantity: 4 }] };
    const sends = await Promise.all(
      [1, 2].map(() => c.post('/api/products/transfers', body, inBranch(manager, 'main', { 'idempotency-key': key }))),
    );
    const again = await c.post('/api/products/transfers', body, inBranch(manager, 'main', { 'idempotency-key': key }));
    expect([...sends, again].map((s) => s.status)).toEqual([201, 201, 201]);
    expect(new Set([...sends, again].map((s) => s.body.data._id)).size).toBe(1);
    const id = again.body.data._id as string;
    expect(await stockIn('main')).toBe(4);
    const listed = await c.get('/api/products/transfers?state=in_transit', inBranch(manager, 'b'));
    expect(listed.body.data.map((x: { _id: string }) => x._id)).toEqual([id]);

    const receipts = await Promise.all([1, 2].map(() => c.post(`/api/products/transfers/${id}/receive`, {}, inBranch(manager, 'b'))));
    expect(receipts.map((r) => r.status)).toEqual([200, 200]);
    expect(receipts.map((r) => r.body.data.state)).toEqual(['received', 'received']);
    expect(await stockIn('b')).toBe(2);
    expect(await stockIn('main')).toBe(4);
    expect(await stockIn('c')).toBe(0);
    // The cashier of B may not receive (no products edit), and main may not receive what was sent to B.
    expect((await c.post(`/api/products/transfers/${id}/receive`, {}, inBranch(cashierB))).status).toBe(403);
    expect((await c.post(`/api/products/transfers/${id}/receive`, {}, inBranch(manager, 'main'))).status).toBe(403);
  });

  it('a transfer cancelled by main on its way to B puts the stock back in main once; B can then not receive it', async () => {
    const before = await stockIn('main');
    const sent = await c.post(
      '/api/products/transfers',
      { toBranch: 'b', lines: [{ product: productId, quantity: 3 }] },
      inBranch(manager, 'main'),
    );
    const id = sent.body.data._id as string;
    expect(await stockIn('main')).toBe(before - 3);
    const fromB = await c.post(`/api/products/transfers/${id}/cancel`, {}, inBranch(manager, 'b'));
    expect(fromB.status).toBe(403);
    expect(fromB.body.message).toBe('Only the branch that sent this transfer can cancel it');
    const cancels = await Promise.all([1, 2].map(() => c.post(`/api/products/transfers/${id}/cancel`, {}, inBranch(manager, 'main'))));
    expect(cancels.map((r) => [r.status, r.body.data.state])).toEqual([
      [200, 'cancelled'],
      [200, 'cancelled'],
    ]);
    expect(await stockIn('main')).toBe(before);
    const late = await c.post(`/api/products/transfers/${id}/receive`, {}, inBranch(manager, 'b'));
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('This transfer was cancelled: its stock went back to the branch that sent it');
    expect(await stockIn('b')).toBe(2);
  });
});
