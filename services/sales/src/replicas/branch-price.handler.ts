import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { BranchPriceChangedData, EventOf } from '@dukan/contracts';
import type { EventHandler } from '@dukan/platform';

/**
 * A product's price in one branch (a chain), in one statement a batch: of several events for one product and
 * branch, the newest; an event older than the row's version changes nothing, so order does not matter.
 */
@Injectable()
export class BranchPriceChangedHandler implements EventHandler<'dukan.catalog.branch-price.changed.v1'> {
  readonly subject = 'dukan.catalog.branch-price.changed.v1' as const;

  async handleAll(events: readonly EventOf<'dukan.catalog.branch-price.changed.v1'>[], m: EntityManager): Promise<void> {
    const latest = new Map<string, BranchPriceChangedData>();
    for (const { data } of events) {
      const key = `${data.productId}\u0000${data.branchId}`;
      if ((latest.get(key)?.version ?? -Infinity) < data.version) latest.set(key, data);
    }
    const list = [...latest.values()];
    await m.query(
      `INSERT INTO branch_prices (product_id, branch_id, price_cents, version)
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::bigint[], $4::int[])
       ON CONFLICT (product_id, branch_id) DO UPDATE SET price_cents = EXCLUDED.price_cents, version = EXCLUDED.version, updated_at = now()
       WHERE branch_prices.version < EXCLUDED.version`,
      [list.map((d) => d.productId), list.map((d) => d.branchId), list.map((d) => d.priceCents), list.map((d) => d.version)],
    );
  }
}
