import type { EventEnvelope, EventSubject } from '@dukan/contracts';

export type Delivery = (event: EventEnvelope) => Promise<void>;

/** Hears an event as it is published; nothing is retried or remembered (for dropping cached copies). */
export type Listener = (event: EventEnvelope) => void;

export interface SubscriptionOptions {
  /** Durable consumer name; one per handler, stable across restarts. */
  consumer: string;
  /** Deliveries before an event is given up on and logged as dead. */
  maxDeliver?: number;
}

/** Two implementations: in-process (all-in-one) and NATS JetStream (cluster). Subscribers dedupe through their inbox. */
export interface EventBus {
  readonly kind: 'in-process' | 'nats';
  publish(event: EventEnvelope): Promise<void>;
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
