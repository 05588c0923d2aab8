import { connect, headers as natsHeaders, nanos, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import {
  AckPolicy,
  DeliverPolicy,
  jetstream,
  jetstreamManager,
  StorageType,
  type ConsumerMessages,
  type JetStreamClient,
  type JsMsg,
  type JetStreamManager,
} from '@nats-io/jetstream';
import type { EventEnvelope, EventSubject } from '@dukan/contracts';
import { logger } from '../logging/logger.js';
import {
  DEFAULT_MAX_DELIVER,
  deliverBatch,
  failureMessage,
  publishOne,
  redeliveryDelayMs,
  type Delivery,
  type EventBus,
  type Listener,
  type PublishFailure,
  type SubscriptionOptions,
} from './event-bus.js';

export interface NatsBusOptions {
  url: string;
  stream: string;
  /** Wire prefix, e.g. 't1a2b.' in tests; subjects stay 'dukan.…' everywhere else. */
  subjectPrefix: string;
  name: string;
  /** Credentials when the server requires them. */
  user?: string | undefined;
  pass?: string | undefined;
}

export const CORRELATION_HEADER = 'x-correlation-id';

/** Messages a consumer keeps pulled ahead, and the most it applies in one transaction. */
const PULL_AHEAD = 256;
const MAX_BATCH = 64;

/** Cluster shape: JetStream with Nats-Msg-Id dedup, durable pull consumers, explicit ack, bounded redelivery. */
export class NatsEventBus implements EventBus {
  readonly kind = 'nats' as const;
  private readonly consumers: ConsumerMessages[] = [];
  private readonly loops: Promise<void>[] = [];
  private readonly watches: Subscription[] = [];

  private constructor(
    private readonly nc: NatsConnection,
    private readonly js: JetStreamClient,
    private readonly jsm: JetStreamManager,
    private readonly options: NatsBusOptions,
  ) {}

  static async connect(options: NatsBusOptions): Promise<NatsEventBus> {
    const nc = await connect({ servers: options.url, name: options.name, maxReconnectAttempts: -1, user: options.user, pass: options.pass });
    const jsm = await jetstreamManager(nc);
    const subjects = [`${options.subjectPrefix}dukan.>`];
    const config = { name: options.stream, subjects, storage: StorageType.File, duplicate_window: nanos(120_000) };
    try {
      await jsm.streams.info(options.stream);
      await jsm.streams.update(options.stream, { subjects, duplicate_window: nanos(120_000) });
    } catch {
      await jsm.streams.add(config);
    }
    return new NatsEventBus(nc, jetstream(nc), jsm, options);
  }

  publish(event: EventEnvelope): Promise<void> {
    return publishOne(this, event);
  }

  /** All of them at once: the messages go out in order and the acknowledgements are awaited together. */
  async publishAll(events: readonly EventEnvelope[]): Promise<PublishFailure[]> {
    const results = await Promise.allSettled(
      events.map((event) => {
        const h = natsHeaders();
        if (event.correlationId) h.set(CORRELATION_HEADER, event.correlationId);
        return this.js.publish(`${this.options.subjectPrefix}${event.type}`, JSON.stringify(event), { msgID: event.id, headers: h });
      }),
    );
    return results.flatMap((r, i) => (r.status === 'rejected' ? [{ eventId: events[i].id, error: failureMessage(r.reason) }] : []));
  }

  async subscribe(subject: EventSubject, options: SubscriptionOptions, deliver: Delivery): Promise<void> {
    const durable = options.consumer.replace(/[^A-Za-z0-9_-]/g, '_');
    const maxDeliver = options.maxDeliver ?? DEFAULT_MAX_DELIVER;
    const config = {
      durable_name: durable,
      filter_subject: `${this.options.subjectPrefix}${subject}`,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      ack_wait: nanos(30_000),
      max_deliver: maxDeliver,
    };
    try {
      await this.jsm.consumers.info(this.options.stream, durable);
    } catch {
      await this.jsm.consumers.add(this.options.stream, config);
    }
    const consumer = await this.js.consumers.get(this.options.stream, durable);
    const messages = await consumer.consume({ max_messages: PULL_AHEAD });
    this.consumers.push(messages);
    const log = logger();
    const settle = (m: JsMsg, event: EventEnvelope, error?: unknown) => {
      if (error === undefined) return m.ack();
      const count = m.info.deliveryCount;
      if (count >= maxDeliver) {
        log.error({ err: error, consumer: durable, eventId: event.id, type: event.type }, 'event given up after bounded redelivery');
        m.term();
      } else {
        log.warn({ err: error, consumer: durable, eventId: event.id, delivery: count }, 'event handler failed; will redeliver');
        m.nak(redeliveryDelayMs(count));
      }
    };
    this.loops.push(
      (async () => {
        for await (const batch of arrived(messages, MAX_BATCH)) {
          const messageOf = new Map(batch.map((m) => [m.json<EventEnvelope>(), m] as const));
          await deliverBatch(deliver, [...messageOf.keys()], (event, error) => settle(messageOf.get(event)!, event, error));
        }
      })(),
    );
  }

  /** Core NATS subscriptions: JetStream-published messages reach them too, with no consumer state kept. */
  async watch(subjects: readonly EventSubject[], listener: Listener): Promise<void> {
    for (const subject of subjects) {
      this.watches.push(
        this.nc.subscribe(`${this.options.subjectPrefix}${subject}`, {
          callback: (err, m) => {
            if (err) return;
            try {
              listener(m.json<EventEnvelope>());
            } catch (e) {
              logger().warn({ err: e, subject }, 'event watcher failed');
            }
          },
        }),
      );
    }
    await this.nc.flush();
  }

  async close(): Promise<void> {
    for (const w of this.watches) w.unsubscribe();
    for (const c of this.consumers) await c.close();
    await Promise.allSettled(this.loops);
    await this.nc.drain().catch(() => undefined);
  }

  /** Test helper: remove the stream and its consumers. */
  async deleteStream(): Promise<void> {
    await this.jsm.streams.delete(this.options.stream).catch(() => undefined);
  }
}

const IDLE = Symbol('idle');

/**
 * Groups what an async iterable has already delivered into batches of up to `max`, never waiting to fill
 * one: a lone message is a batch of one; a backlog comes out `max` at a time.
 */
export async function* arrived<T>(source: AsyncIterable<T>, max: number): AsyncGenerator<T[]> {
  const it = source[Symbol.asyncIterator]();
  let next = it.next();
  for (;;) {
    const first = await next;
    if (first.done) return;
    const batch = [first.value];
    next = it.next();
    while (batch.length < max) {
      // What is already queued resolves within microtasks, before the next turn of the event loop.
      const r = await Promise.race([next, new Promise<typeof IDLE>((resolve) => setImmediate(resolve, IDLE))]);
      if (r === IDLE) break;
      if (r.done) {
        yield batch;
        return;
      }
      batch.push(r.value);
      next = it.next();
    }
    yield batch;
  }
}
