import { useTranslation } from 'react-i18next';
import type { StaffReportDto } from '@dukan/contracts';
import type { ColumnDef } from '../lib/table-sort.js';
import { useReportFormat } from '../lib/use-report-format.js';
import { RankChart, SeriesChart } from './charts.js';
import { ReportTable } from './report-table.js';
import { SummaryCards } from './summary-cards.js';

type Seller = StaffReportDto['staffSales'][number];
type Activity = StaffReportDto['staffActivity'][number];
type Day = StaffReportDto['activityTimeline'][number];
type Expense = StaffReportDto['staffExpenses'][number];

const STATUS_BADGE: Record<string, string> = { approved: 'badge success', paid: 'badge success', rejected: 'badge danger' };

export function StaffReport({ data }: { data: StaffReportDto }) {
  const { t } = useTranslation();
  const f = useReportFormat(data.currency);
  const s = data.summary;
  const role = (r: string | null) => (r ? t(`roles.${r}`) : '');
  const label = (key: string) => t(`reports.fields.${key}`);
  const sellers: ColumnDef<Seller>[] = [
    { key: 'name', label: label('name'), value: (r) => r.name },
    { key: 'role', label: label('role'), value: (r) => role(r.role) },
    { key: 'totalSales', label: label('totalSales'), value: (r) => r.totalSales, render: (r) => f.money(r.totalSales), numeric: true },
    {
      key: 'transactionCount',
      label: label('transactionCount'),
      value: (r) => r.transactionCount,
      render: (r) => f.number(r.transactionCount),
      numeric: true,
    },
    {
      key: 'averageTicket',
      label: label('averageTicket'),
      value: (r) => r.averageTicket,
      render: (r) => f.money(r.averageTicket),
      numeric: true,
    },
    { key: 'hoursWorked', label: label('hoursWorked'), value: (r) => r.hoursWorked, render: (r) => f.hours(r.hoursWorked), numeric: true },
  ];
  const activity: ColumnDef<Activity>[] = [
    { key: 'name', label: label('name'), value: (r) => r.name },
    { key: 'daysWorked', label: label('daysWorked'), value: (r) => r.daysWorked, render: (r) => f.number(r.daysWorked), numeric: true },
    { key: 'firstSale', label: label('firstSale'), value: (r) => r.firstSale, render: (r) => f.dateTime(r.firstSale) },
    { key: 'lastSale', label: label('lastSale'), value: (r) => r.lastSale, render: (r) => f.dateTime(r.lastSale) },
    { key: 'voids', label: label('voids'), value: (r) => r.voids, render: (r) => f.number(r.voids), numeric: true },
    { key: 'refunds', label: label('refunds'), value: (r) => r.refunds, render: (r) => f.number(r.refunds), numeric: true },
    {
      key: 'refundedAmount',
      label: label('refundedAmount'),
      value: (r) => r.refundedAmount,
      render: (r) => f.money(r.refundedAmount),
      numeric: true,
    },
  ];
  const days: ColumnDef<Day>[] = [
    { key: 'date', label: label('date'), value: (r) => r.date, render: (r) => f.day(r.date) },
    { key: 'totalSales', label: label('totalSales'), value: (r) => r.totalSales, render: (r) => f.money(r.totalSales), numeric: true },
    {
      key: 'transactions',
      label: label('transactions'),
      value: (r) => r.transactions,
      render: (r) => f.number(r.transactions),
      numeric: true,
    },
    { key: 'activeStaff', label: label('activeStaff'), value: (r) => r.activeStaff, render: (r) => f.number(r.activeStaff), numeric: true },
  ];
  const expenses: ColumnDef<Expense>[] = [
    { key: 'expenseNumber', label: label('expenseNumber'), value: (r) => r.expenseNumber, render: (r) => <bdi>{r.expenseNumber}</bdi> },
    { key: 'date', label: label('date'), value: (r) => r.date, render: (r) => f.day(r.date) },
    { key: 'staff', label: label('staff'), value: (r) => `${r.staff.firstName} ${r.staff.lastName}`.trim() },
    { key: 'type', label: label('type'), value: (r) => t(`reports.expenseCategory.${r.type}`) },
    { key: 'amount', label: label('amount'), value: (r) => r.amount, render: (r) => f.money(r.amount), numeric: true },
    { key: 'description', label: label('description'), value: (r) => r.description ?? r.title },
    {
      key: 'status',
      label: label('status'),
      value: (r) => r.status,
      render: (r) => <span className={STATUS_BADGE[r.status] ?? 'badge warning'}>{t(`reports.expenseStatus.${r.status}`)}</span>,
    },
  ];
  return (
    <>
      <SummaryCards
        cards={[
          { key: 'totalStaff', label: label('totalStaff'), value: f.number(s.totalStaff) },
          { key: 'totalSales', label: label('totalSales'), value: f.money(s.totalSales) },
          { key: 'totalTransactions', label: label('totalTransactions'), value: f.number(s.totalTransactions) },
          { key: 'totalHours', label: label('totalHours'), value: f.hours(s.totalHours) },
        ]}
      />
      <div className="chart-grid">
        <RankChart
          title={t('reports.sections.staffSales')}
          testId="chart-staffSales"
          format={f.money}
          points={data.staffSales
            .filter((p) => p.transactionCount !== 0 || p.totalSales !== 0)
            .slice(0, 10)
            .map((p) => ({ label: p.name, value: p.totalSales }))}
        />
        <SeriesChart
          title={t('reports.sections.activityTimeline')}
          testId="chart-activityTimeline"
          format={f.money}
          axisLabel={f.axisDay}
          points={data.activityTimeline.map((d) => ({ label: d.date, value: d.totalSales }))}
        />
      </div>
      <ReportTable
        title={t('reports.sections.staffSales')}
        testId="table-staffSales"
        columns={sellers}
        rows={data.staffSales}
        rowKey={(r) => r._id}
        pageSize={null}
      />
      <ReportTable
        title={t('reports.sections.staffActivity')}
        testId="table-staffActivity"
        columns={activity}
        rows={data.staffActivity}
        rowKey={(r) => r._id}
        pageSize={10}
      />
      <ReportTable
        title={t('reports.sections.activityTimeline')}
        testId="table-activityTimeline"
        columns={days}
        rows={data.activityTimeline}
        rowKey={(r) => r.date}
        pageSize={10}
      />
      <ReportTable
        title={t('reports.sections.staffExpenses')}
        testId="table-staffExpenses"
        columns={expenses}
        rows={data.staffExpenses}
        rowKey={(r) => r._id}
        pageSize={10}
      />
    </>
  );
}
