import { useTranslation } from 'react-i18next';
import type { BranchDto, Role } from '@dukan/contracts';
import { chooseHome, toggleBranch, type BranchChoice } from '../lib/user-form.js';

interface Props {
  active: readonly BranchDto[];
  choice: BranchChoice;
  choose: (choice: BranchChoice) => void;
  /** An admin works in every branch: only the home branch is chosen. */
  role: Role;
  error?: string;
}

/** The staff account's home branch and the branches it works in (shown to an admin when the shop has several). */
export function UserBranchesFieldset({ active, choice, choose, role, error }: Props) {
  const { t } = useTranslation();
  return (
    <fieldset className="user-branches" data-testid="user-branches">
      <legend>{t('staff.form.branches')}</legend>
      <label className="field">
        <span>{t('staff.form.homeBranch')}</span>
        <select name="homeBranch" value={choice.homeBranch} onChange={(e) => choose(chooseHome(choice, e.target.value))}>
          {active.map((b) => (
            <option key={b._id} value={b._id}>
              {b.name}
            </option>
          ))}
        </select>
      </label>
      {role === 'admin' ? (
        <p className="muted small">{t('staff.form.adminAllBranches')}</p>
      ) : (
        <div className="row wrap gap">
          {active.map((b) => (
            <label key={b._id} className="checkbox">
              <input
                type="checkbox"
                name="branches"
                value={b._id}
                checked={choice.branches.includes(b._id)}
                onChange={(e) => choose(toggleBranch(choice, b._id, e.target.checked))}
              />
              {b.name}
            </label>
          ))}
        </div>
      )}
      {error && <p className="field-error">{error}</p>}
    </fieldset>
  );
}
