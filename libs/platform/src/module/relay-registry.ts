import { Injectable } from '@nestjs/common';
import type { OutboxRelay } from '../events/outbox-relay.js';

/** Relays start only after every module has subscribed, so the in-process bus never hands an event to nobody. */
@Injectable()
export class RelayRegistry {
  private readonly relays: { relay: OutboxRelay; databaseUrl: string }[] = [];
  private started = false;

  register(relay: OutboxRelay, databaseUrl: string): void {
    this.relays.push({ relay, databaseUrl });
    if (this.started) void relay.start(databaseUrl);
  }

  async startAll(): Promise<void> {
    this.started = true;
    await Promise.all(this.relays.map(({ relay, databaseUrl }) => relay.start(databaseUrl)));
  }

  async stopAll(): Promise<void> {
    this.started = false;
    await Promise.all(this.relays.map(({ relay }) => relay.stop()));
  }

  /** Tests and shutdown: publish whatever is pending now. */
  async drainAll(): Promise<void> {
    for (const { relay } of this.relays) await relay.drainAll();
  }
}
