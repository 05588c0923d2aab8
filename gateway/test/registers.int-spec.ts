import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { createAllInOneApp } from '@dukan/gateway';
import { eventually, startApp, type TestDatabase } from '@dukan/testing';
import { cashSale, inBranch, openChainWithTea, type Shop } from './chain-shop.js';
import { startClusterShape } from './cluster-shape.js';

// Registers are data an admin manages in settings (issue 25): naming an unknown register never creates one, and
// register numbering has no ceiling, so nobody can stop a new branch or till from selling.

type ShopWithDb = Shop & { db: TestDatabase };
const SHAPES: [string, () => Promise<ShopWithDb>][] = [
  ['all-in-one', () => startApp(createAllInOneApp)],
  ['cluster', () => startClusterShape()],
];

describe.each(SHAPES)('registers (%s)', (_shape, start) => {
  let c: ShopWithDb;
  let productId = '';
  let cashier = '';
  const block = (token: string, register: string, language = 'en', branch?: string) =>
    c.post('/api/transactions/invoice-blocks', { register }, inBranch(token, branch, { 'accept-language': language }));

  /** A branch made by the admin with one register, and a cashier who works there. */
  async function branchWithTill(id: string, register: string): Promise<string> {
    expect(
      (await c.post('/api/settings/branches', { _id: id, name: `Branch ${id}`, registers: [register] }, { token: c.adminToken })).status,
    ).toBe(201);
    const made = await eventually(async () => {
      const res = await c.post(
        '/api/auth/register',
        {
          username: `cashier-${id}`,
          firstName: 'Cashier',
          lastName: id,
          email: `cashier-${id}@shop.iq`,
          password: 'secret1',
          role: 'cashier',
          homeBranch: id,
          branches: [id],
        },
        { token: c.adminToken },
      );
      return res.status === 201 && res;
    }, 10_000);
    expect(made.status).toBe(201);
    return c.login(`cashier-${id}`, 'secret1');
  }

  const sell = (token: string, register: string, reservedInvoiceNumber?: string) =>
    c.post(
      '/api/transactions',
      { ...cashSale({ id: productId, sku: 'TEA-REG' }, 2, 1, 2), register, ...(reservedInvoiceNumber && { reservedInvoiceNumber }) },
      inBranch(token, undefined, { 'idempotency-key': randomUUID() }),
    );

  beforeAll(async () => {
    c = await start();
    productId = await openChainWithTea(c, 'TEA-REG', '6260000000801');
    const made = await c.post(
      '/api/auth/register',
      {
        username: 'till-user',
        firstName: 'Till',
        lastName: 'User',
        email: 'till-user@shop.iq',
        password: 'secret1',
        role: 'cashier',
      },
      { token: c.adminToken },
    );
    expect(made.status).toBe(201);
    cashier = await c.login('till-user', 'secret1');
    // Sales learns the product from catalog's event.
    await eventually(async () => (await sell(cashier, 'main')).status === 201);
  }, 120_000);
  afterAll(() => c.close());

  it("refuses 1,000 invoice blocks for registers settings does not know, in the user's language; a new branch with its register still sells", async () => {
    const answers: { status: number; message: string }[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < 1000) {
          const res = await block(cashier, `ghost-${next++}`);
          answers.push({ status: res.status, message: res.body.errors?.register?.message });
        }
      }),
    );
    expect(answers.filter((a) => a.status !== 400)).toEqual([]);
    expect(new Set(answers.map((a) => a.message))).toEqual(
      new Set(['This branch has no such register; an administrator adds registers in settings']),
    );
    const ku = await block(cashier, 'ghost-ku', 'ku');
    expect(ku.status).toBe(400);
    expect(ku.body.errors.register.message).toBe('ئەم لقە کاشێرێکی وای نییە؛ بەڕێوەبەری سیستەم لە ڕێکخستنەکاندا کاشێر زیاد دەکات');
    // The register main has in settings still takes numbers.
    expect((await block(cashier, 'main')).status).toBe(201);

    const cashierD = await branchWithTill('d', 'till-d');
    const reserved = await eventually(async () => {
      const res = await block(cashierD, 'till-d');
      return res.status === 201 && res;
    }, 10_000);
    expect(reserved.body.data).toMatchObject({ register: 'till-d', size: 100 });
    const sold = await sell(cashierD, 'till-d');
    expect(sold.status).toBe(201);
    expect(sold.body.data).toMatchObject({ branchId: 'd', register: 'till-d' });
    // A register an admin adds later takes numbers as soon as settings has it.
    expect((await c.put('/api/settings/branches/d/registers', { registers: ['till-d', 'till-d2'] }, { token: c.adminToken })).status).toBe(
      200,
    );
    expect(await eventually(async () => (await block(cashierD, 'till-d2')).status === 201 && true, 10_000)).toBe(true);
  });

  it('has no ceiling on register numbers: the 1,000th register numbers its invoices and sells, online and from its block', async () => {
    // As though the chain already had 999 registers.
    const client = new pg.Client({ connectionString: c.db.url });
    await client.connect();
    try {
      const [{ schema }] = (
        await client.query(
          `SELECT n.nspname AS schema FROM pg_class k JOIN pg_namespace n ON n.oid = k.relnamespace WHERE k.relname = 'register_no_seq'`,
        )
      ).rows;
      await client.query(`SELECT setval('"${schema}".register_no_seq', 999)`);
    } finally {
      await client.end();
    }
    const cashierE = await branchWithTill('e', 'till-e');
    const reserved = await eventually(async () => {
      const res = await block(cashierE, 'till-e');
      return res.status === 201 && res;
    }, 10_000);
    expect(reserved.body.data).toMatchObject({ first: 'INV-10000000001', last: 'INV-10000000100' });
    const online = await sell(cashierE, 'till-e');
    expect(online.status).toBe(201);
    expect(online.body.data.invoiceNumber).toBe('INV-10000000101');
    const offline = await sell(cashierE, 'till-e', 'INV-10000000002');
    expect(offline.status).toBe(201);
    expect(offline.body.data.invoiceNumber).toBe('INV-10000000002');
    expect((await c.get('/api/transactions/INV-10000000101', inBranch(cashierE))).status).toBe(200);
  });

  it('a sale that takes stock below zero leaves in the ledger who allowed it', async () => {
    const cashierF = await branchWithTill('f', 'till-f'); // branch F holds no tea
    const cashierId = (await c.get('/api/auth/me', inBranch(cashierF))).body.data._id as string;
    const sold = await sell(cashierF, 'till-f');
    expect(sold.status).toBe(201);
    const ledger = await eventually(async () => {
      const rows = (await c.get(`/api/products/${productId}/stock-movements`, inBranch(c.adminToken, 'f'))).body as {
        quantityAfter: number;
        actorId: string;
        refId: string;
      }[];
      return rows.length > 0 && rows;
    }, 10_000);
    expect(ledger[0]).toMatchObject({ quantityAfter: -1, reason: 'sold', refId: sold.body.data._id, actorId: cashierId });
  });
});
