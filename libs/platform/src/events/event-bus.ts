import type { EventEnvelope, EventLane, EventSubject } from '@dukan/contracts';

/**
 * Applies a batch of events, in order, all or none: it throws if any fails, and then none counts as applied.
 * A bus hands over what has arrived at once (one event when traffic is light, dozens under load).
 */
export type Delivery = (events: readonly EventEnvelope[]) => Promise<void>;

/** Hears an event as it is published; nothing is retried or remembered (for dropping cached copies). */
export type Listener = (event: EventEnvelope) => void;

/** A message on a subscribed subject that is not an event (unparseable, or not an envelope of that subject). */
export interface MalformedMessage {
  subject: string;
  /** The message as received. */
  body: string;
  error: string;
}

export interface SubscriptionOptions {
  /** Durable consumer name, declared once per service; stable across restarts and renames. */
  consumer: string;
  /**
   * Keeps a message that can never be applied (it cannot be read as an event of this subject), so it is
   * acknowledged rather than redelivered for ever. If this throws, the message is redelivered later.
   */
  malformed?: (message: MalformedMessage) => Promise<void>;
}

export interface PublishOptions {
  /** 'bulk' only for subjects with a bulk lane (BULK_SUBJECTS); default 'live'. */
  lane?: EventLane;
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
  /** Publishes events in order and answers which could not be published; bulk-lane events are consumed apart. */
  publishAll(events: readonly EventEnvelope[], options?: PublishOptions): Promise<PublishFailure[]>;
  subscribe(subject: EventSubject, options: SubscriptionOptions, deliver: Delivery): Promise<void>;
  /**
   * Every process that watches hears each matching event once as it is published, with no durable state:
   * for invalidating caches, never for effects that must happen (those use subscribe and an inbox).
   */
  watch(subjects: readonly EventSubject[], listener: Listener): Promise<void>;
  /**
   * Calls `listener` each time the transport comes back after being lost (NATS reconnected), so that work
   * waiting out a backoff can go at once. A bus that is never lost has nothing to call.
   */
  onReconnect?(listener: () => void): void;
  close(): Promise<void>;
}

export const EVENT_BUS = Symbol('EVENT_BUS');

/** The longest wait between two tries of a transport failure (EVENT_RETRY_MAX_MS): retried for ever, never more than this apart. */
export const MAX_RETRY_DELAY_MS = 30_000;

/**
 * Backoff before the next try after `attempt` failures: 0.5 s, 1 s, 2 s … capped at `maxMs` (30 s), with jitter
 * (the upper half of the step, at random) so that many waiting events and processes do not all retry in step.
 */
export function retryDelayMs(attempt: number, random: () => number = Math.random, maxMs = MAX_RETRY_DELAY_MS): number {
  const step = Math.min(maxMs, 500 * 2 ** Math.min(16, Math.max(0, attempt - 1)));
  return Math.round(step / 2 + (step / 2) * random());
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Reads a message body as an event of `subject`; throws a MalformedEventError when it is not one. */
export function parseEnvelope(subject: string, body: string): EventEnvelope {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (e) {
    throw new MalformedEventError(`not JSON: ${failureMessage(e)}`);
  }
  const e = value as Partial<EventEnvelope> | null;
  if (typeof e !== 'object' || e === null || Array.isArray(e)) throw new MalformedEventError('not an event envelope');
  if (typeof e.id !== 'string' || !UUID.test(e.id)) throw new MalformedEventError('the event has no valid id');
  if (e.type !== subject) throw new MalformedEventError(`the event's type ${JSON.stringify(e.type)} is not its subject ${subject}`);
  if (typeof e.occurredAt !== 'string' || typeof e.branchId !== 'string')
    throw new MalformedEventError('the event has no occurredAt or branchId');
  if (e.actorId !== null && e.actorId !== undefined && typeof e.actorId !== 'string')
    throw new MalformedEventError('the event has an invalid actorId');
  if (typeof e.data !== 'object' || e.data === null || Array.isArray(e.data)) throw new MalformedEventError('the event has no data');
  return e as EventEnvelope;
}

/** A message that is not an event: refused the same way every time it is read. */
export class MalformedEventError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MalformedEventError';
  }
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
