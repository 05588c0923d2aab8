import pg from 'pg';
import { seedCatalog } from '@dukan/catalog';
import { createAllInOneApp } from '@dukan/gateway';
import { MAX_HEADER_SIZE } from '@dukan/platform';
import { startApp, type StartedApp } from '@dukan/testing';
import { startClusterShape, type ClusterShape } from './cluster-shape.js';

// Spec part 1 §7: GET /api/products/export-barcodes?ids={comma-separated ids}. A shop exporting labels for its
// whole catalogue sends thousands of ids in the query: 5,000 (the most one export takes) must pass every
// server on the way, the gateway and the catalog service behind it as much as the all-in-one.

const COUNT = 5000;

async function catalogue(databaseUrl: string): Promise<{ id: string; sku: string }[]> {
  await seedCatalog({ databaseUrl, products: COUNT, branchId: 'main', reset: false, events: false, seed: 12 });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // An order no list gives, so the CSV is seen to follow the ids asked.
    const { rows } = await client.query<{ id: string; sku: string }>(`SELECT id, sku FROM catalog.products ORDER BY md5(id::text)`);
    return rows;
  } finally {
    await client.end();
  }
}

async function exportLabels(
  url: string,
  token: string,
  ids: string[],
  separator = ',',
): Promise<{ status: number; type: string | null; lines: string[] }> {
  const res = await fetch(`${url}/api/products/export-barcodes?ids=${ids.join(separator)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  const text = bytes.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf])) ? bytes.subarray(3).toString('utf8') : bytes.toString('utf8');
  return { status: res.status, type: res.headers.get('content-type'), lines: text.trim().split('\n') };
}

function expectLabels(answer: Awaited<ReturnType<typeof exportLabels>>, products: { sku: string }[]): void {
  expect({ status: answer.status, type: answer.type }).toEqual({ status: 200, type: 'text/csv; charset=utf-8' });
  expect(answer.lines[0]).toBe('Name (English),Name (Kurdish),SKU,Barcode,Price (USD)');
  expect(answer.lines).toHaveLength(products.length + 1);
  // The SKU is the only column without commas of its own in the seeded names: read it from the end.
  expect(answer.lines.slice(1).map((l) => l.split(',').at(-3))).toEqual(products.map((p) => p.sku));
}

describe('all-in-one', () => {
  let t: StartedApp;
  let products: { id: string; sku: string }[];
  beforeAll(async () => {
    t = await startApp(createAllInOneApp);
    products = await catalogue(t.db.url);
  }, 120_000);
  afterAll(() => t.close());

  it(`exports labels for ${COUNT} ids given in the query, in the order asked`, async () => {
    expect(products).toHaveLength(COUNT);
    expectLabels(
      await exportLabels(
        t.url,
        t.adminToken,
        products.map((p) => p.id),
      ),
      products,
    );
  });

  it('takes the commas percent-encoded too, as some clients send them', async () => {
    expectLabels(
      await exportLabels(
        t.url,
        t.adminToken,
        products.map((p) => p.id),
        '%2C',
      ),
      products,
    );
  });

  it(`still refuses more than ${COUNT} ids, with the limit in the message`, async () => {
    const res = await t.get(`/api/products/export-barcodes?ids=${[...products.map((p) => p.id), crypto.randomUUID()].join(',')}`, {
      token: t.adminToken,
    });
    expect(res.status).toBe(400);
    expect(res.body.errorKeys).toEqual({ ids: 'validation.max' });
  });
});

describe('cluster', () => {
  let c: ClusterShape;
  let products: { id: string; sku: string }[];
  beforeAll(async () => {
    c = await startClusterShape();
    products = await catalogue(c.db.url);
  }, 120_000);
  afterAll(() => c.close());

  it(`exports labels for ${COUNT} ids through the gateway and the catalog service`, async () => {
    expect(products).toHaveLength(COUNT);
    expectLabels(
      await exportLabels(
        c.url,
        c.adminToken,
        products.map((p) => p.id),
        '%2C',
      ),
      products,
    );
  });

  it('keeps the POST form for the same list', async () => {
    const res = await fetch(`${c.url}/api/products/export-barcodes`, {
      method: 'POST',
      headers: { authorization: `Bearer ${c.adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ids: products.map((p) => p.id) }),
    });
    const lines = (await res.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(res.status).toBe(200);
    expect(lines).toHaveLength(COUNT + 1);
  });
});

it("the desktop shell's proxy takes headers as long as the server does", async () => {
  const shell = (await import(new URL('../../desktop/src/browser/shell-server.mjs', import.meta.url).href)) as { MAX_HEADER_SIZE: number };
  expect(shell.MAX_HEADER_SIZE).toBe(MAX_HEADER_SIZE);
});
