import type { EventEnvelope, EventSubject } from '@dukan/contracts';
import type { Delivery, EventBus, SubscriptionOptions } from './event-bus.js';

/**
 * All-in-one shape: the outbox relay hands each event straight to the subscribers of this process.
 * publish() resolves only when every subscriber has applied the event, so the relay marks the row
 * sent only then; a failure leaves the row pending and the relay retries (subscribers that already
 * applied it skip it through their inbox).
 */
export class InProcessEventBus implements EventBus {
  readonly kind = 'in-process' as const;
  private readonly subscribers = new Map<string, { consumer: string; deliver: Delivery }[]>();

  async publish(event: EventEnvelope): Promise<void> {
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

  async close(): Promise<void> {
    this.subscribers.clear();
  }
}
