import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pagination } from '../../../components/ui/pagination.js';
import { nextSort, pageOf, sortRows, type ColumnDef, type SortState } from '../lib/table-sort.js';

interface ReportTableProps<R> {
  title: string;
  columns: ColumnDef<R>[];
  rows: readonly R[];
  rowKey: (row: R) => string;
  /** Rows per page; null shows every row. */
  pageSize: number | null;
  testId: string;
}

/** A report table: sortable by any column (click the header), paged in the browser. */
export function ReportTable<R>({ title, columns, rows, rowKey, pageSize, testId }: ReportTableProps<R>) {
  const { t, i18n } = useTranslation();
  const [sort, setSort] = useState<SortState | null>(null);
  const [page, setPage] = useState(1);
  const sorted = useMemo(() => sortRows(rows, columns, sort, i18n.language), [rows, columns, sort, i18n.language]);
  const pages = pageSize ? Math.ceil(sorted.length / pageSize) : 1;
  const current = Math.min(page, Math.max(pages, 1));
  return (
    <section className="panel report-table" data-testid={testId}>
      <h3>{title}</h3>
      {rows.length === 0 ? (
        <p className="muted">{t('reports.empty')}</p>
      ) : (
        <div className="table-scroll">
          <table className="table compact">
            <thead>
              <tr>
                {columns.map((c) => (
                  <th
                    key={c.key}
                    className={c.numeric ? 'num' : undefined}
                    aria-sort={sort?.key === c.key ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'}
                  >
                    <button
                      type="button"
                      className="sort-button"
                      title={t('reports.sortBy', { column: c.label })}
                      onClick={() => {
                        setSort(nextSort(sort, c.key, !!c.numeric));
                        setPage(1);
                      }}
                    >
                      {c.label}
                      <span aria-hidden="true">{sort?.key === c.key ? (sort.dir === 'asc' ? ' ▲' : ' ▼') : ''}</span>
                    </button>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {pageOf(sorted, current, pageSize).map((r) => (
                <tr key={rowKey(r)}>
                  {columns.map((c) => (
                    <td key={c.key} className={c.numeric ? 'num' : undefined}>
                      {c.render ? c.render(r) : String(c.value(r) ?? '')}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pageSize && <Pagination page={current} pages={pages} onPage={setPage} label={title} />}
    </section>
  );
}
