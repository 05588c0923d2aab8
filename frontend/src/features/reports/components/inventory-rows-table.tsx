import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Currency, InventoryProductRowDto, InventorySortField } from '@dukan/contracts';
import { errorText } from '../../../app/api.js';
import { Pagination } from '../../../components/ui/pagination.js';
import { useViewBranch } from '../../../components/layout/view-branch.js';
import { useInventoryRowsQuery } from '../api/reports-api.js';
import { nameIn } from '../lib/names.js';
import { nextSort, type SortState } from '../lib/table-sort.js';
import { useReportFormat } from '../lib/use-report-format.js';

type Column = { key: InventorySortField; numeric?: boolean; show: (r: InventoryProductRowDto) => string };

/** Every product (or every low-stock one), paged and sorted by the server: a shop may hold tens of thousands. */
export function InventoryRowsTable({
  lowStock,
  currency,
  pageSize,
  testId,
}: {
  lowStock: boolean;
  currency: Currency;
  pageSize: number;
  testId: string;
}) {
  const { t, i18n } = useTranslation();
  const f = useReportFormat(currency);
  const [sort, setSort] = useState<SortState>(lowStock ? { key: 'quantity', dir: 'asc' } : { key: 'value', dir: 'desc' });
  const [page, setPage] = useState(1);
  const [branch] = useViewBranch(); // the branch the page shows
  const { data, error, isFetching } = useInventoryRowsQuery({
    branch,
    currency,
    page,
    limit: pageSize,
    sort: sort.key as InventorySortField,
    order: sort.dir,
    lowStock,
  });
  // A weighed product's stock and reorder level are kg (3 decimals).
  const amount = (r: { soldBy?: string }, v: number) =>
    r.soldBy === 'weight' ? t('reports.fields.kilograms', { kg: f.kg(v) }) : f.number(v);
  const all: Column[] = [
    { key: 'name', show: (r) => nameIn(i18n.language, r.name) },
    { key: 'sku', show: (r) => r.sku },
    { key: 'category', show: (r) => nameIn(i18n.language, r.category, t('reports.uncategorised')) },
    { key: 'quantity', numeric: true, show: (r) => amount(r, r.quantity) },
    { key: 'price', numeric: true, show: (r) => f.money(r.price) },
    { key: 'cost', numeric: true, show: (r) => f.money(r.cost) },
    { key: 'value', numeric: true, show: (r) => f.money(r.value) },
    { key: 'costValue', numeric: true, show: (r) => f.money(r.costValue) },
    { key: 'reorderLevel', numeric: true, show: (r) => amount(r, r.reorderLevel) },
  ];
  const columns = lowStock
    ? all.filter((c) => ['name', 'sku', 'quantity', 'reorderLevel'].includes(c.key))
    : all.filter((c) => c.key !== 'reorderLevel');
  const title = t(lowStock ? 'reports.sections.lowStock' : 'reports.sections.products');
  return (
    <section className="panel report-table" data-testid={testId} aria-busy={isFetching}>
      <h3>{title}</h3>
      {error ? <p className="error-text">{errorText(error, t('reports.inventory.fetchError'))}</p> : null}
      {data && data.data.length === 0 ? <p className="muted">{t('reports.empty')}</p> : null}
      {data && data.data.length > 0 && (
        <div className="table-scroll">
          <table className="table compact">
            <thead>
              <tr>
                {columns.map((c) => (
                  <th
                    key={c.key}
                    className={c.numeric ? 'num' : undefined}
                    aria-sort={sort.key === c.key ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'}
                  >
                    <button
                      type="button"
                      className="sort-button"
                      onClick={() => {
                        setSort(nextSort(sort, c.key, !!c.numeric));
                        setPage(1);
                      }}
                    >
                      {t(`reports.fields.${c.key}`)}
                      <span aria-hidden="true">{sort.key === c.key ? (sort.dir === 'asc' ? ' ▲' : ' ▼') : ''}</span>
                    </button>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.data.map((r) => (
                <tr key={r._id}>
                  {columns.map((c) => (
                    <td key={c.key} className={c.numeric ? 'num' : undefined}>
                      {c.key === 'sku' ? <bdi>{c.show(r)}</bdi> : c.show(r)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && <Pagination page={page} pages={data.pagination.pages} onPage={setPage} label={title} />}
    </section>
  );
}
