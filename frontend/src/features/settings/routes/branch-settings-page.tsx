import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { BranchDto } from '@dukan/contracts';
import { errorText } from '../../../app/api.js';
import { ErrorPanel } from '../../../components/ui/error-panel.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { useToast } from '../../../components/ui/use-toast.js';
import { useCurrentUser } from '../../auth/use-permissions.js';
import { useBranchCreateMutation, useBranchesQuery, useBranchRegistersMutation, useBranchUpdateMutation } from '../api/settings-api.js';
import { SettingsHeader } from '../components/settings-header.js';
import { isBranchCode, parseRegisters } from '../lib/settings-rules.js';
import '../settings.css';

/** One branch: rename, registers, deactivate or reactivate. */
function BranchRow({ branch, lastActive }: { branch: BranchDto; lastActive: boolean }) {
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
      <td>
        <code>{branch._id}</code>
      </td>
      <td>
        <div className="row">
          <input aria-label={t('settings.branches.name')} value={name} onChange={(e) => setName(e.target.value)} maxLength={100} data-testid="branch-name" />
          <button type="button" className="button" disabled={busy || name.trim() === branch.name} onClick={onRename}>
            {t('settings.branches.rename')}
          </button>
        </div>
      </td>
      <td>
        <div className="row">
          <input aria-label={t('settings.branches.registers')} value={registers} onChange={(e) => setRegisters(e.target.value)} data-testid="branch-registers" />
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
      <td>
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

/** /settings/branches (admins): the shop's branches and their registers. */
export function BranchSettingsPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const isAdmin = useCurrentUser()?.role === 'admin';
  const { data, error, isLoading, refetch } = useBranchesQuery(undefined, { refetchOnMountOrArgChange: true });
  const [create, createState] = useBranchCreateMutation();
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [registers, setRegisters] = useState('main');
  const [formError, setFormError] = useState<string | null>(null);

  const header = <SettingsHeader title={t('pages.branchSettings')} subtitle={t('settings.branches.subtitle')} />;
  if (!isAdmin) {
    return (
      <section className="page settings">
        {header}
        <p className="info-box">{t('settings.adminOnly')}</p>
      </section>
    );
  }
  if (error && !data) {
    return (
      <section className="page settings">
        {header}
        <ErrorPanel message={errorText(error, t('settings.branches.loadFailed'))} onRetry={() => void refetch()} />
      </section>
    );
  }
  if (isLoading || !data) {
    return (
      <section className="page settings">
        {header}
        <Spinner label={t('common.loading')} />
      </section>
    );
  }

  const activeCount = data.filter((b) => b.active).length;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    if (!isBranchCode(code.trim())) return setFormError(t('settings.branches.invalidCode'));
    if (!name.trim()) return setFormError(t('settings.branches.required'));
    const list = parseRegisters(registers);
    if (list === null) return setFormError(t('settings.branches.invalidCode'));
    try {
      await create({ _id: code.trim(), name: name.trim(), registers: list }).unwrap();
      toast.success(t('settings.branches.saved'));
      setCode('');
      setName('');
      setRegisters('main');
    } catch (err) {
      const text = errorText(err, t('settings.branches.saveFailed'));
      setFormError(text);
      toast.error(text);
    }
  };

  return (
    <section className="page settings">
      {header}
      <section className="panel" aria-labelledby="branches-title">
        <h2 id="branches-title">{t('settings.branches.list')}</h2>
        {data.length === 1 && <p className="muted">{t('settings.branches.singleShop')}</p>}
        <table className="table" data-testid="branches-table">
          <thead>
            <tr>
              <th>{t('settings.branches.code')}</th>
              <th>{t('settings.branches.name')}</th>
              <th>{t('settings.branches.registers')}</th>
              <th>{t('settings.branches.status')}</th>
            </tr>
          </thead>
          <tbody>
            {data.map((b) => (
              // Keyed by content too, so a saved change resets the row's fields to the server's values.
              <BranchRow key={`${b._id}|${b.name}|${b.registers.join(',')}`} branch={b} lastActive={activeCount <= 1} />
            ))}
          </tbody>
        </table>
      </section>

      <form className="panel settings-form" onSubmit={submit} noValidate data-testid="branch-create-form">
        <h2>{t('settings.branches.add')}</h2>
        <label className="field">
          <span>{t('settings.branches.code')}</span>
          <input name="code" aria-label={t('settings.branches.code')} value={code} onChange={(e) => setCode(e.target.value)} maxLength={40} aria-describedby="branch-code-help" />
          <span className="muted small" id="branch-code-help">
            {t('settings.branches.codeHelp')}
          </span>
        </label>
        <label className="field">
          <span>{t('settings.branches.name')}</span>
          <input name="name" aria-label={t('settings.branches.name')} value={name} onChange={(e) => setName(e.target.value)} maxLength={100} />
        </label>
        <label className="field">
          <span>{t('settings.branches.registers')}</span>
          <input name="registers" aria-label={t('settings.branches.registers')} value={registers} onChange={(e) => setRegisters(e.target.value)} aria-describedby="branch-registers-help" />
          <span className="muted small" id="branch-registers-help">
            {t('settings.branches.registersHelp')}
          </span>
        </label>
        {formError && (
          <p className="form-error" role="alert" data-testid="branch-create-error">
            {formError}
          </p>
        )}
        <div className="row end">
          <button type="submit" className="button primary" disabled={createState.isLoading} data-testid="branch-create">
            {t('settings.branches.create')}
          </button>
        </div>
      </form>
    </section>
  );
}

export default BranchSettingsPage;
