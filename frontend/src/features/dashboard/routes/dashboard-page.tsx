import { Link } from 'react-router';
import { canAccessPage, DASHBOARD_REFRESH_MS, type DashboardDto, type TrendDto } from '@dukan/contracts';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../app/api.js';
import { useFormat } from '../../../i18n/format.js';
import { ErrorPanel } from '../../../components/ui/error-panel.js';
import { Icon, type IconName } from '../../../components/layout/icons.js';
import { useViewBranch, ViewBranchPicker } from '../../../components/layout/view-branch.js';
import { useCurrentUser } from '../../auth/index.js';
import { BackupOverdueWarning } from '../../backups/index.js';
import { useDashboardQuery } from '../api/dashboard-api.js';
import { dollarsToCents } from '../../../lib/money.js';
import { TakingsByTender } from '../../../components/ui/takings-by-tender.js';
import { OwedToShop } from '../../customers/index.js';

interface Card {
  key: string;
  labelKey: string;
  value: (d: DashboardDto) => string;
  /** A second line under the value (today's sales in dinars). */
  detail?: (d: DashboardDto) => string | null;
  trend: (d: DashboardDto) => TrendDto;
  percent: (d: DashboardDto) => number;
  icon: IconName;
  /** A rising count is bad news (low stock): shown red going up, green going down. */
  risingIsBad?: boolean;
}

/** The trend line of a card: no 'Up 0 %' for a day like yesterday, and red or green by what the change means. */
function trendView(card: Card, d: DashboardDto): { className: string; icon: IconName | null; key: string } {
  const percent = card.percent(d);
  if (percent === 0) return { className: 'trend flat', icon: null, key: 'dashboard.trendFlat' };
  const up = card.trend(d) !== 'down';
  const good = card.risingIsBad ? !up : up;
  return { className: `trend ${good ? 'up' : 'down'}`, icon: up ? 'up' : 'down', key: up ? 'dashboard.trendUp' : 'dashboard.trendDown' };
}

function statusClass(status: string): string {
  if (status === 'Completed') return 'badge success';
  if (status === 'Pending') return 'badge warning';
  return 'badge danger';
}

function statusKey(status: string): string | null {
  if (status === 'Completed') return 'dashboard.statusCompleted';
  if (status === 'Pending') return 'dashboard.statusPending';
  if (status === 'Cancelled') return 'dashboard.statusCancelled';
  return null;
}

