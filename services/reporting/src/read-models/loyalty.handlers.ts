import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { CustomerEventData, EventOf } from '@dukan/contracts';
import { applyIfNewer, tombstone, type EventHandler, type ReplicaTable } from '@dukan/platform';

const CUSTOMERS: ReplicaTable = { table: 'customers', key: 'customer_id', stamp: 'version', replaces: 'newer' };

/** Customers replica, a batch in one statement; a deleted customer stays deleted (with the names of its last version). */
function upsertCustomers(m: EntityManager, all: readonly CustomerEventData[]): Promise<void> {
  return applyIfNewer(m, CUSTOMERS, all.map((c) => ({
    customer_id: c.customerId, first_name: c.firstName, last_name: c.lastName, phone: c.phone, loyalty_points: c.loyaltyPoints,
    member_since: c.memberSince, version: c.version,
  })));
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
    const at = event.occurredAt;
    const row = { customer_id: event.data.customerId, first_name: '', last_name: '', phone: '', loyalty_points: 0, member_since: at, version: 0, deleted_at: at };
    await tombstone(m, CUSTOMERS, row, ['deleted_at']);
  }
}
