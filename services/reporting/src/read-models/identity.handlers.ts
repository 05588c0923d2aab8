import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EventOf, UserEventData } from '@dukan/contracts';
import type { EventHandler } from '@dukan/platform';
import { recordDayStart } from './daily-counts.js';
import { ShopClock } from './shop-clock.js';

async function upsertUser(m: EntityManager, d: UserEventData, at: string): Promise<void> {
  await m.query(
    `INSERT INTO users (user_id, username, first_name, last_name, role, active, as_of) VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (user_id) DO UPDATE SET username = EXCLUDED.username, first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name,
       role = EXCLUDED.role, active = EXCLUDED.active AND users.deleted_at IS NULL, as_of = EXCLUDED.as_of
     WHERE users.as_of <= EXCLUDED.as_of`,
    [d.userId, d.username, d.firstName, d.lastName, d.role, d.active, at],
  );
}

@Injectable()
export class ReportUserCreatedHandler implements EventHandler<'dukan.identity.user.created.v1'> {
  readonly subject = 'dukan.identity.user.created.v1' as const;
  constructor(private readonly clock: ShopClock) {}

  async handle(event: EventOf<'dukan.identity.user.created.v1'>, m: EntityManager): Promise<void> {
    await recordDayStart(m, event.occurredAt, await this.clock.timeZone(m));
    await upsertUser(m, event.data, event.occurredAt);
  }
}

@Injectable()
export class ReportUserUpdatedHandler implements EventHandler<'dukan.identity.user.updated.v1'> {
  readonly subject = 'dukan.identity.user.updated.v1' as const;
  constructor(private readonly clock: ShopClock) {}

  async handle(event: EventOf<'dukan.identity.user.updated.v1'>, m: EntityManager): Promise<void> {
    await recordDayStart(m, event.occurredAt, await this.clock.timeZone(m));
    await upsertUser(m, event.data, event.occurredAt);
  }
}

@Injectable()
export class ReportUserDeletedHandler implements EventHandler<'dukan.identity.user.deleted.v1'> {
  readonly subject = 'dukan.identity.user.deleted.v1' as const;
  constructor(private readonly clock: ShopClock) {}

  async handle(event: EventOf<'dukan.identity.user.deleted.v1'>, m: EntityManager): Promise<void> {
    await recordDayStart(m, event.occurredAt, await this.clock.timeZone(m));
    // A tombstone: whatever order the events come in, the user ends deleted with the names of their last change.
    await m.query(
      `INSERT INTO users (user_id, username, first_name, last_name, role, active, deleted_at, as_of) VALUES ($1, '', '', '', 'cashier', false, $2, '-infinity')
       ON CONFLICT (user_id) DO UPDATE SET active = false, deleted_at = EXCLUDED.deleted_at`,
      [event.data.userId, event.occurredAt],
    );
  }
}
