import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { mayHaveSeveralBranches, pickableBranches, useCurrentUser } from '../../features/auth/index.js';
import { useBranchesQuery } from '../../features/settings/index.js';
import { BranchSelect } from './branch-select.js';

const PARAM = 'branch';
const ALL = 'all';

/**
 * The branch a chain-wide view (the dashboard, the reports) shows, kept in the page's address (?branch=), so a
 * reload or a shared link shows the same; undefined: all the branches the user may see (the server decides which).
 */
export function useViewBranch(): [string | undefined, (branch: string | undefined) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get(PARAM);
  const set = useCallback(
    (branch: string | undefined) => {
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          if (branch) next.set(PARAM, branch);
          else next.delete(PARAM);
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  return [asked && asked !== ALL ? asked : undefined, set];
}

/** "All branches" or one of them, for users with more than one branch; a single shop shows nothing. */
export function ViewBranchPicker() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [branch, setBranch] = useViewBranch();
  const several = Boolean(user && mayHaveSeveralBranches(user));
  const { data } = useBranchesQuery(undefined, { skip: !several });
  const choices = user && data ? pickableBranches(user, data) : [];
  if (!several || choices.length < 2) return null;
  const options = [{ value: ALL, label: t('branchPicker.allBranches') }, ...choices.map((b) => ({ value: b._id, label: b.name }))];
  return (
    <div className="branch-bar view-branch" data-testid="view-branch-picker">
      <BranchSelect
        label={t('branchPicker.view')}
        value={branch ?? ALL}
        options={options}
        testId="view-branch-select"
        onChange={(v) => setBranch(v === ALL ? undefined : v)}
      />
    </div>
  );
}
