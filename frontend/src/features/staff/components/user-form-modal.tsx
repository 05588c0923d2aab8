import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { canManageRole, LOCALES, ROLES, type Role } from '@dukan/contracts';
import { errorText } from '../../../app/api.js';
import { FormOutcome } from '../../../components/ui/form-outcome.js';
import { Modal } from '../../../components/ui/modal.js';
import { useServerForm } from '../../../components/ui/use-server-form.js';
import { useToast } from '../../../components/ui/use-toast.js';
import { useCurrentUser } from '../../auth/use-permissions.js';
import { useBranchesQuery } from '../../settings/api/settings-api.js';
import { useStaffAddUserMutation, useStaffUpdateUserMutation, type StaffUser } from '../api/staff-api.js';
import {
  branchChoiceFrom, chooseHome, emptyUserForm, toggleBranch, userFormFrom, userPayload, validateUserForm,
  type BranchChoice, type UserField, type UserFormErrors, type UserFormValues,
} from '../lib/user-form.js';

interface Props {
  /** null: a new user. */
  user: StaffUser | null;
  onClose: () => void;
}

/** Add or edit a staff account; a blank password on edit keeps the old one. */
export function UserFormModal({ user, onClose }: Props) {
  const { t } = useTranslation();
  const toast = useToast();
  const me = useCurrentUser();
  const mode = user ? 'edit' : 'create';
  const [values, setValues] = useState<UserFormValues>(() => (user ? userFormFrom(user) : emptyUserForm()));
  const [errors, setErrors] = useState<UserFormErrors>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<string, string>>>({});
  const { formError, setFormError, fieldErrors } = useServerForm();
  const [addUser, addState] = useStaffAddUserMutation();
  const [updateUser, updateState] = useStaffUpdateUserMutation();
  const busy = addState.isLoading || updateState.isLoading;
  // Branches are an admin's to give, and only worth showing when the shop has more than one.
  const isAdmin = me?.role === 'admin';
  const { data: allBranches } = useBranchesQuery(undefined, { skip: !isAdmin });
  const activeBranches = (allBranches ?? []).filter((b) => b.active);
  const showBranches = isAdmin && activeBranches.length > 1;
  const [branchChoice, setBranchChoice] = useState<BranchChoice | null>(null);
  const choice = branchChoice ?? branchChoiceFrom(user, activeBranches.map((b) => b._id));
  // Only roles below one's own, an admin's any (the server checks it too); nobody changes their own role.
  const self = user !== null && user._id === me?._id;
  const roles: readonly Role[] = self && user ? [user.role] : ROLES.filter((r) => !!me && canManageRole(me.role, r));

  const set = <K extends keyof UserFormValues>(key: K, value: UserFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    // An error clears when its field is edited.
    setErrors((e) => ({ ...e, [key]: undefined }));
    setServerErrors((e) => {
      const { [key]: _gone, ...rest } = e;
      void _gone;
      return rest;
    });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateUserForm(values, mode);
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return;
    // Sent only when the admin touched them, so an unrelated edit never moves anyone's branches.
    const body = { ...userPayload(values, mode), ...(showBranches && branchChoice && { homeBranch: branchChoice.homeBranch, branches: values.role === 'admin' ? [branchChoice.homeBranch] : branchChoice.branches }) };
    const name = `${body.firstName} ${body.lastName}`;
    try {
      if (user) await updateUser({ id: user._id, body }).unwrap();
      else await addUser(body).unwrap();
      toast.success(t(user ? 'staff.form.updated' : 'staff.form.added', { name }));
      onClose();
    } catch (err) {
      setServerErrors(fieldErrors(err));
      setFormError(errorText(err, t(user ? 'staff.form.updateFailed' : 'staff.form.addFailed')));
    }
  };

  const fieldError = (field: UserField) => {
    const text = errors[field] ? t(`staff.form.${errors[field]}`) : serverErrors[field];
    return text ? (
      <p className="field-error" id={`user-${field}-error`} data-testid={`error-${field}`}>
        {text}
      </p>
    ) : null;
  };
  const described = (field: UserField, hint?: string) =>
    [errors[field] || serverErrors[field] ? `user-${field}-error` : null, hint ?? null].filter(Boolean).join(' ') || undefined;

  const text = (field: Exclude<UserField, 'password'>, type: string, hint?: string) => (
    <div className="field">
      <label htmlFor={`user-${field}`}>{t(`staff.form.${field}`)}</label>
      <input
        id={`user-${field}`}
        name={field}
        type={type}
        dir={field === 'firstName' || field === 'lastName' ? undefined : 'ltr'}
        autoComplete="off"
        value={values[field]}
        onChange={(e) => set(field, e.target.value)}
        aria-invalid={Boolean(errors[field] || serverErrors[field])}
        aria-describedby={described(field, hint ? `user-${field}-hint` : undefined)}
      />
      {hint && (
        <span className="muted small" id={`user-${field}-hint`}>
          {hint}
        </span>
      )}
      {fieldError(field)}
    </div>
  );

  return (
    <Modal title={t(user ? 'staff.editUser' : 'staff.addUser')} onClose={onClose} className="user-form-modal" testId="user-form">
      <form className="user-form" onSubmit={submit} noValidate>
        <div className="user-form-grid">
          {text('firstName', 'text')}
          {text('lastName', 'text')}
          {text('username', 'text')}
          {text('email', 'email')}
          {text('phone', 'tel', t('staff.form.phoneHint'))}
          <div className="field">
            <label htmlFor="user-password">{t('staff.form.password')}</label>
            <input
              id="user-password"
              name="password"
              type="password"
              dir="ltr"
              autoComplete="new-password"
              value={values.password}
              onChange={(e) => set('password', e.target.value)}
              aria-invalid={Boolean(errors.password || serverErrors.password)}
              aria-describedby={described('password', 'user-password-hint')}
            />
            <span className="muted small" id="user-password-hint">
              {mode === 'edit' ? t('staff.form.passwordEditHint') : t('staff.form.passwordHint')}
            </span>
            {fieldError('password')}
          </div>
          <label className="field">
            <span>{t('staff.form.role')}</span>
            <select name="role" value={values.role} onChange={(e) => set('role', e.target.value as Role)} disabled={self}>
              {roles.map((r) => (
                <option key={r} value={r}>
                  {t(`roles.${r}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span>{t('staff.form.language')}</span>
            <select name="languagePreference" value={values.languagePreference} onChange={(e) => set('languagePreference', e.target.value as UserFormValues['languagePreference'])}>
              {LOCALES.map((l) => (
                <option key={l} value={l}>
                  {t(`language.${l}`)}
                </option>
              ))}
            </select>
          </label>
        </div>
        {showBranches && (
          <fieldset className="user-branches" data-testid="user-branches">
            <legend>{t('staff.form.branches')}</legend>
            <label className="field">
              <span>{t('staff.form.homeBranch')}</span>
              <select name="homeBranch" value={choice.homeBranch} onChange={(e) => setBranchChoice(chooseHome(choice, e.target.value))}>
                {activeBranches.map((b) => (
                  <option key={b._id} value={b._id}>
                    {b.name}
                  </option>
                ))}
              </select>
            </label>
            {values.role === 'admin' ? (
              <p className="muted small">{t('staff.form.adminAllBranches')}</p>
            ) : (
              <div className="row wrap gap">
                {activeBranches.map((b) => (
                  <label key={b._id} className="checkbox">
                    <input
                      type="checkbox"
                      name="branches"
                      value={b._id}
                      checked={choice.branches.includes(b._id)}
                      onChange={(e) => setBranchChoice(toggleBranch(choice, b._id, e.target.checked))}
                    />
                    {b.name}
                  </label>
                ))}
              </div>
            )}
            {serverErrors.homeBranch && <p className="field-error">{serverErrors.homeBranch}</p>}
          </fieldset>
        )}
        <label className="checkbox">
          <input type="checkbox" name="active" checked={values.active} onChange={(e) => set('active', e.target.checked)} disabled={user?._id === me?._id} />
          {t('staff.form.active')}
        </label>
        <FormOutcome error={formError} success={null} testId="user-form" />
        <div className="row end gap">
          <button type="button" className="button" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="button primary" disabled={busy} data-testid="user-form-submit">
            {busy ? t('staff.form.saving') : t(user ? 'staff.form.save' : 'staff.form.create')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
