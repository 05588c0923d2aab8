import { useEffect, useState } from 'react';
import { DEFAULT_BRANCH } from '@dukan/contracts';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api.js';
import { useAppDispatch } from '../../app/hooks.js';
import { readBranch, readRegister, writeBranch } from '../../app/session.js';
import { deviceBranchFits, mayHaveSeveralBranches, pickableBranches, registerFor, type SignedInUser } from '../../features/auth/index.js';
import { useBranchesQuery } from '../../features/settings/index.js';
import { BranchSelect } from './branch-select.js';

/**
 * The branch and register this device works in: the branch for users with more than one (sent with every call,
 * X-Dukan-Branch), the register wherever the branch has several (a single shop with two tills too). Chosen once,
 * kept in localStorage. A single shop with one register shows nothing.
 */
export function BranchPicker({ user }: { user: SignedInUser }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [bound, setBound] = useState(readBranch);
  const [storedRegister, setStoredRegister] = useState(readRegister);

  const several = mayHaveSeveralBranches(user);
  const { data } = useBranchesQuery();
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

  const home = user.homeBranch ?? DEFAULT_BRANCH;
  const current =
    choices.find((b) => b._id === bound) ?? choices.find((b) => b._id === home) ?? data?.find((b) => b._id === home) ?? choices[0];
  const pickBranch = several && choices.length > 1;
  if (!current || (!pickBranch && current.registers.length < 2)) return null;
  const register = registerFor(current, storedRegister);

  const choose = (branchId: string, registerId?: string) => {
    const branch = choices.find((b) => b._id === branchId) ?? current;
    const nextRegister = registerId ?? registerFor(branch, register);
    // Only a user who picks branches binds the device to one; the others keep their home branch.
    writeBranch(pickBranch ? branchId : null, nextRegister);
    setBound(pickBranch ? branchId : null);
    setStoredRegister(nextRegister);
    // Everything on screen belonged to the other branch or register: ask again.
    dispatch(api.util.resetApiState());
  };

  return (
    <div className="branch-bar" data-testid="branch-picker">
      {pickBranch && (
        <BranchSelect
          label={t('branchPicker.branch')}
          value={current._id}
          onChange={(id) => choose(id)}
          testId="branch-select"
          options={choices.map((b) => ({ value: b._id, label: b.name }))}
        />
      )}
      {current.registers.length > 1 && (
        <BranchSelect
          label={t('branchPicker.register')}
          value={register}
          onChange={(r) => choose(current._id, r)}
          testId="register-select"
          options={current.registers.map((r) => ({ value: r, label: r }))}
        />
      )}
    </div>
  );
}
