import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EventOf, UserEventData } from '@dukan/contracts';
import { applyIfNewer, tombstone, type EventHandler, type ReplicaTable } from '@dukan/platform';

// Users' names, so an expense card can say who recorded it (identity owns users; this is a replica).

const USERS: ReplicaTable = { table: 'users', key: 'user_id', stamp: 'as_of', replaces: 'same-or-newer' };

function upsertUser(m: EntityManager, d: UserEventData, at: string): Promise<void> {
  return applyIfNewer(m, USERS, [{ user_id: d.userId, username: d.username, first_name: d.firstName, last_name: d.lastName, as_of: at }]);
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
    const row = { user_id: event.data.userId, username: '', first_name: '', last_name: '', deleted_at: event.occurredAt, as_of: '-infinity' };
    await tombstone(m, USERS, row, ['deleted_at']);
  }
}
