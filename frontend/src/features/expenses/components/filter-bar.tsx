import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EXPENSE_CATEGORIES, EXPENSE_STATUSES, type ExpenseCategory, type ExpenseStatus } from '@dukan/contracts';
import { hasFilters, NO_FILTERS, type ExpenseFilters } from '../lib/filters.js';

const SEARCH_DELAY_MS = 300;

/** Search, category, status and a date range; 'Clear All Filters' while any is set. Every change goes back to page 1. */
export function FilterBar({ filters, onChange }: { filters: ExpenseFilters; onChange: (next: ExpenseFilters) => void }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState(filters.search);

  // The server searches; a short pause keeps it to one call per typed word.
  // The other filters are read when the pause ends, so a change made meanwhile is kept.
  const searchFor = useEffectEvent((text: string) => onChange({ ...filters, search: text }));
  useEffect(() => {
    if (typed === filters.search) return;
    const timer = setTimeout(() => searchFor(typed), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, filters.search]);
  useEffect(() => setTyped(filters.search), [filters.search]);

  const set = <K extends keyof ExpenseFilters>(key: K, value: ExpenseFilters[K]) => onChange({ ...filters, [key]: value });

  return (
    <section className="panel expense-filters" role="search" aria-label={t('expenses.filters.label')} data-testid="expense-filters">
      <label className="field grow">
        <span>{t('expenses.filters.search')}</span>
        <input
          type="search"
          value={typed}
          placeholder={t('expenses.filters.searchPlaceholder')}
          onChange={(e) => setTyped(e.target.value)}
          data-testid="filter-search"
        />
      </label>
      <label className="field">
        <span>{t('expenses.filters.category')}</span>
        <select
          value={filters.category}
          onChange={(e) => set('category', e.target.value as ExpenseCategory | '')}
          data-testid="filter-category"
        >
          <option value="">{t('expenses.filters.allCategories')}</option>
          {EXPENSE_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {t(`expenses.categories.${c}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>{t('expenses.filters.status')}</span>
        <select value={filters.status} onChange={(e) => set('status', e.target.value as ExpenseStatus | '')} data-testid="filter-status">
          <option value="">{t('expenses.filters.allStatuses')}</option>
          {EXPENSE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`expenses.status.${s}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>{t('expenses.filters.startDate')}</span>
        <input
          type="date"
          value={filters.startDate}
          max={filters.endDate || undefined}
          onChange={(e) => set('startDate', e.target.value)}
          data-testid="filter-start"
        />
      </label>
      <label className="field">
        <span>{t('expenses.filters.endDate')}</span>
        <input
          type="date"
          value={filters.endDate}
          min={filters.startDate || undefined}
          onChange={(e) => set('endDate', e.target.value)}
          data-testid="filter-end"
        />
      </label>
      {hasFilters({ ...filters, search: typed }) && (
        <button
          type="button"
          className="button"
          onClick={() => {
            setTyped('');
            onChange(NO_FILTERS);
          }}
          data-testid="clear-filters"
        >
          {t('expenses.filters.clear')}
        </button>
      )}
    </section>
  );
}
