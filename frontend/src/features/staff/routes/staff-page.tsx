import type { AuthUserDto } from '@dukan/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../app/api.js';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.js';
import { ErrorPanel } from '../../../components/ui/error-panel.js';
import { Pagination } from '../../../components/ui/pagination.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { useToast } from '../../../components/ui/use-toast.js';
import { useFormat } from '../../../i18n/format.js';
import { useCan } from '../../auth/index.js';
import { useStaffDeleteUserMutation, useStaffUsersQuery, type StaffFilters } from '../api/staff-api.js';
import { ResetPasswordDialog } from '../components/reset-password-dialog.js';
import { StaffFilterForm } from '../components/staff-filter-form.js';
import { StaffRow } from '../components/staff-row.js';
import { UserFormModal } from '../components/user-form-modal.js';
import { fullName } from '../lib/staff-names.js';
import '../staff.css';

type Dialog =
  { kind: 'form'; user: AuthUserDto | null } | { kind: 'reset'; user: AuthUserDto } | { kind: 'delete'; user: AuthUserDto } | null;

/** Staff accounts: filter, page through, add, edit, reset a password, delete (spec part 2 §2). */
export function StaffPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const toast = useToast();
  const canCreate = useCan('staff', 'create');
  // What the search button applied (the form keeps what is typed).
  const [filters, setFilters] = useState<StaffFilters>({ page: 1, search: '', role: 'all', active: 'all' });
  const [dialog, setDialog] = useState<Dialog>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const { data, error, isLoading, isFetching, refetch } = useStaffUsersQuery(filters);
  const [deleteUser, deleteState] = useStaffDeleteUserMutation();

  const filtered = filters.search.trim() !== '' || filters.role !== 'all' || filters.active !== 'all';

  const confirmDelete = async (user: AuthUserDto) => {
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

      <StaffFilterForm busy={isFetching && !isLoading} onApply={(applied) => setFilters({ ...applied, page: 1 })} />

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
              <table className="table stack staff-table" data-testid="staff-table">
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
                  {rows.map((u) => (
                    <StaffRow
                      key={u._id}
                      user={u}
                      onEdit={(user) => setDialog({ kind: 'form', user })}
                      onResetPassword={(user) => setDialog({ kind: 'reset', user })}
                      onDelete={(user) => {
                        setDeleteError(null);
                        setDialog({ kind: 'delete', user });
                      }}
                    />
                  ))}
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
            <Pagination
              page={data.pagination.page}
              pages={data.pagination.pages}
              onPage={(page) => setFilters((fl) => ({ ...fl, page }))}
              label={t('staff.title')}
            />
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
