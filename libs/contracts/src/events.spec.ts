import { EVENT_SUBJECTS, EVENT_SUBJECT_PATTERN, isEvent, isEventSubject, publisherOf } from './event-subjects.js';
import type { EventEnvelope } from './events.js';
import { SERVICES } from './routes.js';

describe('event subjects', () => {
  it('follow dukan.<service>.<aggregate>.<event>.v1 and name their publishing service', () => {
    for (const subject of EVENT_SUBJECTS) {
      expect(subject).toMatch(EVENT_SUBJECT_PATTERN);
      expect(SERVICES).toContain(publisherOf(subject));
    }
  });

  it('are listed once each', () => {
    expect(new Set(EVENT_SUBJECTS).size).toBe(EVENT_SUBJECTS.length);
  });

  it('include the events other services rely on', () => {
    for (const subject of [
      'dukan.identity.user.created.v1',
      'dukan.identity.user.updated.v1',
      'dukan.identity.user.deleted.v1',
      'dukan.identity.user.session-revoked.v1',
      'dukan.catalog.product.created.v1',
      'dukan.catalog.product.updated.v1',
      'dukan.catalog.product.deleted.v1',
      'dukan.catalog.category.created.v1',
      'dukan.catalog.category.updated.v1',
      'dukan.catalog.category.deleted.v1',
      'dukan.catalog.stock.changed.v2',
      'dukan.sales.sale.completed.v1',
      'dukan.sales.sale.voided.v1',
      'dukan.sales.sale.refunded.v1',
      'dukan.loyalty.customer.created.v1',
      'dukan.loyalty.customer.updated.v1',
      'dukan.loyalty.customer.deleted.v1',
      'dukan.settings.settings.changed.v1',
      'dukan.expenses.expense.created.v1',
      'dukan.expenses.expense.updated.v1',
      'dukan.expenses.expense.status-changed.v1',
      'dukan.expenses.expense.deleted.v1',
    ]) {
      expect(isEventSubject(subject)).toBe(true);
    }
    expect(isEventSubject('dukan.sales.sale.completed.v2')).toBe(false);
    expect(isEventSubject('toString')).toBe(false);
  });

  it('narrows an envelope by its type', () => {
    const envelope: EventEnvelope = {
      id: '0f8fad5b-d9cb-469f-a165-70867728950e',
      type: 'dukan.identity.user.deleted.v1',
      occurredAt: '2026-11-21T08:00:00.000Z',
      branchId: 'main',
      actorId: null,
      data: { userId: 'u1' },
    };
    expect(isEvent(envelope, 'dukan.identity.user.deleted.v1') && envelope.data.userId).toBe('u1');
    expect(isEvent(envelope, 'dukan.identity.user.created.v1')).toBe(false);
  });
});
