import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EventOf, UserEventData } from '@dukan/contracts';
import { applyIfNewer, tombstone, viewScope, type EventHandler, type ReplicaTable } from '@dukan/platform';
import { REPORTING_CONFIG, type ReportingConfig } from '../config.js';

/** A deleted user stays inactive whatever change of theirs arrives after the deletion. */
const USERS: ReplicaTable = {
  table: 'users',
  key: 'user_id',
  stamp: 'as_of',
  replaces: 'same-or-newer',
  updateAs: { active: 'EXCLUDED.active AND users.deleted_at IS NULL' },
};

/**
 * One event at a time, not a batch's newest: the users table's trigger records every state a change leaves (the
 * dashboard's day-start counts read them), and a batch may hold a user's yesterday and today.
 */
function upsertUser(m: EntityManager, d: UserEventData, at: string, defaultBranch: string): Promise<void> {
  return applyIfNewer(m, USERS, [
    {
      user_id: d.userId,
      username: d.username,
      first_name: d.firstName,
      last_name: d.lastName,
      role: d.role,
      active: d.active,
      branches: workingBranches(d, defaultBranch),
      as_of: at,
    },
  ]);
}

/**
 * The branches a user works in, as the gate reads them (their list, else their home branch, else the shop's
 * default); null: every branch (an admin, or an event from before identity announced branches).
 */
export function workingBranches(d: UserEventData, defaultBranch: string): string[] | null {
  if (d.homeBranch === undefined && d.branches === undefined) return null;
  const scope = viewScope({ role: d.role, homeBranch: d.homeBranch ?? null, branches: d.branches ?? null }, undefined, defaultBranch);
  return 'branches' in scope ? scope.branches : null;
}

@Injectable()
export class ReportUserCreatedHandler implements EventHandler<'dukan.identity.user.created.v1'> {
  readonly subject = 'dukan.identity.user.created.v1' as const;
  constructor(@Inject(REPORTING_CONFIG) private readonly config: ReportingConfig) {}

  handle(event: EventOf<'dukan.identity.user.created.v1'>, m: EntityManager): Promise<void> {
    return upsertUser(m, event.data, event.occurredAt, this.config.BRANCH_ID);
  }
}

@Injectable()
export class ReportUserUpdatedHandler implements EventHandler<'dukan.identity.user.updated.v1'> {
  readonly subject = 'dukan.identity.user.updated.v1' as const;
  constructor(@Inject(REPORTING_CONFIG) private readonly config: ReportingConfig) {}

  handle(event: EventOf<'dukan.identity.user.updated.v1'>, m: EntityManager): Promise<void> {
    return upsertUser(m, event.data, event.occurredAt, this.config.BRANCH_ID);
  }
}

@Injectable()
export class ReportUserDeletedHandler implements EventHandler<'dukan.identity.user.deleted.v1'> {
  readonly subject = 'dukan.identity.user.deleted.v1' as const;

  handle(event: EventOf<'dukan.identity.user.deleted.v1'>, m: EntityManager): Promise<void> {
    // A tombstone: whatever order the events come in, the user ends deleted with the names of their last change.
    const row = {
      user_id: event.data.userId,
      username: '',
      first_name: '',
      last_name: '',
      role: 'cashier',
      active: false,
      deleted_at: event.occurredAt,
      as_of: '-infinity',
    };
    return tombstone(m, USERS, row, ['active', 'deleted_at']);
  }
}
