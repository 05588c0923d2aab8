import { existsSync } from 'node:fs';
import { built, type FaultCluster, NATS_SERVER, START_MS, startFaultCluster } from './fault-cluster.js';
import { natsOutage } from './nats-outage.js';

// NATS down for many times the longest backoff: what six minutes are to the shipped 30 s cap, here with the cap
// lowered to 2 s (EVENT_RETRY_MAX_MS), so that every outbox row and redelivery waits out its cap over and over.
// events-faults.e2e-spec.ts keeps a real minute on the shipped settings.

const describeFaults = built && existsSync(NATS_SERVER) ? describe : describe.skip;
const RETRY_CAP_MS = 2_000;
/** Six minutes against a 30 s cap are twelve caps; this is fifteen (FAULT_NATS_LONG_DOWN_MS changes it). */
const LONG_DOWN_MS = Number(process.env.FAULT_NATS_LONG_DOWN_MS ?? 15 * RETRY_CAP_MS);

describeFaults('a long NATS outage (cluster shape, backoff capped at 2 s)', () => {
  let f: FaultCluster;

  beforeAll(async () => {
    f = await startFaultCluster('longout', { ownNats: true, env: { EVENT_RETRY_MAX_MS: String(RETRY_CAP_MS) } });
  }, START_MS);

  afterAll(() => f?.dispose(), 90_000);

  it(
    `NATS down for ${LONG_DOWN_MS / 1000} s (${LONG_DOWN_MS / RETRY_CAP_MS} backoff caps) while the tills sell: the same, after a long outage`,
    async () => {
      await natsOutage(f, 'long', LONG_DOWN_MS, '07501112288');
    },
    LONG_DOWN_MS + 240_000,
  );
});
