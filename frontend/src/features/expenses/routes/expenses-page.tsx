import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ExpenseDto } from '@dukan/contracts';
import { errorText } from '../../../app/api.js';
import { Pagination } from '../../../components/ui/pagination.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { useFormat } from '../../../i18n/format.js';
import { useCan, useCurrentUser } from '../../auth/index.js';
import { useExpensesPageQuery } from '../api/expenses-api.js';
import { BulkBar, type BulkAction } from '../components/bulk-actions.js';
import { ExpenseCard, type CardAction, type CardPermissions } from '../components/expense-card.js';
import { FilterBar } from '../components/filter-bar.js';
import { ListDialogs, type Dialog } from '../components/list-dialogs.js';
import { SummaryCards } from '../components/summary-cards.js';
import { useExpenseActions } from '../hooks/use-expense-actions.js';
import { hasFilters, NO_FILTERS, shownRange, type ExpenseFilters } from '../lib/filters.js';
import '../expenses.css';

/** The Expenses screen (spec part 2 §2): summary cards, filters, paged expense cards, their actions, and bulk actions. */
export default function ExpensesPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const me = useCurrentUser();
  const can: CardPermissions = {
    decide: useCan('expenses', 'approve'),
    edit: useCan('expenses', 'edit'),
    remove: useCan('expenses', 'delete'),
    select: false,
    ownDecisionAllowed: me?.role === 'admin',
    userId: me?._id ?? null,
  };
  can.select = can.decide || can.remove;
  const canCreate = useCan('expenses', 'create');
  const actions = useExpenseActions();

  const [filters, setFilters] = useState<ExpenseFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [showFilters, setShowFilters] = useState(true);
  const [selected, setSelected] = useState<Map<string, string>>(new Map()); // id -> expense number
  const [dialog, setDialog] = useState<Dialog>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const [progress, setProgress] = useState<{ done: number; n: number } | null>(null);

  const { data, error, isLoading, isFetching } = useExpensesPageQuery({ ...filters, page });
  const expenses = data?.expenses ?? [];

  // A page emptied by deletions steps back to the last one that has expenses.
  useEffect(() => {
    if (data && page > 1 && page > data.pagination.pages) setPage(Math.max(1, data.pagination.pages));
  }, [data, page]);

  const changeFilters = (next: ExpenseFilters) => {
    setFilters(next);
    setPage(1);
    setSelected(new Map());
  };

  const open = (next: Dialog) => {
    setDialogError(null);
    setDialog(next);
  };

  async function onCardAction(e: ExpenseDto, action: CardAction) {
    if (action === 'details') return open({ kind: 'details', id: e._id });
    if (action === 'delete') return open({ kind: 'delete', expense: e });
    if (action === 'reject') return open({ kind: 'reject', ids: [e._id], bulk: false });
    setBusyId(e._id);
    await actions.one(action, e._id);
    setBusyId(null);
  }

  async function confirmSingle(action: 'delete' | 'reject', id: string, reason?: string) {
    setBusyId(id);
    const result = await actions.one(action, id, reason);
    setBusyId(null);
    if (result.ok) {
      setDialog(null);
      setSelected((s) => new Map([...s].filter(([k]) => k !== id)));
    } else setDialogError(result.error);
  }

  async function runBulk(action: BulkAction, ids: string[], reason?: string) {
    setDialog(null);
    setProgress({ done: 0, n: ids.length });
    const outcome = await actions.many(action, ids, (done) => setProgress({ done, n: ids.length }), reason);
    setProgress(null);
    setSelected((s) => new Map([...s].filter(([id]) => outcome.failed.some((x) => x.id === id))));
    setDialog({ kind: 'report', outcome });
  }

  function onBulk(action: BulkAction) {
    const ids = [...selected.keys()];
    if (action === 'approve') void runBulk('approve', ids);
    else if (action === 'reject') open({ kind: 'reject', ids, bulk: true });
    else open({ kind: 'bulk-delete', ids });
  }

  const toggle = (e: ExpenseDto, on: boolean) =>
    setSelected((s) => {
      const next = new Map(s);
      if (on) next.set(e._id, e.expenseNumber);
      else next.delete(e._id);
      return next;
    });
  const allOnPage = expenses.length > 0 && expenses.every((e) => selected.has(e._id));
  // From the page shown (the answer's), so the line never describes a page still on its way.
  const range = data ? shownRange(data.pagination.current, data.pagination.limit, data.pagination.total) : null;

  return (
    <section className="page expenses" data-testid="expenses-page">
      <header className="page-header">
        <div>
          <h1>{t('expenses.title')}</h1>
          <p className="muted">{t('expenses.subtitle')}</p>
        </div>
        <div className="row gap">
          <button
            type="button"
            className="button"
            aria-expanded={showFilters}
            onClick={() => setShowFilters((v) => !v)}
            data-testid="toggle-filters"
          >
            {t('expenses.filters.toggle')}
          </button>
          {canCreate && (
            <Link className="button primary" to="/expenses/add" data-testid="add-expense">
              + {t('expenses.add')}
            </Link>
          )}
        </div>
      </header>

      <SummaryCards startDate={filters.startDate} endDate={filters.endDate} />
      {showFilters && <FilterBar filters={filters} onChange={changeFilters} />}

      {error && (
        <p className="form-error" role="alert" data-testid="expenses-error">
          {errorText(error, t('expenses.errors.fetch'))}
        </p>
      )}
      {selected.size > 0 && (
        <BulkBar
          count={selected.size}
          canDecide={can.decide}
          canDelete={can.remove}
          progress={progress}
          onAction={onBulk}
          onClear={() => setSelected(new Map())}
        />
      )}

      {isLoading ? (
        <Spinner label={t('common.loading')} />
      ) : expenses.length === 0 && !error ? (
        <p className="panel muted expenses-empty" data-testid="expenses-empty">
          {hasFilters(filters) ? t('expenses.noMatches') : t('expenses.empty')}
        </p>
      ) : (
        <div className="expense-list" aria-busy={isFetching} data-testid="expense-list">
          {can.select && expenses.length > 0 && (
            <label className="checkbox">
              <input
                type="checkbox"
                checked={allOnPage}
                onChange={(e) => expenses.forEach((x) => toggle(x, e.target.checked))}
                data-testid="select-page"
              />
              {t('expenses.bulk.selectPage')}
            </label>
          )}
          {expenses.map((e) => (
            <ExpenseCard
              key={e._id}
              expense={e}
              can={can}
              selected={selected.has(e._id)}
              busy={busyId === e._id || progress !== null}
              onSelect={(on) => toggle(e, on)}
              onAction={(action) => void onCardAction(e, action)}
            />
          ))}
        </div>
      )}

      {data && range && data.pagination.pages > 1 && (
        <>
          <p className="muted expenses-showing" data-testid="expenses-showing">
            {t('expenses.showing', { from: f.number(range.from), to: f.number(range.to), total: f.number(data.pagination.total) })}
          </p>
          <Pagination page={page} pages={data.pagination.pages} onPage={setPage} label={t('expenses.pagesLabel')} />
        </>
      )}

      <ListDialogs
        dialog={dialog}
        busyId={busyId}
        error={dialogError}
        onClose={() => setDialog(null)}
        onSingle={(action, id, reason) => void confirmSingle(action, id, reason)}
        onBulk={(action, ids, reason) => void runBulk(action, ids, reason)}
        numberOf={selectedNumber}
      />
    </section>
  );

  function selectedNumber(id: string): string {
    return selected.get(id) ?? expenses.find((e) => e._id === id)?.expenseNumber ?? id;
  }
}
