import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AuthUserDto, PermissionAction, PermissionModule } from '@dukan/contracts';
import { errorText } from '../../../app/api.js';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.js';
import { ErrorPanel } from '../../../components/ui/error-panel.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { useToast } from '../../../components/ui/use-toast.js';
import { useFormat } from '../../../i18n/format.js';
import { useCurrentUser } from '../../auth/index.js';
import { usePermissionUsersQuery, usePermissionsSaveAllMutation } from '../api/permissions-api.js';
import { ApplyRoleDialog } from '../components/apply-role-dialog.js';
import { PermissionsSaveBar } from '../components/permissions-save-bar.js';
import { Checkbox, UserPermissionRows } from '../components/user-permission-rows.js';
import { UsersFilterBar } from '../components/users-filter-bar.js';
import { useLeaveGuard } from '../hooks/use-leave-guard.js';
import { useUsersFilter } from '../hooks/use-users-filter.js';
import {
  EMPTY_EDITS,
  changedCells,
  changedUserIds,
  discard,
  pendingSaves,
  selectionState,
  setAction,
  setModule,
  setRoleDefaults,
  toggleAll,
  toggleOne,
  type PermissionEdits,
} from '../lib/permission-edits.js';
import '../permissions.css';

/** /settings/users: admin only. Anyone else who reaches it (a user given staff edit) is told so. */
export default function UserPermissionsPage() {
  const user = useCurrentUser();
  if (!user || user.role !== 'admin') return <AdminOnly />;
  return <PermissionsScreen selfId={user._id} />;
}

function AdminOnly() {
  const { t } = useTranslation();
  const toast = useToast();
  useEffect(() => {
    toast.error(t('userPermissions.adminOnly'));
  }, [toast, t]);
  return (
    <section className="page">
      <section className="panel restricted" role="alert" data-testid="permissions-admin-only">
        <div className="restricted-icon" aria-hidden="true">
          🔒
        </div>
        <p>{t('userPermissions.accessDenied')}</p>
      </section>
    </section>
  );
}

