import { useEffect, useState } from 'react';
import type { PermissionUsersFilter } from '../api/permissions-api.js';

const SEARCH_DELAY_MS = 300;
const NO_FILTER: PermissionUsersFilter = { search: '', role: 'all', active: 'all' };

/** Which users the permissions screen lists: the search (applied after a short pause), the role and the status. */
export function useUsersFilter() {
  const [searchText, setSearchText] = useState('');
  const [filter, setFilter] = useState<PermissionUsersFilter>(NO_FILTER);
  useEffect(() => {
    const timer = setTimeout(() => setFilter((old) => (old.search === searchText ? old : { ...old, search: searchText })), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchText]);
  const filtered = filter.search.trim() !== '' || filter.role !== 'all' || filter.active !== 'all';

  const clear = () => {
    setSearchText('');
    setFilter(NO_FILTER);
  };
  const choose = (change: Partial<Pick<PermissionUsersFilter, 'role' | 'active'>>) => setFilter((old) => ({ ...old, ...change }));

  return { searchText, setSearchText, filter, filtered, choose, clear };
}
