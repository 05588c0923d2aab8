import type { EventEnvelope, EventSubject } from '@dukan/contracts';
import type { Delivery, EventBus, Listener, SubscriptionOptions } from './event-bus.js';

/**
 * All-in-one shape: the outbox relay hands each event straight to the subscribers of this process.
 * publish() resolves only when every subscriber has applied the event, so the relay marks the row
 * sent only then; a failure leaves the row pending and the relay retries (subscribers that already
 * applied it skip it through their inbox).
 */
export class InProcessEventBus implements EventBus {
  readonly kind = 'in-process' as const;
  private readonly subscribers = new Map<string, { consumer: string; deliver: Delivery }[]>();
  private readonly watchers = new Map<string, Listener[]>();

  async publish(event: EventEnvelope): Promise<void> {
    for (const listener of this.watchers.get(event.type) ?? []) listener(event);
    const subs = this.subscribers.get(event.type) ?? [];
    const failures: string[] = [];
    for (const sub of subs) {
      try {
        await sub.deliver(event);
      } catch (e) {
        failures.push(`${sub.consumer}: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    if (failures.length > 0) throw new Error(`delivery failed for ${failures.join('; ')}`);
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
