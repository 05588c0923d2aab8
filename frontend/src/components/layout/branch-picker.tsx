import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api.js';
import { useAppDispatch } from '../../app/hooks.js';
import { readBranch, readRegister, writeBranch } from '../../app/session.js';
import { deviceBranchFits, mayHaveSeveralBranches, pickableBranches, registerFor } from '../../features/auth/branches.js';
import type { AuthUser } from '../../features/auth/types.js';
import { useBranchesQuery } from '../../features/settings/api/settings-api.js';
import { BranchSelect } from './branch-select.js';

/**
 * The branch and register this device works in, for users with more than one branch: chosen once, kept in
 * localStorage, sent with every call (X-Dukan-Branch). A single shop shows nothing.
 */
export function BranchPicker({ user }: { user: AuthUser }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [bound, setBound] = useState(readBranch);
  const [storedRegister, setStoredRegister] = useState(readRegister);

  const several = mayHaveSeveralBranches(user);
  const { data } = useBranchesQuery(undefined, { skip: !several });
  const choices = data ? pickableBranches(user, data) : [];

  // Another user signing in on this device, or a branch since deactivated: the device lets it go (the user's
  // home branch applies), so what the picker shows is always the branch the calls name.
  const stale = Boolean(bound && (!deviceBranchFits(user, bound) || (data && !choices.some((b) => b._id === bound))));
  useEffect(() => {
    if (stale) {
      writeBranch(null);
      setBound(null);
      dispatch(api.util.resetApiState());
    }
  }, [stale, dispatch]);

  if (!several || choices.length < 2) return null;

  const current = choices.find((b) => b._id === bound) ?? choices.find((b) => b._id === user.homeBranch) ?? choices[0]!;
  const register = registerFor(current, storedRegister);

  const choose = (branchId: string, registerId?: string) => {
    const branch = choices.find((b) => b._id === branchId)!;
    const nextRegister = registerId ?? registerFor(branch, register);
    writeBranch(branchId, nextRegister);
    setBound(branchId);
    setStoredRegister(nextRegister);
    // Everything on screen belonged to the other branch: ask again.
    dispatch(api.util.resetApiState());
  };

  return (
    <div className="branch-bar" data-testid="branch-picker">
      <BranchSelect label={t('branchPicker.branch')} value={current._id} onChange={(id) => choose(id)} testId="branch-select"
        options={choices.map((b) => ({ value: b._id, label: b.name }))} />
      {current.registers.length > 1 && (
        <BranchSelect label={t('branchPicker.register')} value={register} onChange={(r) => choose(current._id, r)} testId="register-select"
          options={current.registers.map((r) => ({ value: r, label: r }))} />
      )}
    </div>
  );
}
