import type { EventEnvelope, EventSubject } from '@dukan/contracts';
import {
  deliverBatch,
  failureMessage,
  publishOne,
  type Delivery,
  type EventBus,
  type Listener,
  type PublishFailure,
  type PublishOptions,
  type SubscriptionOptions,
} from './event-bus.js';

/**
 * All-in-one shape: the outbox relay hands events straight to the subscribers of this process, each
 * subscriber getting the relay's batch of its subject at once, all subscribers at the same time. publishAll() resolves only when every
 * subscriber has applied them, so the relay marks rows sent only then; an event a subscriber failed on is
 * answered as a failure, its row stays pending and the relay retries (subscribers that already applied it
 * skip it through their inbox).
 */
export class InProcessEventBus implements EventBus {
  readonly kind = 'in-process' as const;
  private readonly subscribers = new Map<string, { consumer: string; deliver: Delivery }[]>();
  private readonly watchers = new Map<string, Listener[]>();

  publish(event: EventEnvelope): Promise<void> {
    return publishOne(this, event);
  }

  /** Both lanes alike: the relay drains them side by side, so a bulk batch never holds back a live one. */
  async publishAll(events: readonly EventEnvelope[], _options?: PublishOptions): Promise<PublishFailure[]> {
    for (const event of events) for (const listener of this.watchers.get(event.type) ?? []) listener(event);
    const failures = new Map<string, string[]>();
    // Subscribers are independent consumers, each with its own inbox: they apply their batches side by side.
    const deliveries = [...this.subscribers].flatMap(([subject, subs]) => {
      const ofSubject = events.filter((e) => e.type === subject);
      if (ofSubject.length === 0) return [];
      return subs.map((sub) =>
        deliverBatch(sub.deliver, ofSubject, (event, error) => {
          if (error === undefined) return;
          failures.set(event.id, [...(failures.get(event.id) ?? []), `${sub.consumer}: ${failureMessage(error)}`]);
        }),
      );
    });
    await Promise.all(deliveries);
    return [...failures].map(([eventId, reasons]) => ({ eventId, error: `delivery failed for ${reasons.join('; ')}` }));
  }

  async subscribe(subject: EventSubject, options: SubscriptionOptions, deliver: Delivery): Promise<void> {
    const list = this.subscribers.get(subject) ?? [];
    list.push({ consumer: options.consumer, deliver });
    this.subscribers.set(subject, list);
  }

  async watch(subjects: readonly EventSubject[], listener: Listener): Promise<void> {
    for (const subject of subjects) this.watchers.set(subject, [...(this.watchers.get(subject) ?? []), listener]);
  }

  async close(): Promise<void> {
    this.subscribers.clear();
    this.watchers.clear();
  }
}
