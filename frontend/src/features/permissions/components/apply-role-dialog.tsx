import { useState } from 'react';
import { useFormat } from '../../../i18n/format.js';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '../../../components/ui/dialog-actions.js';
import { Modal } from '../../../components/ui/modal.js';
import { errorText } from '../../../app/api.js';
import { useToast } from '../../../components/ui/use-toast.js';
import { usePermissionsApplyRoleMutation, type AssignableRole } from '../api/permissions-api.js';

interface ApplyRoleDialogProps {
  userIds: string[];
  /** Some of these users have unsaved edits, which the role's defaults will replace. */
  replacesUnsaved: boolean;
  onApplied: (userIds: string[]) => void;
  onClose: () => void;
}

/** Bulk: the chosen role's default permissions become the selected users' own (spec part 2, /settings/users). */
export function ApplyRoleDialog({ userIds, replacesUnsaved, onApplied, onClose }: ApplyRoleDialogProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const f = useFormat();
  const [role, setRole] = useState<AssignableRole | ''>('');
  const [apply, { isLoading, error, reset }] = usePermissionsApplyRoleMutation();

  const submit = () => {
    if (!role || isLoading) return;
    apply({ role, userIds })
      .unwrap()
      .then(({ updated }) => {
        toast.success(t('userPermissions.applied', { role: t(`roles.${role}`), n: f.number(updated) }));
        onApplied(userIds);
      })
      .catch(() => undefined); // shown in the dialog
  };

  return (
    <Modal
      title={t('userPermissions.applyRole')}
      onClose={onClose}
      testId="apply-role-dialog"
      footer={
        <DialogActions
          onCancel={onClose}
          onConfirm={submit}
          confirmLabel={t('userPermissions.apply')}
          busy={isLoading}
          busyLabel={t('userPermissions.applying')}
          blocked={!role || userIds.length === 0}
          confirmTestId="apply-role-confirm"
        />
      }
    >
      <p>{t('userPermissions.applyRoleText', { n: f.number(userIds.length) })}</p>
      <label className="field">
        <span>{t('userPermissions.role')}</span>
        <select
          value={role}
          onChange={(e) => {
            setRole(e.target.value as AssignableRole | '');
            reset();
          }}
          data-testid="apply-role-select"
          autoFocus
        >
          <option value="">{t('userPermissions.selectRole')}</option>
          <option value="manager">{t('roles.manager')}</option>
          <option value="cashier">{t('roles.cashier')}</option>
        </select>
      </label>
      {replacesUnsaved && <p className="info-box warning-box">{t('userPermissions.applyRoleUnsaved')}</p>}
      {error && (
        <p className="form-error" role="alert" data-testid="apply-role-error">
          {errorText(error, t('userPermissions.applyFailed'))}
        </p>
      )}
    </Modal>
  );
}
