import { useTranslation } from 'react-i18next';
import type { SalesReportDto } from '@dukan/contracts';
import type { ColumnDef } from '../lib/table-sort.js';
import { nameIn } from '../lib/names.js';
import { useReportFormat } from '../lib/use-report-format.js';
import { RankChart, SeriesChart } from './charts.js';
import { ReportTable } from './report-table.js';
import { SummaryCards } from './summary-cards.js';
import { TakingsByTender } from '../../../components/ui/takings-by-tender.js';

type Day = SalesReportDto['salesByDate'][number];
type Product = SalesReportDto['topProducts'][number];

export function SalesReport({ data }: { data: SalesReportDto }) {
  const { t, i18n } = useTranslation();
  const f = useReportFormat(data.currency);
  const s = data.summary;
  const days: ColumnDef<Day>[] = [
    { key: 'date', label: t('reports.fields.date'), value: (r) => r.date, render: (r) => f.day(r.date) },
    { key: 'total', label: t('reports.fields.total'), value: (r) => r.total, render: (r) => f.money(r.total), numeric: true },
    {
      key: 'transactions',
      label: t('reports.fields.transactions'),
      value: (r) => r.transactions,
      render: (r) => f.number(r.transactions),
      numeric: true,
    },
    { key: 'profit', label: t('reports.fields.profit'), value: (r) => r.profit, render: (r) => f.money(r.profit), numeric: true },
  ];
  const products: ColumnDef<Product>[] = [
    { key: 'name', label: t('reports.fields.name'), value: (r) => nameIn(i18n.language, r.name) },
    { key: 'sku', label: t('reports.fields.sku'), value: (r) => r.sku, render: (r) => <bdi>{r.sku}</bdi> },
    {
      key: 'quantity',
      label: t('reports.fields.quantity'),
      value: (r) => r.quantity,
      // A weighed product's quantity is kilograms (3 decimals), shown as such.
      render: (r) => (r.soldBy === 'weight' ? t('reports.fields.kilograms', { kg: f.kg(r.quantity) }) : f.number(r.quantity)),
      numeric: true,
    },
    { key: 'revenue', label: t('reports.fields.revenue'), value: (r) => r.revenue, render: (r) => f.money(r.revenue), numeric: true },
    { key: 'profit', label: t('reports.fields.profit'), value: (r) => r.profit, render: (r) => f.money(r.profit), numeric: true },
  ];
  return (
    <>
      <SummaryCards
        cards={[
          { key: 'totalSales', label: t('reports.fields.totalSales'), value: f.money(s.totalSales) },
          { key: 'totalTransactions', label: t('reports.fields.totalTransactions'), value: f.number(s.totalTransactions) },
          { key: 'averageOrderValue', label: t('reports.fields.averageOrderValue'), value: f.money(s.averageOrderValue) },
          { key: 'grossProfit', label: t('reports.fields.grossProfit'), value: f.money(s.grossProfit) },
          { key: 'expenses', label: t('reports.fields.expenses'), value: f.money(s.expenses) },
          { key: 'netProfit', label: t('reports.fields.netProfit'), value: f.money(s.netProfit), tone: s.netProfit < 0 ? 'bad' : 'good' },
        ]}
      />
      <div className="chart-grid">
        <SeriesChart
          title={t('reports.sections.salesByDate')}
          testId="chart-salesByDate"
          points={data.salesByDate.map((d) => ({ label: d.date, value: d.total }))}
          format={f.money}
          axisLabel={f.axisDay}
        />
        <RankChart
          title={t('reports.sections.topProducts')}
          testId="chart-topProducts"
          format={f.money}
          points={data.topProducts.slice(0, 10).map((p) => ({ label: nameIn(i18n.language, p.name, p.sku), value: p.revenue }))}
        />
      </div>
      <ReportTable
        title={t('reports.sections.salesByDate')}
        testId="table-salesByDate"
        columns={days}
        rows={data.salesByDate}
        rowKey={(r) => r.date}
        pageSize={10}
      />
      <ReportTable
        title={t('reports.sections.topProducts')}
        testId="table-topProducts"
        columns={products}
        rows={data.topProducts}
        rowKey={(r) => r._id}
        pageSize={10}
      />
      <TakingsByTender
        takings={data.takingsByTender}
        title={t('reports.takings.title')}
        emptyText={t('reports.takings.empty')}
        testId="takings-by-tender"
      />
    </>
  );
}
