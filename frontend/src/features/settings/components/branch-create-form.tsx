import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../app/api.js';
import { FormOutcome } from '../../../components/ui/form-outcome.js';
import { useServerForm } from '../../../components/ui/use-server-form.js';
import { useToast } from '../../../components/ui/use-toast.js';
import { useBranchCreateMutation } from '../api/settings-api.js';
import { isBranchCode, parseRegisters } from '../lib/settings-rules.js';

/** Adding a branch: its code, name and registers; the form empties after a success. */
export function BranchCreateForm() {
  const { t } = useTranslation();
  const toast = useToast();
  const [create, createState] = useBranchCreateMutation();
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [registers, setRegisters] = useState('main');
  const { formError, setFormError } = useServerForm();

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
    <form className="panel settings-form" onSubmit={submit} noValidate data-testid="branch-create-form">
      <h2>{t('settings.branches.add')}</h2>
      <label className="field">
        <span>{t('settings.branches.code')}</span>
        <input
          name="code"
          aria-label={t('settings.branches.code')}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          maxLength={40}
          aria-describedby="branch-code-help"
        />
        <span className="muted small" id="branch-code-help">
          {t('settings.branches.codeHelp')}
        </span>
      </label>
      <label className="field">
        <span>{t('settings.branches.name')}</span>
        <input
          name="name"
          aria-label={t('settings.branches.name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={100}
        />
      </label>
      <label className="field">
        <span>{t('settings.branches.registers')}</span>
        <input
          name="registers"
          aria-label={t('settings.branches.registers')}
          value={registers}
          onChange={(e) => setRegisters(e.target.value)}
          aria-describedby="branch-registers-help"
        />
        <span className="muted small" id="branch-registers-help">
          {t('settings.branches.registersHelp')}
        </span>
      </label>
      <FormOutcome error={formError} success={null} testId="branch-create" />
      <div className="row end">
        <button type="submit" className="button primary" disabled={createState.isLoading} data-testid="branch-create">
          {t('settings.branches.create')}
        </button>
      </div>
    </form>
  );
}