export function DashboardPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const user = useCurrentUser();
  const [branch] = useViewBranch();
  const { data, error, isLoading, isFetching, refetch, fulfilledTimeStamp } = useDashboardQuery(branch, {
    pollingInterval: DASHBOARD_REFRESH_MS,
    refetchOnMountOrArgChange: true,
  });

  const cards: Card[] = [
    {
      key: 'sales',
      labelKey: 'dashboard.todaySales',
      value: (d) => f.usd(dollarsToCents(d.todaySales)),
      detail: (d) => (typeof d.todaySalesIqd === 'number' ? t('dashboard.todaySalesIqd', { amount: f.iqd(d.todaySalesIqd) }) : null),
      trend: (d) => d.salesTrend,
      percent: (d) => d.salesPercent,
      icon: 'pos',
    },
    {
      key: 'products',
      labelKey: 'dashboard.totalProducts',
      value: (d) => f.number(d.totalProducts),
      trend: (d) => d.productsTrend,
      percent: (d) => d.productsPercent,
      icon: 'inventory',
    },
    {
      key: 'lowStock',
      labelKey: 'dashboard.lowStock',
      value: (d) => f.number(d.lowStock),
      trend: (d) => d.lowStockTrend,
      percent: (d) => d.lowStockPercent,
      icon: 'reports',
      risingIsBad: true,
    },
    {
      key: 'users',
      labelKey: 'dashboard.activeUsers',
      value: (d) => f.number(d.activeUsers),
      trend: (d) => d.usersTrend,
      percent: (d) => d.usersPercent,
      icon: 'staff',
    },
  ];

  return (
    <section className="page dashboard">
      <header className="page-header">
        <div>
          <h1>{t('dashboard.welcome', { name: user?.firstName || user?.username || '' })}</h1>
          <p className="muted">{t('dashboard.subtitle')}</p>
        </div>
        <div className="row gap">
          <button type="button" className="button" onClick={() => void refetch()} disabled={isFetching} data-testid="dashboard-refresh">
            <Icon name="refresh" />
            {isFetching ? t('common.refreshing') : t('common.refresh')}
          </button>
          {canAccessPage(user, 'reports') && (
            <Link className="button" to={branch ? `/reports?branch=${encodeURIComponent(branch)}` : '/reports'}>
              {t('dashboard.viewReports')}
            </Link>
          )}
          {canAccessPage(user, 'pos') && (
            <Link className="button primary" to="/pos">
              {t('dashboard.openPos')}
            </Link>
          )}
        </div>
      </header>

      <ViewBranchPicker />
      <BackupOverdueWarning />
      {error && !data && <ErrorPanel message={errorText(error, t('dashboard.fetchError'))} onRetry={() => void refetch()} />}

      <div className="stat-grid" aria-busy={isLoading}>
        {cards.map((card) => (
          <article key={card.key} className={`stat-card ${isLoading ? 'skeleton' : ''}`} data-testid={`stat-${card.key}`}>
            <div className="stat-head">
              <span className="muted">{t(card.labelKey)}</span>
              <Icon name={card.icon} />
            </div>
            <p className="stat-value">{data ? card.value(data) : '—'}</p>
            {data && card.detail?.(data) && (
              <p className="muted small" data-testid={`detail-${card.key}`}>
                {card.detail(data)}
              </p>
            )}
            {data &&
              (() => {
                const trend = trendView(card, data);
                return (
                  <p className={trend.className} data-testid={`trend-${card.key}`}>
                    {trend.icon && <Icon name={trend.icon} />}
                    {t(trend.key, { percent: f.percent(Math.abs(card.percent(data))) })}
                  </p>
                );
              })()}
          </article>
        ))}
        <OwedToShop />
      </div>

      <div className="dashboard-columns">
        <section className="panel">
          <h2>{t('dashboard.quickActions')}</h2>
          <div className="quick-actions">
            {/* Only what this user may open: a cashier is not sent to Access Restricted. */}
            {canAccessPage(user, 'pos') && (
              <Link className="quick-action" to="/pos">
                <Icon name="pos" />
                {t('dashboard.newSale')}
              </Link>
            )}
            {canAccessPage(user, 'products/add') && (
              <Link className="quick-action" to="/inventory/products/add" data-testid="quick-add-product">
                <Icon name="inventory" />
                {t('dashboard.addProduct')}
              </Link>
            )}
            {canAccessPage(user, 'customers') && (
              <Link className="quick-action" to="/customers">
                <Icon name="customers" />
                {t('dashboard.addCustomer')}
              </Link>
            )}
          </div>
        </section>

        <section className="panel recent">
          <div className="row between">
            <h2>{t('dashboard.recentTransactions')}</h2>
            {canAccessPage(user, 'transactions') && <Link to="/transactions">{t('dashboard.viewAll')}</Link>}
          </div>
          {isLoading ? (
            <p className="muted">{t('common.loading')}</p>
          ) : !data || data.recentTransactions.length === 0 ? (
            <p className="muted empty" data-testid="no-transactions">
              {t('dashboard.noTransactions')}
            </p>
          ) : (
            <table className="table">
              <thead>
                <tr>
                  <th>{t('dashboard.order')}</th>
                  <th>{t('dashboard.date')}</th>
                  <th className="num">{t('dashboard.amount')}</th>
                  <th>{t('dashboard.status')}</th>
                </tr>
              </thead>
              <tbody>
                {data.recentTransactions.map((tx) => {
                  const key = statusKey(tx.status);
                  return (
                    <tr key={tx.id}>
                      <td>
                        <Link to={`/transactions/${tx.id}`} dir="ltr">
                          {tx.invoiceNumber ?? `#${tx.id.slice(-8)}`}
                        </Link>
                      </td>
                      <td>{f.dateTime(tx.date)}</td>
                      <td className="num">{f.usd(dollarsToCents(tx.amount))}</td>
                      <td>
                        <span className={statusClass(tx.status)}>{key ? t(key) : tx.status}</span>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          )}
          {fulfilledTimeStamp && <p className="muted small">{t('dashboard.updatedAt', { time: f.time(fulfilledTimeStamp) })}</p>}
        </section>
      </div>

      {data && (
        <TakingsByTender
          takings={data.todayTakings}
          title={t('dashboard.todayTakings')}
          emptyText={t('dashboard.noTakings')}
          testId="today-takings"
        />
      )}
    </section>
  );
}

export default DashboardPage;
