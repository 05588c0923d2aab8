import { randomUUID } from 'node:crypto';
import type { ServiceTestApp } from '@dukan/testing';
import { productBody, startCatalog } from './helpers.js';

// Stock sent from one branch to another: it leaves the sender at once ('in transit'), arrives in the receiver
// as counted (a cost batch there at the sender's average cost; a shortfall recorded), each step exactly once.

let t: ServiceTestApp;
let categoryId: string;
const managerAB = () => t.tokenFor({ role: 'manager', homeBranch: 'a', branches: ['a', 'b'] });
const inBranch = (token: string, branch: string, extra: Record<string, string> = {}) => ({
  token,
  headers: { 'x-dukan-branch': branch, ...extra },
});
const stock = async (id: string, branch: string) =>
  (await t.get(`/api/products/${id}`, inBranch(t.tokens.admin, branch))).body.quantity as number;

/** A product with `quantity` in branch a, received at 1.25 then 2.25 a unit (average 1.75). */
async function productInA(quantity: number): Promise<string> {
  const made = await t.post(
    '/api/products',
    productBody(categoryId, { quantity: quantity / 2, cost: 1.25 }),
    inBranch(t.tokens.admin, 'a'),
  );
  expect(made.status).toBe(201);
  expect(
    (await t.patch(`/api/products/${made.body._id}/quantity`, { quantity: quantity / 2, cost: 2.25 }, inBranch(t.tokens.admin, 'a')))
      .status,
  ).toBe(200);
  return made.body._id;
}

beforeAll(async () => {
  t = await startCatalog();
  categoryId = (await t.post('/api/categories', { name: { en: 'Rice', ku: 'برنج' } }, { token: t.tokens.admin })).body._id;
});
afterAll(() => t.close());

