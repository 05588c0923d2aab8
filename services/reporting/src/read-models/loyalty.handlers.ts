import type { CustomerEventData } from '@dukan/contracts';
import { replicaHandler, tombstoneHandler, type ReplicaTable } from '@dukan/platform';

/** Customers replica, a batch in one statement; a deleted customer stays deleted (with the names of its last version). */
const CUSTOMERS: ReplicaTable = { table: 'customers', key: 'customer_id', stamp: 'version', replaces: 'newer' };

const customer = ({ data: c }: { data: CustomerEventData }) => ({
  customer_id: c.customerId,
  first_name: c.firstName,
  last_name: c.lastName,
  phone: c.phone,
  loyalty_points: c.loyaltyPoints,
  member_since: c.memberSince,
  version: c.version,
});

export const ReportCustomerCreatedHandler = replicaHandler('dukan.loyalty.customer.created.v1', CUSTOMERS, customer);
/** Every sale to a customer changes their points: a busy subject, applied a batch at a time. */
export const ReportCustomerUpdatedHandler = replicaHandler('dukan.loyalty.customer.updated.v1', CUSTOMERS, customer);

/** A delete that overtakes the create leaves a deleted row, so the late create cannot bring the customer back. */
export const ReportCustomerDeletedHandler = tombstoneHandler(
  'dukan.loyalty.customer.deleted.v1',
  CUSTOMERS,
  (e) => ({
    customer_id: e.data.customerId,
    first_name: '',
    last_name: '',
    phone: '',
    loyalty_points: 0,
    member_since: e.occurredAt,
    version: 0,
    deleted_at: e.occurredAt,
  }),
  ['deleted_at'],
);
