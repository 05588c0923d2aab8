import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EventOf, UserEventData } from '@dukan/contracts';
import type { EventHandler } from '@dukan/platform';

// Users' names, so an expense card can say who recorded it (identity owns users; this is a replica).

async function upsertUser(m: EntityManager, d: UserEventData, at: string): Promise<void> {
  await m.query(
    `INSERT INTO users (user_id, username, first_name, last_name, as_of) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (user_id) DO UPDATE SET username = EXCLUDED.username, first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name,
       as_of = EXCLUDED.as_of
     WHERE users.as_of <= EXCLUDED.as_of`,
    [d.userId, d.username, d.firstName, d.lastName, at],
  );
}

@Injectable()
export class ExpenseUserCreatedHandler implements EventHandler<'dukan.identity.user.created.v1'> {
  readonly subject = 'dukan.identity.user.created.v1' as const;

  async handle(event: EventOf<'dukan.identity.user.created.v1'>, m: EntityManager): Promise<void> {
    await upsertUser(m, event.data, event.occurredAt);
  }
}

@Injectable()
export class ExpenseUserUpdatedHandler implements EventHandler<'dukan.identity.user.updated.v1'> {
  readonly subject = 'dukan.identity.user.updated.v1' as const;

  async handle(event: EventOf<'dukan.identity.user.updated.v1'>, m: EntityManager): Promise<void> {
    await upsertUser(m, event.data, event.occurredAt);
  }
}

/** A deleted user's expenses keep the name they had. */
@Injectable()
export class ExpenseUserDeletedHandler implements EventHandler<'dukan.identity.user.deleted.v1'> {
  readonly subject = 'dukan.identity.user.deleted.v1' as const;

  async handle(event: EventOf<'dukan.identity.user.deleted.v1'>, m: EntityManager): Promise<void> {
    await m.query(
      `INSERT INTO users (user_id, username, first_name, last_name, deleted_at, as_of) VALUES ($1, '', '', '', $2, '-infinity')
       ON CONFLICT (user_id) DO UPDATE SET deleted_at = EXCLUDED.deleted_at`,
      [event.data.userId, event.occurredAt],
    );
  }
}
