import type { UserEventData } from '@dukan/contracts';
import { replicaHandler, tombstoneHandler, type ReplicaTable } from '@dukan/platform';

// Users' names, so an expense card can say who recorded it (identity owns users; this is a replica).

const USERS: ReplicaTable = { table: 'users', key: 'user_id', stamp: 'as_of', replaces: 'same-or-newer' };

const user = ({ data: d, occurredAt }: { data: UserEventData; occurredAt: string }) => ({
  user_id: d.userId,
  username: d.username,
  first_name: d.firstName,
  last_name: d.lastName,
  as_of: occurredAt,
});

export const ExpenseUserCreatedHandler = replicaHandler('dukan.identity.user.created.v1', USERS, user);
export const ExpenseUserUpdatedHandler = replicaHandler('dukan.identity.user.updated.v1', USERS, user);

/** A deleted user's expenses keep the name they had. */
export const ExpenseUserDeletedHandler = tombstoneHandler(
  'dukan.identity.user.deleted.v1',
  USERS,
  (e) => ({ user_id: e.data.userId, username: '', first_name: '', last_name: '', deleted_at: e.occurredAt, as_of: '-infinity' }),
  ['deleted_at'],
);
