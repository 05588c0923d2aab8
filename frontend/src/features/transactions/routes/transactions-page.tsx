import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TRANSACTIONS_FETCH_LIMIT, TRANSACTIONS_PAGE_SIZE, type SaleDto } from '@dukan/contracts';
import { ErrorPanel } from '../../../components/ui/error-panel.js';
import { Pagination } from '../../../components/ui/pagination.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { useFormat } from '../../../i18n/format.js';
import { dollarsToCents } from '../../../lib/money.js';
import { useTransactionsListQuery } from '../api/transactions-api.js';
import { StatusBadges } from '../components/status-badges.js';
import { listErrorText } from '../lib/errors.js';
import { customerName, filterTransactions, pageOf, STATUS_FILTERS, type StatusFilter } from '../lib/filter.js';
import '../transactions.css';

function cashierName(sale: SaleDto): string {
  const c = sale.cashier;
  return c ? [c.firstName, c.lastName].filter(Boolean).join(' ') || c.username : '';
}

export function TransactionsPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [page, setPage] = useState(1);
  const { data, error, isLoading, isFetching, refetch } = useTransactionsListQuery(undefined, { refetchOnMountOrArgChange: 30 });

  const filtered = useMemo(() => filterTransactions(data ?? [], query, status), [data, query, status]);
  const shown = pageOf(filtered, page, TRANSACTIONS_PAGE_SIZE);
  const from = filtered.length === 0 ? 0 : (shown.page - 1) * TRANSACTIONS_PAGE_SIZE + 1;
  const to = Math.min(shown.page * TRANSACTIONS_PAGE_SIZE, filtered.length);

  return (
    <section className="page transactions">
      <header className="page-header">
        <div>
          <h1>{t('transactions.title')}</h1>
          <p className="muted">{t('transactions.subtitle')}</p>
        </div>
        <button type="button" className="button" onClick={() => void refetch()} disabled={isFetching} data-testid="transactions-refresh">
          {isFetching ? t('common.refreshing') : t('common.refresh')}
        </button>
      </header>

      <section className="panel">
        <div className="transactions-toolbar">
          <label className="search-box">
            <span className="sr-only">{t('transactions.searchLabel')}</span>
            <input
              type="search"
              value={query}
              onChange={(e) => {
                setQuery(e.target.value);
                setPage(1);
              }}
              placeholder={t('transactions.searchPlaceholder')}
              data-testid="transaction-search"
            />
          </label>
          <label className="status-filter">
            <span>{t('transactions.statusFilter')}</span>
            <select
              value={status}
              onChange={(e) => {
                setStatus(e.target.value as StatusFilter);
                setPage(1);
              }}
              data-testid="status-filter"
            >
              {STATUS_FILTERS.map((s) => (
                <option key={s} value={s}>
                  {t(`transactions.status.${s}`)}
                </option>
              ))}
            </select>
          </label>
        </div>

        {error && !data ? (
          <ErrorPanel message={listErrorText(error, t)} onRetry={() => void refetch()} />
        ) : isLoading ? (
          <Spinner label={t('common.loading')} />
        ) : !data || data.length === 0 ? (
          <p className="muted transactions-empty" data-testid="transactions-empty">
            {t('transactions.noTransactions')}
          </p>
        ) : filtered.length === 0 ? (
          <p className="muted transactions-empty" data-testid="transactions-empty">
            {t('transactions.noMatches')}
          </p>
        ) : (
          <>
            <div className="table-scroll" aria-busy={isFetching}>
              <table className="table stack transactions-table" data-testid="transactions-table">
                <thead>
                  <tr>
                    <th>{t('transactions.invoice')}</th>
                    <th>{t('transactions.date')}</th>
                    <th>{t('transactions.customer')}</th>
                    <th>{t('transactions.cashier')}</th>
                    <th className="num">{t('transactions.items')}</th>
                    <th className="num">{t('transactions.total')}</th>
                    <th>{t('transactions.statusColumn')}</th>
                    <th className="actions-col">
                      <span className="sr-only">{t('transactions.actions')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {shown.rows.map((sale) => (
                    <tr
                      key={sale._id}
                      className={sale.status === 'voided' ? 'is-voided' : undefined}
                      data-testid="transaction-row"
                      data-id={sale._id}
                    >
                      <td data-label={t('transactions.invoice')}>
                        <span className="invoice" dir="ltr">
                          {sale.invoiceNumber}
                        </span>
                      </td>
                      <td data-label={t('transactions.date')}>{f.dateTime(sale.transactionDate ?? sale.createdAt)}</td>
                      <td data-label={t('transactions.customer')}>
                        {customerName(sale) || <span className="muted">{t('transactions.guest')}</span>}
                      </td>
                      <td data-label={t('transactions.cashier')}>{cashierName(sale)}</td>
                      <td className="num" data-label={t('transactions.items')}>
                        {f.number(sale.items?.reduce((n, l) => n + l.quantity, 0) ?? 0)}
                      </td>
                      <td className="num amount" data-label={t('transactions.total')}>
                        {f.usd(dollarsToCents(sale.total))}
                      </td>
                      <td className="status-cell" data-label={t('transactions.statusColumn')}>
                        <StatusBadges sale={sale} />
                      </td>
                      <td className="actions-col">
                        <Link
                          className="button small"
                          to={`/transactions/${sale._id}`}
                          aria-label={t('transactions.viewInvoice', { invoice: sale.invoiceNumber })}
                          data-testid="view-transaction"
                        >
                          {t('transactions.view')}
                        </Link>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <div className="row between transactions-foot">
              <span className="muted small" data-testid="transactions-shown">
                {t('transactions.shown', { from: f.number(from), to: f.number(to), total: f.number(filtered.length) })}
              </span>
              {data.length >= TRANSACTIONS_FETCH_LIMIT && (
                <span className="muted small">{t('transactions.limitNote', { n: f.number(TRANSACTIONS_FETCH_LIMIT) })}</span>
              )}
            </div>
            <Pagination page={shown.page} pages={shown.pages} onPage={setPage} />
          </>
        )}
      </section>
    </section>
  );
}

export default TransactionsPage;
