import type { AuthUserDto } from '@dukan/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../app/api.js';
import { Modal } from '../../../components/ui/modal.js';
import { useToast } from '../../../components/ui/use-toast.js';
import { useStaffResetPasswordMutation } from '../api/staff-api.js';
import { canResetPassword } from '../lib/user-form.js';

/** A new password for someone else; confirm stays disabled below 6 characters. */
export function ResetPasswordDialog({ user, onClose }: { user: AuthUserDto; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [reset, { isLoading }] = useStaffResetPasswordMutation();
  const name = `${user.firstName} ${user.lastName}`;
  const ready = canResetPassword(password);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!ready || isLoading) return;
    setError(null);
    try {
      await reset({ id: user._id, newPassword: password }).unwrap();
      toast.success(t('staff.reset.done', { name }));
      onClose();
    } catch (err) {
      setError(errorText(err, t('staff.reset.failed')));
    }
  };

  return (
    <Modal title={t('staff.reset.title', { name })} onClose={onClose} testId="reset-password-dialog">
      <form className="stack" onSubmit={submit} noValidate>
        <p className="muted">{t('staff.reset.text')}</p>
        <div className="field">
          <label htmlFor="reset-new-password">{t('staff.reset.newPassword')}</label>
          <input
            id="reset-new-password"
            name="newPassword"
            type="password"
            dir="ltr"
            autoComplete="new-password"
            autoFocus
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              setError(null);
            }}
            aria-describedby="reset-password-hint"
          />
          <span className="muted small" id="reset-password-hint">
            {t('staff.form.passwordHint')}
          </span>
        </div>
        {error && (
          <p className="form-error" role="alert" data-testid="reset-password-error">
            {error}
          </p>
        )}
        <div className="row end gap">
          <button type="button" className="button" onClick={onClose} disabled={isLoading}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="button primary" disabled={!ready || isLoading} data-testid="reset-password-confirm">
            {isLoading ? t('common.working') : t('staff.reset.confirm')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
