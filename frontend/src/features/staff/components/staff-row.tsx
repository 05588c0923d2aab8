import { useTranslation } from 'react-i18next';
import { canManageRole, formatPhone, type Role } from '@dukan/contracts';
import { RowActions } from '../../../components/ui/row-actions.js';
import { useFormat } from '../../../i18n/format.js';
import { useCan, useCurrentUser } from '../../auth/index.js';
import type { AuthUserDto } from '@dukan/contracts';
import { fullName } from '../lib/staff-names.js';

function roleClass(role: Role): string {
  return role === 'admin' ? 'badge danger' : role === 'manager' ? 'badge warning' : 'badge';
}

interface Props {
  user: AuthUserDto;
  onEdit: (user: AuthUserDto) => void;
  onResetPassword: (user: AuthUserDto) => void;
  onDelete: (user: AuthUserDto) => void;
}

/** One staff account in the list; its actions only for accounts the signed-in user manages (never deleting oneself). */
export function StaffRow({ user: u, onEdit, onResetPassword, onDelete }: Props) {
  const { t } = useTranslation();
  const f = useFormat();
  const me = useCurrentUser();
  const canEdit = useCan('staff', 'edit');
  const canDelete = useCan('staff', 'delete');
  const self = u._id === me?._id;
  const manages = !!me && canManageRole(me.role, u.role);
  return (
    <tr data-testid="staff-row" data-username={u.username}>
      <td data-label={t('staff.name')}>
        <div className="cell-main">
          {fullName(u)}
          {self && <span className="badge">{t('staff.you')}</span>}
        </div>
        <div className="muted small" dir="ltr">
          @{u.username}
        </div>
      </td>
      <td data-label={t('staff.contact')}>
        <div dir="ltr" className="cell-ltr">
          {u.email}
        </div>
        {u.phone && (
          <div className="muted small cell-ltr" dir="ltr">
            {formatPhone(u.phone)}
          </div>
        )}
      </td>
      <td data-label={t('staff.role')}>
        <span className={roleClass(u.role)}>{t(`roles.${u.role}`)}</span>
      </td>
      <td data-label={t('staff.status')}>
        <span className={u.active ? 'badge success' : 'badge'} data-testid="user-status">
          {u.active ? t('staff.active') : t('staff.inactive')}
        </span>
      </td>
      <td data-label={t('staff.lastLogin')} data-testid="last-login">
        {u.lastLogin ? f.dateTime(u.lastLogin) : <span className="muted">{t('staff.never')}</span>}
      </td>
      <td className="actions-col">
        <RowActions
          className="row gap end staff-actions"
          edit={canEdit && manages && { label: t('staff.edit'), onClick: () => onEdit(u), testId: 'edit-user' }}
          remove={
            canDelete && manages && !self && { label: t('staff.delete'), look: 'solid', onClick: () => onDelete(u), testId: 'delete-user' }
          }
        >
          {canEdit && manages && (
            <button type="button" className="button small" onClick={() => onResetPassword(u)} data-testid="reset-password">
              {t('staff.resetPassword')}
            </button>
          )}
        </RowActions>
      </td>
    </tr>
  );
}
