import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { canManageRole, ROLES, type Role } from '@dukan/contracts';
import { errorText } from '../../../app/api.js';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.js';
import { ErrorPanel } from '../../../components/ui/error-panel.js';
import { Pagination } from '../../../components/ui/pagination.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { useToast } from '../../../components/ui/use-toast.js';
import { useFormat } from '../../../i18n/format.js';
import { useCan, useCurrentUser } from '../../auth/use-permissions.js';
import { useStaffDeleteUserMutation, useStaffUsersQuery, type StaffFilters, type StaffUser } from '../api/staff-api.js';
import { RowActions } from '../../../components/ui/row-actions.js';
import { ResetPasswordDialog } from '../components/reset-password-dialog.js';
import { UserFormModal } from '../components/user-form-modal.js';
import '../staff.css';

type Dialog = { kind: 'form'; user: StaffUser | null } | { kind: 'reset'; user: StaffUser } | { kind: 'delete'; user: StaffUser } | null;

const fullName = (u: StaffUser) => `${u.firstName} ${u.lastName}`.trim() || u.username;

function roleClass(role: Role): string {
  return role === 'admin' ? 'badge danger' : role === 'manager' ? 'badge warning' : 'badge';
}

/** Staff accounts: filter, page through, add, edit, reset a password, delete (spec part 2 §2). */
export function StaffPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const toast = useToast();
  const me = useCurrentUser();
  const canCreate = useCan('staff', 'create');
  const canEdit = useCan('staff', 'edit');
  const canDelete = useCan('staff', 'delete');
  // What is typed, and what was applied by the search button.
  const [draft, setDraft] = useState<Omit<StaffFilters, 'page'>>({ search: '', role: 'all', active: 'all' });
  const [filters, setFilters] = useState<StaffFilters>({ page: 1, search: '', role: 'all', active: 'all' });
  const [dialog, setDialog] = useState<Dialog>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const { data, error, isLoading, isFetching, refetch } = useStaffUsersQuery(filters);
  const [deleteUser, deleteState] = useStaffDeleteUserMutation();

  const filtered = filters.search.trim() !== '' || filters.role !== 'all' || filters.active !== 'all';
  const applyFilters = (e: FormEvent) => {
    e.preventDefault();
    setFilters({ ...draft, page: 1 });
  };

  const confirmDelete = async (user: StaffUser) => {
    setDeleteError(null);
    try {
      await deleteUser(user._id).unwrap();
      toast.success(t('staff.remove.done', { name: fullName(user) }));
      setDialog(null);
      // The last user of a later page is gone: step back a page.
      if (data && data.data.length === 1 && filters.page > 1) setFilters((fl) => ({ ...fl, page: fl.page - 1 }));
    } catch (err) {
      setDeleteError(errorText(err, t('staff.remove.failed')));
    }
  };

  const rows = data?.data ?? [];

  return (
    <section className="page staff">
      <header className="page-header">
        <div>
          <h1>{t('staff.title')}</h1>
          <p className="muted">{t('staff.subtitle')}</p>
        </div>
        {canCreate && (
          <button type="button" className="button primary" onClick={() => setDialog({ kind: 'form', user: null })} data-testid="add-user">
            + {t('staff.addUser')}
          </button>
        )}
      </header>

      <form className="panel staff-filters" role="search" aria-label={t('staff.filters')} onSubmit={applyFilters}>
        <label className="field grow">
          <span>{t('staff.searchLabel')}</span>
          <input
            type="search"
            name="search"
            value={draft.search}
            placeholder={t('staff.searchPlaceholder')}
            onChange={(e) => setDraft((d) => ({ ...d, search: e.target.value }))}
          />
        </label>
        <label className="field">
          <span>{t('staff.role')}</span>
          <select name="role" value={draft.role} onChange={(e) => setDraft((d) => ({ ...d, role: e.target.value as StaffFilters['role'] }))}>
            <option value="all">{t('staff.allRoles')}</option>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {t(`roles.${r}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>{t('staff.status')}</span>
          <select name="active" value={draft.active} onChange={(e) => setDraft((d) => ({ ...d, active: e.target.value as StaffFilters['active'] }))}>
            <option value="all">{t('staff.allStatuses')}</option>
            <option value="true">{t('staff.active')}</option>
            <option value="false">{t('staff.inactive')}</option>
          </select>
        </label>
        <button type="submit" className="button primary" data-testid="staff-search" disabled={isFetching && !isLoading}>
          {t('common.search')}
        </button>
      </form>

      {error && !data ? (
        <ErrorPanel message={errorText(error, t('staff.fetchError'))} onRetry={() => void refetch()} />
      ) : isLoading ? (
        <Spinner label={t('staff.loading')} />
      ) : (
        <section className="panel" aria-busy={isFetching}>
          {error && (
            <p className="form-error" role="alert">
              {errorText(error, t('staff.fetchError'))}
            </p>
          )}
          {rows.length === 0 ? (
            <p className="muted empty" data-testid="staff-empty">
              {filtered ? t('staff.emptyFiltered') : t('staff.empty')}
            </p>
          ) : (
            <div className="table-scroll">
              <table className="table staff-table" data-testid="staff-table">
                <thead>
                  <tr>
                    <th>{t('staff.name')}</th>
                    <th>{t('staff.contact')}</th>
                    <th>{t('staff.role')}</th>
                    <th>{t('staff.status')}</th>
                    <th>{t('staff.lastLogin')}</th>
                    <th>
                      <span className="sr-only">{t('staff.actions')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((u) => {
                    const self = u._id === me?._id;
                    const manages = !!me && canManageRole(me.role, u.role);
                    return (
                      <tr key={u._id} data-testid="staff-row" data-username={u.username}>
                        <td>
                          <div className="cell-main">
                            {fullName(u)}
                            {self && <span className="badge">{t('staff.you')}</span>}
                          </div>
                          <div className="muted small" dir="ltr">
                            @{u.username}
                          </div>
                        </td>
                        <td>
                          <div dir="ltr" className="cell-ltr">
                            {u.email}
                          </div>
                          {u.phone && (
                            <div className="muted small cell-ltr" dir="ltr">
                              {u.phone}
                            </div>
                          )}
                        </td>
                        <td>
                          <span className={roleClass(u.role)}>{t(`roles.${u.role}`)}</span>
                        </td>
                        <td>
                          <span className={u.active ? 'badge success' : 'badge'} data-testid="user-status">
                            {u.active ? t('staff.active') : t('staff.inactive')}
                          </span>
                        </td>
                        <td data-testid="last-login">{u.lastLogin ? f.dateTime(u.lastLogin) : <span className="muted">{t('staff.never')}</span>}</td>
                        <td>
                          <RowActions
                            className="row gap end staff-actions"
                            edit={canEdit && manages && { label: t('staff.edit'), onClick: () => setDialog({ kind: 'form', user: u }), testId: 'edit-user' }}
                            remove={
                              canDelete &&
                              manages &&
                              !self && {
                                label: t('staff.delete'),
                                look: 'solid',
                                onClick: () => {
                                  setDeleteError(null);
                                  setDialog({ kind: 'delete', user: u });
                                },
                                testId: 'delete-user',
                              }
                            }
                          >
                            {canEdit && manages && (
                              <button type="button" className="button small" onClick={() => setDialog({ kind: 'reset', user: u })} data-testid="reset-password">
                                {t('staff.resetPassword')}
                              </button>
                            )}
                          </RowActions>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
          {data && data.pagination.total > 0 && (
            <p className="muted small" data-testid="staff-total">
              {t('staff.total', { count: f.number(data.pagination.total) } as Record<string, string>)}
            </p>
          )}
          {data && (
            <Pagination page={data.pagination.page} pages={data.pagination.pages} onPage={(page) => setFilters((fl) => ({ ...fl, page }))} label={t('staff.title')} />
          )}
        </section>
      )}

      {dialog?.kind === 'form' && <UserFormModal user={dialog.user} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'reset' && <ResetPasswordDialog user={dialog.user} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title={t('staff.remove.title')}
          message={t('staff.remove.text', { name: fullName(dialog.user), username: dialog.user.username })}
          confirmLabel={t('staff.remove.confirm')}
          danger
          busy={deleteState.isLoading}
          error={deleteError}
          onConfirm={() => void confirmDelete(dialog.user)}
          onCancel={() => setDialog(null)}
          testId="delete-user-dialog"
        />
      )}
    </section>
  );
}

export default StaffPage;
