import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { CustomerEventData, EventOf } from '@dukan/contracts';
import type { EventHandler } from '@dukan/platform';

/** Customers replica, a batch in one statement: per customer the highest version; a lower one than held is ignored; a deleted customer stays deleted (with the names of its last version). */
async function upsertCustomers(m: EntityManager, all: readonly CustomerEventData[]): Promise<void> {
  const latest = new Map<string, CustomerEventData>();
  for (const c of all) if ((latest.get(c.customerId)?.version ?? -1) < c.version) latest.set(c.customerId, c);
  const list = [...latest.values()].sort((a, b) => (a.customerId < b.customerId ? -1 : 1));
  await m.query(
    `INSERT INTO customers (customer_id, first_name, last_name, phone, loyalty_points, member_since, version)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::timestamptz[], $7::int[])
     ON CONFLICT (customer_id) DO UPDATE SET first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name, phone = EXCLUDED.phone,
       loyalty_points = EXCLUDED.loyalty_points, member_since = EXCLUDED.member_since, version = EXCLUDED.version
     WHERE customers.version < EXCLUDED.version`,
    [list.map((c) => c.customerId), list.map((c) => c.firstName), list.map((c) => c.lastName), list.map((c) => c.phone),
      list.map((c) => c.loyaltyPoints), list.map((c) => c.memberSince), list.map((c) => c.version)],
  );
}

@Injectable()
export class ReportCustomerCreatedHandler implements EventHandler<'dukan.loyalty.customer.created.v1'> {
  readonly subject = 'dukan.loyalty.customer.created.v1' as const;
  async handleAll(events: readonly EventOf<'dukan.loyalty.customer.created.v1'>[], m: EntityManager): Promise<void> {
    await upsertCustomers(m, events.map((e) => e.data));
  }
}

/** Every sale to a customer changes their points: a busy subject, applied a batch at a time. */
@Injectable()
export class ReportCustomerUpdatedHandler implements EventHandler<'dukan.loyalty.customer.updated.v1'> {
  readonly subject = 'dukan.loyalty.customer.updated.v1' as const;
  async handleAll(events: readonly EventOf<'dukan.loyalty.customer.updated.v1'>[], m: EntityManager): Promise<void> {
    await upsertCustomers(m, events.map((e) => e.data));
  }
}

@Injectable()
export class ReportCustomerDeletedHandler implements EventHandler<'dukan.loyalty.customer.deleted.v1'> {
  readonly subject = 'dukan.loyalty.customer.deleted.v1' as const;
  async handle(event: EventOf<'dukan.loyalty.customer.deleted.v1'>, m: EntityManager): Promise<void> {
    // A delete that overtakes the create leaves a deleted row, so the late create cannot bring the customer back.
    await m.query(
      `INSERT INTO customers (customer_id, first_name, last_name, phone, loyalty_points, member_since, version, deleted_at)
       VALUES ($1, '', '', '', 0, $2, 0, $2)
       ON CONFLICT (customer_id) DO UPDATE SET deleted_at = EXCLUDED.deleted_at`,
      [event.data.customerId, event.occurredAt],
    );
  }
}
