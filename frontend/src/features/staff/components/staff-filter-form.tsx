import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ROLES } from '@dukan/contracts';
import type { StaffFilters } from '../api/staff-api.js';
import { RoleOptions } from './role-options.js';

type Filters = Omit<StaffFilters, 'page'>;

interface Props {
  /** A search is under way: the button waits. */
  busy: boolean;
  onApply: (filters: Filters) => void;
}

/** The staff list's search, role and status: what is typed applies when the search button is pressed. */
export function StaffFilterForm({ busy, onApply }: Props) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Filters>({ search: '', role: 'all', active: 'all' });
  const apply = (e: FormEvent) => {
    e.preventDefault();
    onApply(draft);
  };
  return (
    <form className="panel staff-filters" role="search" aria-label={t('staff.filters')} onSubmit={apply}>
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
          <RoleOptions roles={ROLES} />
        </select>
      </label>
      <label className="field">
        <span>{t('staff.status')}</span>
        <select
          name="active"
          value={draft.active}
          onChange={(e) => setDraft((d) => ({ ...d, active: e.target.value as StaffFilters['active'] }))}
        >
          <option value="all">{t('staff.allStatuses')}</option>
          <option value="true">{t('staff.active')}</option>
          <option value="false">{t('staff.inactive')}</option>
        </select>
      </label>
      <button type="submit" className="button primary" data-testid="staff-search" disabled={busy}>
        {t('common.search')}
      </button>
    </form>
  );
}