it('sends once however often the same request is repeated, and refuses the key for another transfer', async () => {
  const p = await productInA(10);
  const key = randomUUID();
  const body = { toBranch: 'b', lines: [{ product: p, quantity: 4 }], note: 'Weekly top-up' };
  const sends = await Promise.all(
    [1, 2, 3].map(() => t.post('/api/products/transfers', body, inBranch(managerAB(), 'a', { 'idempotency-key': key }))),
  );
  expect(sends.map((s) => s.status)).toEqual([201, 201, 201]);
  expect(new Set(sends.map((s) => s.body.data._id)).size).toBe(1);
  const again = await t.post('/api/products/transfers', body, inBranch(managerAB(), 'a', { 'idempotency-key': key }));
  expect(again.headers.get('idempotent-replayed')).toBe('true');
  expect(again.body.data).toMatchObject({
    _id: sends[0]!.body.data._id,
    number: expect.stringMatching(/^TR-\d{6}$/),
    fromBranch: 'a',
    toBranch: 'b',
    state: 'in_transit',
    note: 'Weekly top-up',
    lines: [{ productId: p, sent: 4, received: null, unitCost: 1.75 }],
    receivedAt: null,
  });
  expect(await stock(p, 'a')).toBe(6);
  expect(await stock(p, 'b')).toBe(0);
  const moves = (await t.get(`/api/products/${p}/stock-movements`, inBranch(t.tokens.admin, 'a'))).body;
  expect(moves.filter((m: { reason: string }) => m.reason === 'transferred')).toMatchObject([
    { delta: -4, quantityAfter: 6, refType: 'transfer' },
  ]);
  const reused = await t.post(
    '/api/products/transfers',
    { ...body, lines: [{ product: p, quantity: 5 }] },
    inBranch(managerAB(), 'a', { 'idempotency-key': key }),
  );
  expect(reused.status).toBe(422);
  expect(reused.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
  const [{ n }] = await t
    .dataSource()
    .query(`SELECT count(*)::int AS n FROM outbox WHERE type = 'dukan.catalog.transfer.sent.v1' AND data->>'transferId' = $1`, [
      sends[0]!.body.data._id,
    ]);
  expect(n).toBe(1);
});

it("receives in the branch it was sent to: a short receipt, a cost batch there at the sender's cost, once", async () => {
  const p = await productInA(10);
  const sent = await t.post('/api/products/transfers', { toBranch: 'b', lines: [{ product: p, quantity: 4 }] }, inBranch(managerAB(), 'a'));
  const id = sent.body.data._id as string;
  // Not from the sending branch, and not by someone who cannot edit products.
  const wrong = await t.post(`/api/products/transfers/${id}/receive`, {}, inBranch(managerAB(), 'a'));
  expect(wrong.status).toBe(403);
  expect(wrong.body.message).toBe('Only the branch it was sent to can receive this transfer');
  expect((await t.post(`/api/products/transfers/${id}/receive`, {}, inBranch(t.tokens.cashier, 'main'))).status).toBe(403);

  const counts = { lines: [{ product: p, quantity: 3 }], note: 'One bag torn' };
  const received = await t.post(`/api/products/transfers/${id}/receive`, counts, inBranch(managerAB(), 'b'));
  expect(received.status).toBe(200);
  expect(received.body.data).toMatchObject({
    state: 'short',
    receiveNote: 'One bag torn',
    lines: [{ sent: 4, received: 3, unitCost: 1.75 }],
    receivedAt: expect.any(String),
  });
  const repeat = await t.post(`/api/products/transfers/${id}/receive`, counts, inBranch(managerAB(), 'b'));
  expect(repeat.status).toBe(200);
  expect(repeat.body.data.state).toBe('short');
  const other = await t.post(`/api/products/transfers/${id}/receive`, {}, inBranch(managerAB(), 'b'));
  expect(other.status).toBe(409);
  expect(other.body.message).toBe('This transfer was already received with other counts');

  expect(await stock(p, 'a')).toBe(6);
  expect(await stock(p, 'b')).toBe(3);
  const batches = await t
    .dataSource()
    .query(`SELECT quantity, unit_cost_cents FROM cost_batches WHERE product_id = $1 AND branch_id = 'b'`, [p]);
  expect(batches).toEqual([{ quantity: 3, unit_cost_cents: 175 }]);
  const movesB = (await t.get(`/api/products/${p}/stock-movements`, inBranch(t.tokens.admin, 'b'))).body;
  expect(movesB).toMatchObject([{ delta: 3, quantityAfter: 3, reason: 'transferred', refId: id, unitCost: 1.75 }]);
  // Moving units between branches leaves the product's average cost as it was.
  expect((await t.get(`/api/products/${p}`, inBranch(t.tokens.admin, 'b'))).body.cost).toBe(1.75);
});

it("refuses a transfer to its own branch, more than the branch holds, and a product twice, in the reader's language", async () => {
  const p = await productInA(4);
  const send = (body: unknown, language = 'en') =>
    t.post('/api/products/transfers', body, inBranch(managerAB(), 'a', { 'accept-language': language }));
  const same = await send({ toBranch: 'a', lines: [{ product: p, quantity: 1 }] });
  expect(same.status).toBe(400);
  expect(same.body.errors.toBranch.message).toBe('A transfer goes to another branch than the one sending it');
  const tooMany = await send({ toBranch: 'b', lines: [{ product: p, quantity: 5 }] }, 'ku');
  expect(tooMany.status).toBe(400);
  expect(tooMany.body.errors['lines.0.quantity'].message).toBe('تەنها 4 لە کۆگای ئەم لقەدا هەیە');
  const twice = await send({
    toBranch: 'b',
    lines: [
      { product: p, quantity: 1 },
      { product: p, quantity: 1 },
    ],
  });
  expect(twice.body.errors['lines.1.product'].message).toBe('Each product may appear once in a transfer');
  expect((await send({ toBranch: 'b', lines: [] })).status).toBe(400);
  expect(await stock(p, 'a')).toBe(4);
});

it('lists the transfers of the branch a request acts in, by state', async () => {
  const p = await productInA(6);
  const toC = await t.post(
    '/api/products/transfers',
    { toBranch: 'c', lines: [{ product: p, quantity: 2 }] },
    inBranch(t.tokens.admin, 'a'),
  );
  const inC = await t.get('/api/products/transfers?state=in_transit', inBranch(t.tokens.admin, 'c'));
  expect(inC.status).toBe(200);
  expect(inC.body.data.map((x: { _id: string }) => x._id)).toEqual([toC.body.data._id]);
  expect(inC.body.pagination).toMatchObject({ total: 1 });
  await t.post(`/api/products/transfers/${toC.body.data._id}/receive`, {}, inBranch(t.tokens.admin, 'c'));
  expect((await t.get('/api/products/transfers?state=in_transit', inBranch(t.tokens.admin, 'c'))).body.data).toEqual([]);
  const received = await t.get('/api/products/transfers?state=received', inBranch(t.tokens.admin, 'c'));
  expect(received.body.data).toMatchObject([{ _id: toC.body.data._id, state: 'received', lines: [{ sent: 2, received: 2 }] }]);
  // Branch b sees none of c's transfers; a branch not the user's is refused.
  expect(
    (await t.get('/api/products/transfers', inBranch(t.tokens.admin, 'b'))).body.data.map((x: { toBranch: string }) => x.toBranch),
  ).not.toContain('c');
  expect((await t.get('/api/products/transfers', inBranch(managerAB(), 'c'))).status).toBe(403);
});

describe('cancelling a transfer in transit', () => {
  const send = async (p: string, quantity = 4) => {
    const sent = await t.post('/api/products/transfers', { toBranch: 'b', lines: [{ product: p, quantity }] }, inBranch(managerAB(), 'a'));
    expect(sent.status).toBe(201);
    return sent.body.data._id as string;
  };
  const cancel = (id: string, branch = 'a', language = 'en') =>
    t.post(`/api/products/transfers/${id}/cancel`, {}, inBranch(managerAB(), branch, { 'accept-language': language }));

  it('puts the units back in the sending branch exactly once however often it is asked, and is refused elsewhere', async () => {
    const p = await productInA(10);
    const id = await send(p);
    expect(await stock(p, 'a')).toBe(6);
    // Not from the branch it was sent to, nor by someone who cannot edit products; nothing moves.
    const there = await cancel(id, 'b');
    expect(there.status).toBe(403);
    expect(there.body.message).toBe('Only the branch that sent this transfer can cancel it');
    expect((await t.post(`/api/products/transfers/${id}/cancel`, {}, inBranch(t.tokens.cashier, 'main'))).status).toBe(403);
    expect((await t.post(`/api/products/transfers/${randomUUID()}/cancel`, {}, inBranch(managerAB(), 'a'))).status).toBe(404);

    const cancels = await Promise.all([1, 2, 3].map(() => cancel(id)));
    expect(cancels.map((c) => c.status)).toEqual([200, 200, 200]);
    const again = await cancel(id);
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({
      _id: id,
      state: 'cancelled',
      cancelledAt: expect.any(String),
      receivedAt: null,
      lines: [{ productId: p, sent: 4, received: null, unitCost: 1.75 }],
    });
    expect(again.body.data.cancelledBy).toEqual(expect.any(String));
    expect(await stock(p, 'a')).toBe(10);
    expect(await stock(p, 'b')).toBe(0);

    // The ledger shows the units leaving and coming back, once, at the cost they carried; a cost batch in a at it.
    const moves = (await t.get(`/api/products/${p}/stock-movements`, inBranch(t.tokens.admin, 'a'))).body as {
      delta: number;
      reason: string;
      refId: string;
    }[];
    expect(moves.filter((m) => m.refId === id)).toMatchObject([
      { delta: 4, quantityAfter: 10, reason: 'transferred', refType: 'transfer', unitCost: 1.75, note: expect.stringContaining('↩ b') },
      { delta: -4, quantityAfter: 6, reason: 'transferred', refType: 'transfer' },
    ]);
    const db = t.dataSource();
    const batches = await db.query(
      `SELECT quantity, unit_cost_cents FROM cost_batches WHERE product_id = $1 AND branch_id = 'a' AND unit_cost_cents = 175`,
      [p],
    );
    expect(batches).toEqual([{ quantity: 4, unit_cost_cents: 175 }]);
    expect((await t.get(`/api/products/${p}`, inBranch(t.tokens.admin, 'a'))).body.cost).toBe(1.75);
    const [{ events }] = await db.query(
      `SELECT count(*)::int AS events FROM outbox WHERE type = 'dukan.catalog.transfer.cancelled.v1' AND data->>'transferId' = $1`,
      [id],
    );
    expect(events).toBe(1);
    const audits = await db.query(`SELECT details FROM audit_log WHERE action = 'transfer.cancelled' AND target_id = $1`, [id]);
    expect(audits).toMatchObject([{ details: { toBranch: 'b', lines: 1 } }]);

    // The receiving branch can no longer receive it, and lists it as cancelled.
    const late = await t.post(`/api/products/transfers/${id}/receive`, {}, inBranch(managerAB(), 'b', { 'accept-language': 'ku' }));
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('INVALID_TRANSITION');
    expect(late.body.message).toBe('ئەم گواستنەوەیە هەڵوەشێنرایەوە: کاڵاکانی گەڕێنرانەوە بۆ ئەو لقەی ناردبووی');
    expect(await stock(p, 'b')).toBe(0);
    const listed = await t.get('/api/products/transfers?state=cancelled', inBranch(managerAB(), 'b'));
    expect(listed.body.data.map((x: { _id: string }) => x._id)).toContain(id);
    expect(
      (await t.get('/api/products/transfers?state=in_transit', inBranch(managerAB(), 'b'))).body.data.map((x: { _id: string }) => x._id),
    ).not.toContain(id);
  });

  it('is refused once the transfer was received, in full or short', async () => {
    const p = await productInA(10);
    const id = await send(p);
    expect(
      (await t.post(`/api/products/transfers/${id}/receive`, { lines: [{ product: p, quantity: 3 }] }, inBranch(managerAB(), 'b'))).status,
    ).toBe(200);
    const refused = await cancel(id);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('INVALID_TRANSITION');
    expect(refused.body.message).toBe('This transfer has already been received, so it can no longer be cancelled');
    expect(await stock(p, 'a')).toBe(6);
    expect(await stock(p, 'b')).toBe(3);
    const [{ state }] = await t.dataSource().query(`SELECT state FROM transfers WHERE id = $1`, [id]);
    expect(state).toBe('short');
  });

  it('racing a receipt, only one of the two happens', async () => {
    const p = await productInA(10);
    for (let round = 0; round < 3; round++) {
      const id = await send(p, 2);
      const [cancelled, received] = await Promise.all([
        cancel(id),
        t.post(`/api/products/transfers/${id}/receive`, {}, inBranch(managerAB(), 'b')),
      ]);
      expect([cancelled.status, received.status].sort()).toEqual([200, 409]);
      const [{ state }] = await t.dataSource().query(`SELECT state FROM transfers WHERE id = $1`, [id]);
      expect(state).toBe(cancelled.status === 200 ? 'cancelled' : 'received');
    }
    // Every unit is in exactly one branch.
    expect((await stock(p, 'a')) + (await stock(p, 'b'))).toBe(10);
  });
});
