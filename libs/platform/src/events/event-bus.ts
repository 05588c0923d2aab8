import type { EventEnvelope, EventSubject } from '@dukan/contracts';

/**
 * Applies a batch of events, in order, all or none: it throws if any fails, and then none counts as applied.
 * A bus hands over what has arrived at once (one event when traffic is light, dozens under load).
 */
export type Delivery = (events: readonly EventEnvelope[]) => Promise<void>;

/** Hears an event as it is published; nothing is retried or remembered (for dropping cached copies). */
export type Listener = (event: EventEnvelope) => void;

export interface SubscriptionOptions {
  /** Durable consumer name; one per handler, stable across restarts. */
  consumer: string;
  /** Deliveries before an event is given up on and logged as dead. */
  maxDeliver?: number;
}

/** Why an event could not be published; the others of its batch were. */
export interface PublishFailure {
  eventId: string;
  error: string;
}

/** Two implementations: in-process (all-in-one) and NATS JetStream (cluster). Subscribers dedupe through their inbox. */
export interface EventBus {
  readonly kind: 'in-process' | 'nats';
  /** Publishes one event; throws if it could not. */
  publish(event: EventEnvelope): Promise<void>;
  /** Publishes events in order and answers which could not be published. */
  publishAll(events: readonly EventEnvelope[]): Promise<PublishFailure[]>;
  subscribe(subject: EventSubject, options: SubscriptionOptions, deliver: Delivery): Promise<void>;
  /**
   * Every process that watches hears each matching event once as it is published, with no durable state:
   * for invalidating caches, never for effects that must happen (those use subscribe and an inbox).
   */
  watch(subjects: readonly EventSubject[], listener: Listener): Promise<void>;
  close(): Promise<void>;
}

export const EVENT_BUS = Symbol('EVENT_BUS');

export const DEFAULT_MAX_DELIVER = 10;

/** Backoff between redeliveries: 0.5 s, 1 s, 2 s … capped at 60 s. */
export function redeliveryDelayMs(deliveryCount: number): number {
  return Math.min(60_000, 500 * 2 ** Math.max(0, deliveryCount - 1));
}

/**
 * Hands events to a subscriber as one batch; if the batch fails, one by one, so that a single bad event
 * holds back only itself. `settle` hears each event's outcome (an error, or undefined when applied).
 */
export async function deliverBatch(
  deliver: Delivery,
  events: readonly EventEnvelope[],
  settle: (event: EventEnvelope, error?: unknown) => void,
): Promise<void> {
  try {
    await deliver(events);
    for (const event of events) settle(event);
    return;
  } catch (e) {
    if (events.length === 1) return settle(events[0], e);
  }
  for (const event of events) {
    try {
      await deliver([event]);
      settle(event);
    } catch (e) {
      settle(event, e);
    }
  }
}

export function failureMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** `publish` in terms of `publishAll`: throws with the reason the event was refused. */
export async function publishOne(bus: EventBus, event: EventEnvelope): Promise<void> {
  const [failure] = await bus.publishAll([event]);
  if (failure) throw new Error(failure.error);
}
