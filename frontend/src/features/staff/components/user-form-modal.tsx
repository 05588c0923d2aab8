import { useTranslation } from 'react-i18next';
import { LOCALES, type Role } from '@dukan/contracts';
import { FormOutcome } from '../../../components/ui/form-outcome.js';
import { Modal } from '../../../components/ui/modal.js';
import type { AuthUserDto } from '@dukan/contracts';
import { useUserForm } from '../hooks/use-user-form.js';
import type { UserField, UserFormValues } from '../lib/user-form.js';
import { RoleOptions } from './role-options.js';
import { UserBranchesFieldset } from './user-branches-fieldset.js';

interface Props {
  /** null: a new user. */
  user: AuthUserDto | null;
  onClose: () => void;
}

/** Add or edit a staff account; a blank password on edit keeps the old one. */
export function UserFormModal({ user, onClose }: Props) {
  const { t } = useTranslation();
  const { mode, values, set, errors, serverErrors, formError, busy, self, activeLocked, roles, branches, submit } = useUserForm(
    user,
    onClose,
  );

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
              <RoleOptions roles={roles} />
            </select>
          </label>
          <label className="field">
            <span>{t('staff.form.language')}</span>
            <select
              name="languagePreference"
              value={values.languagePreference}
              onChange={(e) => set('languagePreference', e.target.value as UserFormValues['languagePreference'])}
            >
              {LOCALES.map((l) => (
                <option key={l} value={l}>
                  {t(`language.${l}`)}
                </option>
              ))}
            </select>
          </label>
        </div>
        {branches.show && (
          <UserBranchesFieldset
            active={branches.active}
            choice={branches.choice}
            choose={branches.choose}
            role={values.role}
            error={serverErrors.homeBranch}
          />
        )}
        <label className="checkbox">
          <input
            type="checkbox"
            name="active"
            checked={values.active}
            onChange={(e) => set('active', e.target.checked)}
            disabled={activeLocked}
          />
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
