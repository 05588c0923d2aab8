// Seeds a bilingual catalogue straight into the catalog's own tables, in a few bulk statements.
//   node services/catalog/dist/seed/seed.js --products 50000 [--reset] [--branch main] [--no-events] [--seed 42]
// Reads DATABASE_URL (and BRANCH_ID) like the service. Runs the catalog migrations first, so a fresh database works.
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { createServiceDataSource, migrate } from '@dukan/platform';
import { loadCatalogConfig } from '../config.js';
import { CatalogInit1767225600200 } from '../migrations/1767225600200-catalog-init.js';
import { CATEGORIES, leafCategories, random, seedProduct } from './catalogue.js';

export interface SeedOptions {
  databaseUrl: string;
  products: number;
  branchId: string;
  reset: boolean;
  /** Also write product.created and stock.changed to the outbox (bulk lane), so sales and reporting learn the catalogue. */
  events: boolean;
  seed: number;
}

export interface SeedResult {
  products: number;
  categories: number;
  ms: number;
}

export async function seedCatalog(o: SeedOptions): Promise<SeedResult> {
  const started = Date.now();
  const ds = createServiceDataSource({
    service: 'catalog',
    databaseUrl: o.databaseUrl,
    poolSize: 2,
    entities: [],
    migrations: [CatalogInit1767225600200],
  });
  await ds.initialize();
  try {
    await migrate(ds, 'catalog');
    const rnd = random(o.seed);
    const tag = o.reset ? '' : `${Date.now().toString(36).slice(-4).toUpperCase()}-`;
    // A fresh shop is the same every time; a second load onto it takes barcodes from another stretch.
    const firstDraw = Math.floor(rnd() * 900_000_000);
    const barcodeBase = o.reset ? firstDraw : Math.floor((Date.now() * 7919) % 900_000_000);
    return await ds.transaction(async (m) => {
      if (o.reset) {
        // CASCADE: a chain's branch prices and transfers refer to the products too.
        await m.query(`TRUNCATE cost_batches, stock_movements, stock_levels, products, categories CASCADE`);
      }
      // Categories: a parent row per group and its leaves; a second load reuses the ones already there.
      const existing = new Map(
        (
          (await m.query(
            `SELECT c.id, coalesce(p.name_en, '') || '/' || c.name_en AS path FROM categories c
           LEFT JOIN categories p ON p.id = c.parent_id WHERE c.deleted_at IS NULL`,
          )) as { id: string; path: string }[]
        ).map((r) => [r.path, r.id]),
      );
      const leaves = leafCategories();
      const parentIds = CATEGORIES.map((c) => existing.get(`/${c.name[0]}`) ?? randomUUID());
      const leafIds = leaves.map((l) => existing.get(`${CATEGORIES[l.parentIndex]!.name[0]}/${l.name[0]}`) ?? randomUUID());
      const catRows = [
        ...CATEGORIES.map((c, i) => ({ id: parentIds[i]!, en: c.name[0], ku: c.name[1], parent: null as string | null })),
        ...leaves.map((l, i) => ({ id: leafIds[i]!, en: l.name[0], ku: l.name[1], parent: parentIds[l.parentIndex]! })),
      ];
      const newCategories = catRows.filter((c) => ![...existing.values()].includes(c.id));
      // Parents first: the foreign key is checked row by row.
      await m.query(
        `INSERT INTO categories (id, name_en, name_ku, parent_id)
         SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::uuid[])`,
        [
          newCategories.map((c) => c.id),
          newCategories.map((c) => c.en),
          newCategories.map((c) => c.ku),
          newCategories.map((c) => c.parent),
        ],
      );

      // A trigram index is built much faster at once than row by row: set it aside for a large load.
      const ginIndexes =
        o.products >= 5000
          ? await m.query(
              `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename = 'products' AND indexdef ILIKE '%USING gin%'`,
            )
          : [];
      for (const ix of ginIndexes as { indexname: string }[]) await m.query(`DROP INDEX "${ix.indexname}"`);

      const products = Array.from({ length: o.products }, (_, n) => ({ id: randomUUID(), ...seedProduct(n, rnd, tag, barcodeBase) }));
      const col = <K extends keyof (typeof products)[number]>(k: K) => products.map((p) => p[k]);
      await m.query(
        `INSERT INTO products (id, sku, barcode, name_en, name_ku, description_en, description_ku, category_id, price_cents, cost_cents,
                               discount_percent, reorder_level)
         SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::uuid[], $9::int[],
                              $10::int[], $11::numeric[], $12::int[])`,
        [
          col('id'),
          col('sku'),
          col('barcode'),
          col('nameEn'),
          col('nameKu'),
          col('descriptionEn'),
          col('descriptionKu'),
          products.map((p) => leafIds[p.categoryIndex]),
          col('priceCents'),
          col('costCents'),
          col('discountPercent'),
          col('reorderLevel'),
        ],
      );
      if (ginIndexes.length > 0) {
        await m.query(`SET LOCAL maintenance_work_mem = '256MB'`);
        for (const ix of ginIndexes as { indexdef: string }[]) await m.query(ix.indexdef);
      }
      // Stock arrives through the ledger like any received batch: a movement, a cost batch, the branch level.
      const stocked = products.filter((p) => p.quantity > 0);
      const movementIds = stocked.map(() => randomUUID());
      await m.query(
        `INSERT INTO stock_movements (id, product_id, branch_id, delta, quantity_after, reason, ref_type, ref_id, unit_cost_cents, note)
         SELECT mid, pid, $3, q, q, 'received', 'product', pid::text, cost, 'seed'
         FROM unnest($1::uuid[], $2::uuid[], $4::int[], $5::int[]) AS u(mid, pid, q, cost)`,
        [movementIds, stocked.map((p) => p.id), o.branchId, stocked.map((p) => p.quantity), stocked.map((p) => p.costCents)],
      );
      await m.query(
        `INSERT INTO cost_batches (product_id, branch_id, quantity, unit_cost_cents, movement_id)
         SELECT pid, $3, q, cost, mid FROM unnest($1::uuid[], $2::uuid[], $4::int[], $5::int[]) AS u(mid, pid, q, cost)`,
        [movementIds, stocked.map((p) => p.id), o.branchId, stocked.map((p) => p.quantity), stocked.map((p) => p.costCents)],
      );
      await m.query(
        `INSERT INTO stock_levels (product_id, branch_id, quantity) SELECT pid, $2, q FROM unnest($1::uuid[], $3::int[]) AS u(pid, q)`,
        [stocked.map((p) => p.id), o.branchId, stocked.map((p) => p.quantity)],
      );

      if (o.events) {
        const correlationId = randomUUID();
        await m.query(
          `INSERT INTO outbox (id, type, branch_id, correlation_id, lane, data)
           SELECT gen_random_uuid(), 'dukan.catalog.category.created.v1', $2, $3, 'bulk',
                  jsonb_build_object('categoryId', c.id, 'name', jsonb_build_object('en', c.name_en, 'ku', c.name_ku), 'parentId', c.parent_id,
                                     'active', c.active, 'imageUrl', c.image_url, 'version', c.version)
           FROM categories c WHERE c.id = ANY($1::uuid[]) ORDER BY c.parent_id NULLS FIRST`,
          [newCategories.map((c) => c.id), o.branchId, correlationId],
        );
        await m.query(
          `INSERT INTO outbox (id, type, branch_id, correlation_id, lane, data)
           SELECT gen_random_uuid(), 'dukan.catalog.product.created.v1', $2, $3, 'bulk',
                  jsonb_build_object('productId', p.id, 'sku', p.sku, 'barcode', p.barcode, 'name', jsonb_build_object('en', p.name_en, 'ku', p.name_ku),
                                     'categoryId', p.category_id, 'priceCents', p.price_cents, 'costCents', p.cost_cents,
                                     'discountPercent', p.discount_percent::float8, 'active', p.active, 'reorderLevel', p.reorder_level,
                                     'quantity', coalesce(s.quantity, 0), 'version', p.version)
           FROM products p LEFT JOIN stock_levels s ON s.product_id = p.id AND s.branch_id = $2
           WHERE p.id = ANY($1::uuid[])`,
          [col('id'), o.branchId, correlationId],
        );
        await m.query(
          `INSERT INTO outbox (id, type, branch_id, correlation_id, lane, data)
           SELECT gen_random_uuid(), 'dukan.catalog.stock.changed.v2', $2, $3, 'bulk',
                  jsonb_build_object('branchId', mv.branch_id, 'reason', mv.reason, 'refType', mv.ref_type, 'refId', mv.ref_id,
                                     'moves', jsonb_build_array(jsonb_build_object('productId', mv.product_id, 'delta', mv.delta,
                                       'quantityAfter', mv.quantity_after, 'unitCostCents', mv.unit_cost_cents)))
           FROM stock_movements mv WHERE mv.id = ANY($1::uuid[])`,
          [movementIds, o.branchId, correlationId],
        );
        await m.query(`SELECT pg_notify('dukan_outbox_catalog', 'bulk')`);
      }
      // Fresh statistics, so the first list and search plans fit 50,000 rows rather than an empty table.
      await m.query(`ANALYZE categories, products, stock_levels, stock_movements, cost_batches`);
      return { products: products.length, categories: catRows.length, ms: Date.now() - started };
    });
  } finally {
    await ds.destroy();
  }
}

function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      products: { type: 'string', default: '1000' },
      branch: { type: 'string' },
      reset: { type: 'boolean', default: false },
      'no-events': { type: 'boolean', default: false },
      seed: { type: 'string', default: '42' },
    },
  });
  const config = loadCatalogConfig();
  const products = Number(values.products);
  if (!Number.isInteger(products) || products < 0 || products > 1_000_000)
    throw new Error(`--products must be a whole number up to 1000000`);
  return seedCatalog({
    databaseUrl: config.DATABASE_URL,
    products,
    branchId: values.branch ?? config.BRANCH_ID,
    reset: values.reset ?? false,
    events: !values['no-events'],
    seed: Number(values.seed),
  }).then((r) => {
    console.log(`seeded ${r.products} products in ${r.categories} categories in ${r.ms} ms`);
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
