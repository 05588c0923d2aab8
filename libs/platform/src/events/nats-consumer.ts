// A durable pull consumer of one subject on one lane: made (or brought to never giving up) on the server, made
// again if the server loses it, and read in batches; each message acknowledged, redelivered later or kept as
// malformed.
import { nanos } from '@nats-io/transport-node';
import {
  AckPolicy,
  DeliverPolicy,
  type ConsumerMessages,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
} from '@nats-io/jetstream';
import type { EventEnvelope, EventSubject } from '@dukan/contracts';
import { logger } from '../logging/logger.js';
import { deliverBatch, failureMessage, parseEnvelope, retryDelayMs, type Delivery, type SubscriptionOptions } from './event-bus.js';
import { readyBatches } from './ready-batches.js';
import { bulkWireSubject } from './nats-stream.js';

/** Messages a consumer keeps pulled ahead, and the most it applies in one transaction, per lane. */
const LANES = {
  live: { pullAhead: 256, maxBatch: 64, suffix: '' },
  bulk: { pullAhead: 2000, maxBatch: 500, suffix: '__bulk' },
} as const;

export type Lane = keyof typeof LANES;

/** What a lane's consumer needs of the bus: its JetStream clients, the stream and wire prefix, and whether it is closing. */
export interface LaneHost {
  js: JetStreamClient;
  jsm: JetStreamManager;
  options: { stream: string; subjectPrefix: string; maxRetryDelayMs?: number | undefined };
  closing(): boolean;
}

/** Starts reading `subject` on `lane`; the messages (to close) and the loop that ends when they are closed. */
export async function consumeLane(
  host: LaneHost,
  lane: Lane,
  subject: EventSubject,
  options: SubscriptionOptions,
  deliver: Delivery,
): Promise<{ messages: ConsumerMessages; loop: Promise<void> }> {
  const { pullAhead, maxBatch, suffix } = LANES[lane];
  const durable = durableName(options.consumer) + suffix;
  const config = {
    durable_name: durable,
    filter_subject: `${host.options.subjectPrefix}${lane === 'bulk' ? bulkWireSubject(subject) : subject}`,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.All,
    ack_wait: nanos(30_000),
    // Never given up: a transport failure is retried for as long as it takes, a refusal is parked.
    max_deliver: -1,
  };
  const ensureConsumer = async () => {
    try {
      const info = await host.jsm.consumers.info(host.options.stream, durable);
      // A consumer made by an earlier version gave up after a few deliveries.
      if (info.config.max_deliver !== -1) await host.jsm.consumers.update(host.options.stream, durable, { max_deliver: -1 });
    } catch (e) {
      if (!/not found/i.test(failureMessage(e))) throw e;
      await host.jsm.consumers.add(host.options.stream, config);
    }
  };
  await ensureConsumer();
  const consumer = await host.js.consumers.get(host.options.stream, durable);
  // Pulls expire after 5 s (heartbeats every 2.5 s): a pull lost with a NATS restart is noticed and made again within seconds.
  const messages = await consumer.consume({ max_messages: pullAhead, expires: 5_000 });
  const log = logger();
  // The server lost the consumer (NATS started afresh, an operator removed it): make it again; pulls resume.
  void (async () => {
    for await (const status of messages.status()) {
      if (host.closing() || (status.type !== 'consumer_not_found' && status.type !== 'consumer_deleted')) continue;
      log.warn({ consumer: durable, status: status.type }, 'event consumer missing on the server; creating it again');
      await ensureConsumer().catch((e: unknown) =>
        log.warn({ err: e, consumer: durable }, 'could not create the event consumer again; will retry'),
      );
    }
  })().catch(() => undefined);
  const settle = (m: JsMsg, event: EventEnvelope, error?: unknown) => {
    if (error === undefined) return m.ack();
    const count = m.info.deliveryCount;
    const delay = retryDelayMs(count, Math.random, host.options.maxRetryDelayMs);
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
      m.nak(retryDelayMs(m.info.deliveryCount, Math.random, host.options.maxRetryDelayMs));
    }
  };
  const loop = (async () => {
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
  })();
  return { messages, loop };
}

/** The JetStream durable name of a declared consumer ('sales.ProductCreatedHandler' → 'sales_ProductCreatedHandler'). */
export function durableName(consumer: string): string {
  return consumer.replace(/[^A-Za-z0-9_-]/g, '_');
}
