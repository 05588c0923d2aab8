import { connect, headers as natsHeaders, nanos, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import {
  AckPolicy,
  DeliverPolicy,
  jetstream,
  jetstreamManager,
  type ConsumerMessages,
  type JetStreamClient,
  type JsMsg,
  type JetStreamManager,
} from '@nats-io/jetstream';
import { hasBulkLane, type EventEnvelope, type EventSubject } from '@dukan/contracts';
import { logger } from '../logging/logger.js';
import {
  deliverBatch,
  failureMessage,
  parseEnvelope,
  publishOne,
  retryDelayMs,
  type Delivery,
  type EventBus,
  type Listener,
  type PublishFailure,
  type PublishOptions,
  type SubscriptionOptions,
} from './event-bus.js';
import { readyBatches } from './ready-batches.js';
import { ensureStream } from './nats-stream.js';

export interface NatsBusOptions {
  url: string;
  stream: string;
  /** Wire prefix, e.g. 't1a2b.' in tests; subjects stay 'dukan.…' everywhere else. */
  subjectPrefix: string;
  name: string;
  /** Credentials when the server requires them. */
  user?: string | undefined;
  pass?: string | undefined;
  /** Messages older than this leave the stream (well above the outbox and inbox retention). Default 30 days. */
  maxAgeMs?: number;
  /** The most the stream keeps on disk; the oldest messages go first. Default 2 GiB. */
  maxBytes?: number;
  /** The cap of the redelivery backoff of a failed handler. Default 30 s. */
  maxRetryDelayMs?: number;
}

export const CORRELATION_HEADER = 'x-correlation-id';

/** Messages a consumer keeps pulled ahead, and the most it applies in one transaction, per lane. */
const LANES = {
  live: { pullAhead: 256, maxBatch: 64, suffix: '' },
  bulk: { pullAhead: 2000, maxBatch: 500, suffix: '__bulk' },
} as const;

/**
 * Cluster shape: JetStream with Nats-Msg-Id dedup, durable pull consumers, explicit ack. A failed delivery
 * is redelivered for as long as it takes (capped backoff with jitter); a message that is not an event is
 * handed to the subscription's `malformed` keeper and acknowledged, never allowed to end the process.
 */
export class NatsEventBus implements EventBus {
  readonly kind = 'nats' as const;
  private readonly consumers: ConsumerMessages[] = [];
  private readonly loops: Promise<void>[] = [];
  private readonly watches: Subscription[] = [];
  /** Set by close() and deleteStream(): nothing is created again on the server from then on. */
  private closing = false;
  private streamCheck: Promise<void> | null = null;
  private readonly reconnectListeners: (() => void)[] = [];

  private constructor(
    private readonly nc: NatsConnection,
    private readonly js: JetStreamClient,
    private readonly jsm: JetStreamManager,
    private readonly options: NatsBusOptions,
  ) {}

  static async connect(options: NatsBusOptions): Promise<NatsEventBus> {
    const nc = await connect({
      servers: options.url,
      name: options.name,
      maxReconnectAttempts: -1,
      user: options.user,
      pass: options.pass,
    });
    const jsm = await jetstreamManager(nc);
    await ensureStream(jsm, options);
    const bus = new NatsEventBus(nc, jetstream(nc), jsm, options);
    void (async () => {
      for await (const status of nc.status()) {
        if (status.type !== 'reconnect' || bus.closing) continue;
        logger().info({ stream: options.stream }, 'NATS connection back');
        for (const listener of bus.reconnectListeners) listener();
      }
    })().catch(() => undefined);
    return bus;
  }

  onReconnect(listener: () => void): void {
    this.reconnectListeners.push(listener);
  }

  publish(event: EventEnvelope): Promise<void> {
    return publishOne(this, event);
  }

  /** All of them at once: the messages go out in order and the acknowledgements are awaited together. */
  async publishAll(events: readonly EventEnvelope[], options: PublishOptions = {}): Promise<PublishFailure[]> {
    const bulk = options.lane === 'bulk';
    const results = await Promise.allSettled(
      events.map((event) => {
        if (bulk && !hasBulkLane(event.type)) return Promise.reject(new Error(`${event.type} has no bulk lane`));
        const h = natsHeaders();
        if (event.correlationId) h.set(CORRELATION_HEADER, event.correlationId);
        const subject = bulk ? bulkWireSubject(event.type) : event.type;
        return this.js.publish(`${this.options.subjectPrefix}${subject}`, JSON.stringify(event), { msgID: event.id, headers: h });
      }),
    );
    const failures = results.flatMap((r, i) =>
      r.status === 'rejected' ? [{ eventId: events[i].id, error: failureMessage(r.reason) }] : [],
    );
    // No stream answers (NATS started afresh without its storage): make it again, so the retries get through.
    if (failures.length > 0 && failures.some((f) => /no responders|stream not found|503/i.test(f.error))) this.recreateStream();
    return failures;
  }

  private recreateStream(): void {
    if (this.closing || this.streamCheck) return;
    this.streamCheck = ensureStream(this.jsm, this.options)
      .catch((e: unknown) => logger().warn({ err: e, stream: this.options.stream }, 'could not create the event stream again; will retry'))
      .finally(() => {
        this.streamCheck = null;
      });
  }

  /**
   * One durable per lane: a subject with a bulk lane is read by a second durable, with larger batches, so a
   * bulk backlog never stands in front of a live event. Both apply through the same inbox (same consumer name).
   */
  async subscribe(subject: EventSubject, options: SubscriptionOptions, deliver: Delivery): Promise<void> {
    await this.consumeLane('live', subject, options, deliver);
    if (hasBulkLane(subject)) await this.consumeLane('bulk', subject, options, deliver);
  }

  private async consumeLane(
    lane: keyof typeof LANES,
    subject: EventSubject,
    options: SubscriptionOptions,
    deliver: Delivery,
  ): Promise<void> {
    const { pullAhead, maxBatch, suffix } = LANES[lane];
    const durable = durableName(options.consumer) + suffix;
    const config = {
      durable_name: durable,
      filter_subject: `${this.options.subjectPrefix}${lane === 'bulk' ? bulkWireSubject(subject) : subject}`,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      ack_wait: nanos(30_000),
      // Never given up: a transport failure is retried for as long as it takes, a refusal is parked.
      max_deliver: -1,
    };
    const ensureConsumer = async () => {
      try {
        const info = await this.jsm.consumers.info(this.options.stream, durable);
        // A consumer made by an earlier version gave up after a few deliveries.
        if (info.config.max_deliver !== -1) await this.jsm.consumers.update(this.options.stream, durable, { max_deliver: -1 });
      } catch (e) {
        if (!/not found/i.test(failureMessage(e))) throw e;
        await this.jsm.consumers.add(this.options.stream, config);
      }
    };
    await ensureConsumer();
    const consumer = await this.js.consumers.get(this.options.stream, durable);
    // Pulls expire after 5 s (heartbeats every 2.5 s): a pull lost with a NATS restart is noticed and made again within seconds.
    const messages = await consumer.consume({ max_messages: pullAhead, expires: 5_000 });
    this.consumers.push(messages);
    const log = logger();
    // The server lost the consumer (NATS started afresh, an operator removed it): make it again; pulls resume.
    void (async () => {
      for await (const status of messages.status()) {
        if (this.closing || (status.type !== 'consumer_not_found' && status.type !== 'consumer_deleted')) continue;
        log.warn({ consumer: durable, status: status.type }, 'event consumer missing on the server; creating it again');
        await ensureConsumer().catch((e: unknown) =>
          log.warn({ err: e, consumer: durable }, 'could not create the event consumer again; will retry'),
        );
      }
    })().catch(() => undefined);
    const settle = (m: JsMsg, event: EventEnvelope, error?: unknown) => {
      if (error === undefined) return m.ack();
      const count = m.info.deliveryCount;
      const delay = retryDelayMs(count, Math.random, this.options.maxRetryDelayMs);
      const entry = { err: error, consumer: durable, eventId: event.id, delivery: count, retryInMs: delay };
      // Logged loudly at first, then now and again while it keeps failing.
      if (count <= 3 || count % 20 === 0) log.warn(entry, 'event handler failed; will redeliver');
      m.nak(delay);
    };
    const malformed = async (m: JsMsg, error: unknown) => {
      const body = new TextDecoder('utf-8', { fatal: false }).decode(m.data);
      if (!options.malformed) {
        log.error({ consumer: durable, subject, error: failureMessage(error) }, 'malformed event dropped: not an event of its subject');
        return m.term();
      }
      try {
        await options.malformed({ subject, body, error: failureMessage(error) });
        m.ack();
      } catch (e) {
        log.warn({ err: e, consumer: durable }, 'could not keep a malformed event; will redeliver');
        m.nak(retryDelayMs(m.info.deliveryCount, Math.random, this.options.maxRetryDelayMs));
      }
    };
    this.loops.push(
      (async () => {
        for await (const batch of readyBatches(messages, maxBatch)) {
          try {
            const messageOf = new Map<EventEnvelope, JsMsg>();
            for (const m of batch) {
              let event: EventEnvelope;
              try {
                event = parseEnvelope(subject, m.string());
              } catch (e) {
                await malformed(m, e);
                continue;
              }
              messageOf.set(event, m);
            }
            if (messageOf.size > 0)
              await deliverBatch(deliver, [...messageOf.keys()], (event, error) => settle(messageOf.get(event)!, event, error));
          } catch (e) {
            // Never out of the loop: what was not acknowledged comes back after ack_wait.
            log.error({ err: e, consumer: durable }, 'event batch failed outside its handler; will redeliver');
          }
        }
      })(),
    );
  }

  /** The stream's consumers as the server knows them: durable name and subject (without the wire prefix). */
  async consumerList(): Promise<{ durable: string; subject: string }[]> {
    const out: { durable: string; subject: string }[] = [];
    for await (const info of this.jsm.consumers.list(this.options.stream)) {
      out.push({
        durable: info.config.durable_name ?? info.name,
        subject: (info.config.filter_subject ?? '').slice(this.options.subjectPrefix.length),
      });
    }
    return out;
  }

  /** Publishes raw bytes on a subject, as something other than Dukan might (tests of malformed messages). */
  async publishRaw(subject: string, body: string): Promise<void> {
    await this.js.publish(`${this.options.subjectPrefix}${subject}`, body);
  }

  /** Core NATS subscriptions: JetStream-published messages reach them too, with no consumer state kept. */
  async watch(subjects: readonly EventSubject[], listener: Listener): Promise<void> {
    for (const subject of subjects.flatMap((s) => (hasBulkLane(s) ? [s, bulkWireSubject(s)] : [s]))) {
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
    this.closing = true;
    for (const w of this.watches) w.unsubscribe();
    for (const c of this.consumers) await c.close();
    await Promise.allSettled(this.loops);
    await this.nc.drain().catch(() => undefined);
  }

  /** Test helper: remove the stream and its consumers. */
  async deleteStream(): Promise<void> {
    this.closing = true;
    await this.jsm.streams.delete(this.options.stream).catch(() => undefined);
  }
}

/** Where a bulk-lane event travels: 'dukan.catalog.product.created.v1' → 'dukan.bulk.catalog.product.created.v1'. */
export function bulkWireSubject(subject: string): string {
  return `dukan.bulk.${subject.slice('dukan.'.length)}`;
}

/** The JetStream durable name of a declared consumer ('sales.ProductCreatedHandler' → 'sales_ProductCreatedHandler'). */
export function durableName(consumer: string): string {
  return consumer.replace(/[^A-Za-z0-9_-]/g, '_');
}
