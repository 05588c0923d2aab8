import type { BranchDto } from '@dukan/contracts';
import { readBranch } from '../../../app/session.js';
import { pickableBranches, useCurrentUser } from '../../auth/index.js';
import { useBranchesQuery } from '../../settings/index.js';

export interface Chain {
  /** The shop has more than one active branch: its branch screens are shown. */
  isChain: boolean;
  /** The branch this device works in (the header the app sends, else the user's home branch). */
  current: string;
  /** Every active branch (where stock may be sent). */
  active: BranchDto[];
  /** The branches this user may work in. */
  mine: BranchDto[];
}

/** What a chain's screens need to know of the branches; a single shop (one branch) shows none of them. */
export function useChain(): Chain {
  const user = useCurrentUser();
  // Asked of every user: a manager of one branch of a chain still receives what other branches send.
  const { data } = useBranchesQuery(undefined, { skip: !user });
  const active = (data ?? []).filter((b) => b.active);
  const mine = user && data ? pickableBranches(user, data) : [];
  const current = readBranch() ?? user?.homeBranch ?? 'main';
  return { isChain: active.length > 1, current, active, mine };
}

/** A branch's name, or its code when the list does not know it. */
export function branchName(branches: readonly BranchDto[], id: string): string {
  return branches.find((b) => b._id === id)?.name ?? id;
}

/** What a finished send or receipt tells the screen: a text key and the transfer's number. */
export interface Notice {
  key: 'transfers.sendDialog.sent' | 'transfers.receiveDialog.received' | 'transfers.receiveDialog.short';
  number: string;
}
