import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useBlocker } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AuthUserDto, PermissionAction, PermissionModule } from '@dukan/contracts';
import { errorText } from '../../../app/api.js';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.js';
import { ErrorPanel } from '../../../components/ui/error-panel.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { useToast } from '../../../components/ui/use-toast.js';
import { useFormat } from '../../../i18n/format.js';
import { useCurrentUser } from '../../auth/use-permissions.js';
import { usePermissionUsersQuery, usePermissionsSaveAllMutation, type PermissionUsersFilter } from '../api/permissions-api.js';
import { ApplyRoleDialog } from '../components/apply-role-dialog.js';
import { Checkbox, UserPermissionRows } from '../components/user-permission-rows.js';
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

const SEARCH_DELAY_MS = 300;

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

  const [searchText, setSearchText] = useState('');
  const [filter, setFilter] = useState<PermissionUsersFilter>({ search: '', role: 'all', active: 'all' });
  useEffect(() => {
    const timer = setTimeout(() => setFilter((old) => (old.search === searchText ? old : { ...old, search: searchText })), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchText]);
  const filtered = filter.search.trim() !== '' || filter.role !== 'all' || filter.active !== 'all';

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
  const onAction = useCallback((u: AuthUserDto, m: PermissionModule, a: PermissionAction, on: boolean) => setEdits((e) => setAction(e, u, m, a, on)), []);
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

  // Leaving with unsaved changes asks first (inside the app, and on reload or closing the tab).
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  useEffect(() => {
    const onUnload = (e: BeforeUnloadEvent) => {
      if (dirtyRef.current) e.preventDefault();
    };
    window.addEventListener('beforeunload', onUnload);
    return () => window.removeEventListener('beforeunload', onUnload);
  }, []);

  const clearFilters = () => {
    setSearchText('');
    setFilter({ search: '', role: 'all', active: 'all' });
  };

  return (
    <section className="page user-permissions">
      <header className="page-header">
        <div>
          <h1>{t('userPermissions.title')}</h1>
          <p className="muted">{t('userPermissions.subtitle')}</p>
        </div>
      </header>

      <div className="panel perm-toolbar">
        <label className="field perm-search">
          <span>{t('userPermissions.searchLabel')}</span>
          <input type="search" value={searchText} onChange={(e) => setSearchText(e.target.value)} placeholder={t('userPermissions.searchPlaceholder')} data-testid="perm-search" />
        </label>
        <label className="field">
          <span>{t('userPermissions.roleFilter')}</span>
          <select value={filter.role} onChange={(e) => setFilter((old) => ({ ...old, role: e.target.value as PermissionUsersFilter['role'] }))} data-testid="perm-role-filter">
            <option value="all">{t('userPermissions.allRoles')}</option>
            <option value="manager">{t('roles.manager')}</option>
            <option value="cashier">{t('roles.cashier')}</option>
          </select>
        </label>
        <label className="field">
          <span>{t('userPermissions.statusFilter')}</span>
          <select value={filter.active} onChange={(e) => setFilter((old) => ({ ...old, active: e.target.value as PermissionUsersFilter['active'] }))} data-testid="perm-status-filter">
            <option value="all">{t('userPermissions.allStatuses')}</option>
            <option value="true">{t('userPermissions.active')}</option>
            <option value="false">{t('userPermissions.inactive')}</option>
          </select>
        </label>
        {(filtered || searchText) && (
          <button type="button" className="button perm-clear" onClick={clearFilters}>
            {t('userPermissions.clearFilters')}
          </button>
        )}
      </div>

      <div className="perm-bulk row gap">
        <span className="muted" data-testid="selected-count">
          {t('userPermissions.selectedCount', { n: f.number(targets.length) })}
        </span>
        <button type="button" className="button" disabled={targets.length === 0} onClick={() => setApplying(true)} data-testid="apply-role-open">
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

      <div className={`perm-savebar ${dirty ? 'dirty' : ''}`} data-testid="perm-savebar">
        <span className={dirty ? 'perm-unsaved-text' : 'muted'} data-testid="unsaved-count" role="status">
          {dirty ? `* ${t('userPermissions.unsavedCount', { n: f.number(cells.length), users: f.number(dirtyUsers.length) })}` : ''}
        </span>
        <div className="row gap">
          <button type="button" className="button" disabled={!dirty || saving.isLoading} onClick={() => setEdits(EMPTY_EDITS)} data-testid="perm-discard">
            {t('userPermissions.discardChanges')}
          </button>
          <button type="button" className="button primary" disabled={!dirty || saving.isLoading} onClick={save} data-testid="perm-save">
            {saving.isLoading ? t('userPermissions.saving') : t('userPermissions.saveChanges')}
          </button>
        </div>
      </div>

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
