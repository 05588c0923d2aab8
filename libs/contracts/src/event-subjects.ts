// The event subjects as values: every subject, its publisher, narrowing an envelope to one, and the two lanes.
import type { EventEnvelope, EventOf, EventSubject } from './events.js';
import type { ServiceName } from './routes.js';

// A record keyed by every subject, so a subject added to EventPayloads but not here fails to compile.
const SUBJECT_SET: Record<EventSubject, true> = {
  'dukan.identity.user.created.v1': true,
  'dukan.identity.user.updated.v1': true,
  'dukan.identity.user.deleted.v1': true,
  'dukan.identity.user.session-revoked.v1': true,
  'dukan.catalog.product.created.v1': true,
  'dukan.catalog.product.updated.v1': true,
  'dukan.catalog.product.deleted.v1': true,
  'dukan.catalog.category.created.v1': true,
  'dukan.catalog.category.updated.v1': true,
  'dukan.catalog.category.deleted.v1': true,
  'dukan.catalog.stock.changed.v2': true,
  'dukan.catalog.branch-price.changed.v1': true,
  'dukan.catalog.transfer.sent.v1': true,
  'dukan.catalog.transfer.received.v1': true,
  'dukan.catalog.transfer.cancelled.v1': true,
  'dukan.catalog.goods.received.v1': true,
  'dukan.catalog.supplier-payment.made.v1': true,
  'dukan.sales.sale.completed.v1': true,
  'dukan.sales.sale.voided.v1': true,
  'dukan.sales.sale.refunded.v1': true,
  'dukan.sales.shift.opened.v1': true,
  'dukan.sales.shift.cash-moved.v1': true,
  'dukan.sales.shift.closed.v1': true,
  'dukan.loyalty.customer.created.v1': true,
  'dukan.loyalty.customer.updated.v1': true,
  'dukan.loyalty.customer.deleted.v1': true,
  'dukan.loyalty.account.repaid.v1': true,
  'dukan.settings.settings.changed.v1': true,
  'dukan.settings.branch.changed.v1': true,
  'dukan.settings.receipt.changed.v1': true,
  'dukan.settings.payments.changed.v1': true,
  'dukan.expenses.expense.created.v1': true,
  'dukan.expenses.expense.updated.v1': true,
  'dukan.expenses.expense.status-changed.v1': true,
  'dukan.expenses.expense.deleted.v1': true,
};

export const EVENT_SUBJECTS: readonly EventSubject[] = Object.freeze(Object.keys(SUBJECT_SET) as EventSubject[]);

export const EVENT_SUBJECT_PATTERN = /^dukan\.([a-z]+)\.([a-z][a-z-]*)\.([a-z][a-z-]*)\.v(\d+)$/;

export function isEventSubject(value: unknown): value is EventSubject {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(SUBJECT_SET, value);
}

/** The service that publishes a subject ('dukan.sales.sale.completed.v1' -> 'sales'). */
export function publisherOf(subject: EventSubject): ServiceName {
  return subject.split('.')[1] as ServiceName;
}

/** Narrows an envelope to one subject: `if (isEvent(e, 'dukan.sales.sale.completed.v1')) e.data.lines`. */
export function isEvent<S extends EventSubject>(event: EventEnvelope, subject: S): event is EventOf<S> {
  return event.type === subject;
}

/**
 * Events travel in one of two lanes. 'live' is every change made at the counter or in the back office;
 * 'bulk' carries a change to many things at once (the seed, an import, a price change over many products),
 * published in large batches and consumed apart, so that a backlog never holds back a live change.
 */
export type EventLane = 'live' | 'bulk';

/** The subjects a bulk change may publish in the bulk lane; their consumers read both lanes. */
export const BULK_SUBJECTS: readonly EventSubject[] = Object.freeze([
  'dukan.catalog.category.created.v1',
  'dukan.catalog.product.created.v1',
  'dukan.catalog.product.updated.v1',
  'dukan.catalog.stock.changed.v2',
] as EventSubject[]);

export function hasBulkLane(subject: string): boolean {
  return (BULK_SUBJECTS as readonly string[]).includes(subject);
}
