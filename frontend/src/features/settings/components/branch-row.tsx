import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BranchDto } from '@dukan/contracts';
import { errorText } from '../../../app/api.js';
import { useToast } from '../../../components/ui/use-toast.js';
import { useBranchRegistersMutation, useBranchUpdateMutation } from '../api/settings-api.js';
import { parseRegisters } from '../lib/settings-rules.js';

/** One branch: rename, registers, deactivate or reactivate. */
export function BranchRow({ branch, lastActive }: { branch: BranchDto; lastActive: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [name, setName] = useState(branch.name);
  const [registers, setRegisters] = useState(branch.registers.join(', '));
  const [error, setError] = useState<string | null>(null);
  const [update, updateState] = useBranchUpdateMutation();
  const [saveRegisters, registersState] = useBranchRegistersMutation();
  const busy = updateState.isLoading || registersState.isLoading;

  const run = async (action: () => Promise<unknown>) => {
    setError(null);
    try {
      await action();
      toast.success(t('settings.branches.saved'));
    } catch (err) {
      const text = errorText(err, t('settings.branches.saveFailed'));
      setError(text);
      toast.error(text);
    }
  };

  const onRename = () => {
    if (!name.trim()) return setError(t('settings.branches.required'));
    void run(() => update({ id: branch._id, name: name.trim() }).unwrap());
  };
  const onRegisters = () => {
    const list = parseRegisters(registers);
    if (list === null) return setError(t('settings.branches.invalidCode'));
    void run(() => saveRegisters({ id: branch._id, registers: list }).unwrap());
  };

  return (
    <tr data-testid="branch-row" data-branch={branch._id} className={branch.active ? '' : 'muted'}>
      <td data-label={t('settings.branches.code')}>
        <code>{branch._id}</code>
      </td>
      <td data-label={t('settings.branches.name')}>
        <div className="row">
          <input
            aria-label={t('settings.branches.name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={100}
            data-testid="branch-name"
          />
          <button type="button" className="button" disabled={busy || name.trim() === branch.name} onClick={onRename}>
            {t('settings.branches.rename')}
          </button>
        </div>
      </td>
      <td data-label={t('settings.branches.registers')}>
        <div className="row">
          <input
            aria-label={t('settings.branches.registers')}
            value={registers}
            onChange={(e) => setRegisters(e.target.value)}
            data-testid="branch-registers"
          />
          <button type="button" className="button" disabled={busy || registers === branch.registers.join(', ')} onClick={onRegisters}>
            {t('settings.branches.saveRegisters')}
          </button>
        </div>
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
      </td>
      <td data-label={t('settings.branches.status')} className="branch-status-cell">
        <span className={branch.active ? 'badge success' : 'badge'} data-testid="branch-status">
          {branch.active ? t('settings.branches.active') : t('settings.branches.inactive')}
        </span>{' '}
        <button
          type="button"
          className="button"
          disabled={busy || (branch.active && lastActive)}
          onClick={() => void run(() => update({ id: branch._id, active: !branch.active }).unwrap())}
          data-testid="branch-toggle"
        >
          {branch.active ? t('settings.branches.deactivate') : t('settings.branches.reactivate')}
        </button>
      </td>
    </tr>
  );
}
