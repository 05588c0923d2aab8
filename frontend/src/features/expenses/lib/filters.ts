import { EXPENSES_PAGE_SIZE, type ExpenseCategory, type ExpenseStatus } from '@dukan/contracts';

/** The list's filter bar (spec part 2 §2): '' means not set. */
export interface ExpenseFilters {
  search: string;
  category: ExpenseCategory | '';
  status: ExpenseStatus | '';
  startDate: string;
  endDate: string;
}

export const NO_FILTERS: ExpenseFilters = { search: '', category: '', status: '', startDate: '', endDate: '' };

export function hasFilters(f: ExpenseFilters): boolean {
  return f.search.trim() !== '' || f.category !== '' || f.status !== '' || f.startDate !== '' || f.endDate !== '';
}

/** Query parameters of the list call: only the filters that are set. */
export function listParams(f: ExpenseFilters & { page: number }): Record<string, string | number> {
  const params: Record<string, string | number> = { page: f.page, limit: EXPENSES_PAGE_SIZE };
  const search = f.search.trim();
  if (search) params.search = search;
  if (f.category) params.category = f.category;
  if (f.status) params.status = f.status;
  if (f.startDate) params.startDate = f.startDate;
  if (f.endDate) params.endDate = f.endDate;
  return params;
}

/** 'Showing X to Y of Z expenses': the first and last item on `page`. */
export function shownRange(page: number, limit: number, total: number): { from: number; to: number } {
  if (total === 0) return { from: 0, to: 0 };
  return { from: (page - 1) * limit + 1, to: Math.min(total, page * limit) };
}
