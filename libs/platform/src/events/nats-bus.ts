import { connect, headers as natsHeaders, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import { jetstream, jetstreamManager, type ConsumerMessages, type JetStreamClient, type JetStreamManager } from '@nats-io/jetstream';
import { hasBulkLane, type EventEnvelope, type EventSubject } from '@dukan/contracts';
import { logger } from '../logging/logger.js';
import {
  failureMessage,
  publishOne,
  type Delivery,
  type EventBus,
  type Listener,
  type PublishFailure,
  type PublishOptions,
  type SubscriptionOptions,
} from './event-bus.js';
import { consumeLane, type Lane, type LaneHost } from './nats-consumer.js';
import { bulkWireSubject, ensureStream } from './nats-stream.js';

export { durableName } from './nats-consumer.js';
export { bulkWireSubject } from './nats-stream.js';

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
      // No stack captured for every request and JetStream publish (an Error made per event, for context on a
      // failure only); a failure still says what failed.
      noAsyncTraces: true,
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

  private async consumeLane(lane: Lane, subject: EventSubject, options: SubscriptionOptions, deliver: Delivery): Promise<void> {
    // What the lane's consumer uses of the bus; it asks whether the bus is closing each time it would make something.
    const host: LaneHost = { js: this.js, jsm: this.jsm, options: this.options, closing: () => this.closing };
    const { messages, loop } = await consumeLane(host, lane, subject, options, deliver);
    this.consumers.push(messages);
    this.loops.push(loop);
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
