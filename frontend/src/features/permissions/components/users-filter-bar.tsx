import { useTranslation } from 'react-i18next';
import type { PermissionUsersFilter } from '../api/permissions-api.js';
import type { useUsersFilter } from '../hooks/use-users-filter.js';

/** The permissions screen's search, role and status filters, and the button clearing them. */
export function UsersFilterBar({ searchText, setSearchText, filter, filtered, choose, clear }: ReturnType<typeof useUsersFilter>) {
  const { t } = useTranslation();
  return (
    <div className="panel perm-toolbar">
      <label className="field perm-search">
        <span>{t('userPermissions.searchLabel')}</span>
        <input
          type="search"
          value={searchText}
          onChange={(e) => setSearchText(e.target.value)}
          placeholder={t('userPermissions.searchPlaceholder')}
          data-testid="perm-search"
        />
      </label>
      <label className="field">
        <span>{t('userPermissions.roleFilter')}</span>
        <select
          value={filter.role}
          onChange={(e) => choose({ role: e.target.value as PermissionUsersFilter['role'] })}
          data-testid="perm-role-filter"
        >
          <option value="all">{t('userPermissions.allRoles')}</option>
          <option value="manager">{t('roles.manager')}</option>
          <option value="cashier">{t('roles.cashier')}</option>
        </select>
      </label>
      <label className="field">
        <span>{t('userPermissions.statusFilter')}</span>
        <select
          value={filter.active}
          onChange={(e) => choose({ active: e.target.value as PermissionUsersFilter['active'] })}
          data-testid="perm-status-filter"
        >
          <option value="all">{t('userPermissions.allStatuses')}</option>
          <option value="true">{t('userPermissions.active')}</option>
          <option value="false">{t('userPermissions.inactive')}</option>
        </select>
      </label>
      {(filtered || searchText) && (
        <button type="button" className="button perm-clear" onClick={clear}>
          {t('userPermissions.clearFilters')}
        </button>
      )}
    </div>
  );
}
