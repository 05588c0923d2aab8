// The JetStream stream every service publishes to: created with its subjects and limits, or brought to them.
import { nanos } from '@nats-io/transport-node';
import { DiscardPolicy, StorageType, type JetStreamManager } from '@nats-io/jetstream';
import { logger } from '../logging/logger.js';
import { failureMessage } from './event-bus.js';

export const DEFAULT_STREAM_MAX_AGE_MS = 30 * 24 * 3600_000;
export const DEFAULT_STREAM_MAX_BYTES = 2 * 1024 ** 3;

export interface StreamOptions {
  stream: string;
  subjectPrefix: string;
  maxAgeMs?: number;
  maxBytes?: number;
}

/** Creates the stream, or brings an existing one to the current subjects and limits. */
export async function ensureStream(jsm: JetStreamManager, options: StreamOptions): Promise<void> {
  const subjects = [`${options.subjectPrefix}dukan.>`];
  const limits = {
    subjects,
    duplicate_window: nanos(120_000),
    max_age: nanos(options.maxAgeMs ?? DEFAULT_STREAM_MAX_AGE_MS),
    max_bytes: options.maxBytes ?? DEFAULT_STREAM_MAX_BYTES,
    discard: DiscardPolicy.Old,
  };
  try {
    await jsm.streams.info(options.stream);
  } catch (e) {
    if (!/not found/i.test(failureMessage(e))) throw e;
    try {
      await jsm.streams.add({ name: options.stream, storage: StorageType.File, ...limits }).catch((e: unknown) => {
        if (!/insufficient storage/i.test(failureMessage(e))) throw e;
        return jsm.streams.add({ name: options.stream, storage: StorageType.File, ...withinStorage(limits, true) });
      });
      return;
    } catch (added) {
      // Another process made it at the same moment.
      if (!/already in use|exists/i.test(failureMessage(added))) throw added;
    }
  }
  try {
    await jsm.streams.update(options.stream, limits);
  } catch (e) {
    if (!/insufficient storage/i.test(failureMessage(e))) throw e;
    await jsm.streams.update(options.stream, withinStorage(limits, true));
  }
}

/**
 * A byte limit is reserved on the server up front; a server with less JetStream storage than that refuses the
 * stream. Then the stream is kept without the byte limit (the age limit still applies), and it is said so.
 */
function withinStorage<L extends { max_bytes: number }>(limits: L, refused: boolean): L {
  if (!refused) return limits;
  logger().warn(
    { maxBytes: limits.max_bytes },
    'the NATS server cannot reserve the stream byte limit; keeping the stream without one (set NATS_STREAM_MAX_BYTES lower)',
  );
  return { ...limits, max_bytes: -1 };
}

/** Where a bulk-lane event travels: 'dukan.catalog.product.created.v1' → 'dukan.bulk.catalog.product.created.v1'. */
export function bulkWireSubject(subject: string): string {
  return `dukan.bulk.${subject.slice('dukan.'.length)}`;
}