function PermissionsScreen({ selfId }: { selfId: string }) {
  const { t } = useTranslation();
  const f = useFormat();
  const toast = useToast();

  const usersFilter = useUsersFilter();
  const { filter, filtered } = usersFilter;
  const { data, error, isLoading, isFetching, refetch } = usePermissionUsersQuery(filter, { refetchOnMountOrArgChange: true });
  const users = useMemo(() => data ?? [], [data]);
  const visibleIds = useMemo(() => users.map((u) => u._id), [users]);

  const [edits, setEdits] = useState<PermissionEdits>(EMPTY_EDITS);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [applying, setApplying] = useState(false);
  const [saveAll, saving] = usePermissionsSaveAllMutation();

  const cells = useMemo(() => changedCells(edits), [edits]);
  const dirtyUsers = changedUserIds(edits);
  const dirty = cells.length > 0;
  // Apply Role acts on what the admin can see selected, not on users a filter has hidden.
  const targets = visibleIds.filter((id) => selected.has(id));
  const selection = selectionState(selected, visibleIds);
  const allExpanded = users.length > 0 && users.every((u) => expanded.has(u._id));

  const onSelect = useCallback((id: string) => setSelected((s) => toggleOne(s, id)), []);
  const onExpand = useCallback((id: string) => setExpanded((s) => toggleOne(s, id)), []);
  const onAction = useCallback(
    (u: AuthUserDto, m: PermissionModule, a: PermissionAction, on: boolean) => setEdits((e) => setAction(e, u, m, a, on)),
    [],
  );
  const onModule = useCallback((u: AuthUserDto, m: PermissionModule, on: boolean) => setEdits((e) => setModule(e, u, m, on)), []);
  const onRoleDefaults = useCallback((u: AuthUserDto) => setEdits((e) => setRoleDefaults(e, u)), []);

  const save = () => {
    const changes = pendingSaves(edits);
    if (changes.length === 0 || saving.isLoading) return;
    saveAll(changes)
      .unwrap()
      .then(({ saved, failed }) => {
        const savedIds = saved.map((u) => u._id);
        setEdits((e) => discard(e, savedIds));
        if (failed[0]) toast.error(errorText(failed[0].error, t('userPermissions.updateFailed')));
        else toast.success(t('userPermissions.updated'));
        // The layout picks up other users' changes by itself; one's own needs a fresh page (spec).
        if (savedIds.includes(selfId)) toast.info(t('userPermissions.refreshSelf'));
      })
      .catch((e: unknown) => toast.error(errorText(e, t('userPermissions.updateFailed'))));
  };

  const blocker = useLeaveGuard(dirty);

  return (
    <section className="page user-permissions">
      <header className="page-header">
        <div>
          <h1>{t('userPermissions.title')}</h1>
          <p className="muted">{t('userPermissions.subtitle')}</p>
        </div>
      </header>

      <UsersFilterBar {...usersFilter} />

      <div className="perm-bulk row gap">
        <span className="muted" data-testid="selected-count">
          {t('userPermissions.selectedCount', { n: f.number(targets.length) })}
        </span>
        <button
          type="button"
          className="button"
          disabled={targets.length === 0}
          onClick={() => setApplying(true)}
          data-testid="apply-role-open"
        >
          {t('userPermissions.applyRole')}
        </button>
        <button
          type="button"
          className="button perm-expand-all"
          disabled={users.length === 0}
          onClick={() => setExpanded(allExpanded ? new Set() : new Set(visibleIds))}
          data-testid="expand-all"
        >
          {t(allExpanded ? 'userPermissions.collapseAll' : 'userPermissions.expandAll')}
        </button>
      </div>

      {error && !data ? (
        <ErrorPanel message={errorText(error, t('userPermissions.fetchFailed'))} onRetry={() => void refetch()} />
      ) : isLoading ? (
        <Spinner label={t('userPermissions.loading')} />
      ) : users.length === 0 ? (
        <section className="panel perm-empty" data-testid="perm-empty">
          {filtered ? (
            <p className="muted">{t('userPermissions.noMatches')}</p>
          ) : (
            <>
              <p className="muted">{t('userPermissions.empty')}</p>
              <Link className="button" to="/staff">
                {t('userPermissions.goToStaff')}
              </Link>
            </>
          )}
        </section>
      ) : (
        <div className={`panel perm-table-panel ${isFetching ? 'fetching' : ''}`} aria-busy={isFetching}>
          <table className="table perm-table" data-testid="perm-table">
            <thead>
              <tr>
                <th className="perm-select">
                  <Checkbox
                    checked={selection === 'all'}
                    indeterminate={selection === 'some'}
                    onChange={() => setSelected((s) => toggleAll(s, visibleIds))}
                    aria-label={t('userPermissions.selectAll')}
                    title={t('userPermissions.selectAll')}
                    data-testid="select-all"
                  />
                </th>
                <th>{t('userPermissions.user')}</th>
                <th className="perm-email">{t('userPermissions.email')}</th>
                <th>{t('userPermissions.role')}</th>
                <th>{t('userPermissions.status')}</th>
                <th>{t('userPermissions.permissions')}</th>
                <th>
                  <span className="sr-only">{t('userPermissions.unsaved')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {users.map((u) => (
                <UserPermissionRows
                  key={u._id}
                  user={u}
                  draft={edits[u._id]}
                  selected={selected.has(u._id)}
                  expanded={expanded.has(u._id)}
                  onSelect={onSelect}
                  onExpand={onExpand}
                  onAction={onAction}
                  onModule={onModule}
                  onRoleDefaults={onRoleDefaults}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}

      <PermissionsSaveBar
        cells={cells.length}
        users={dirtyUsers.length}
        saving={saving.isLoading}
        onDiscard={() => setEdits(EMPTY_EDITS)}
        onSave={save}
      />

      {applying && (
        <ApplyRoleDialog
          userIds={targets}
          replacesUnsaved={targets.some((id) => edits[id])}
          onApplied={(ids) => {
            setEdits((e) => discard(e, ids));
            setSelected(new Set());
            setApplying(false);
          }}
          onClose={() => setApplying(false)}
        />
      )}

      {blocker.state === 'blocked' && (
        <ConfirmDialog
          title={t('userPermissions.leaveTitle')}
          message={t('userPermissions.leaveText')}
          confirmLabel={t('userPermissions.leave')}
          danger
          onConfirm={() => blocker.proceed()}
          onCancel={() => blocker.reset()}
          testId="leave-dialog"
        />
      )}
    </section>
  );
}
