import { useTranslation } from 'react-i18next';
import { PURCHASE_FREQUENCY_GROUPS, type CustomerReportDto } from '@dukan/contracts';
import type { ColumnDef } from '../lib/table-sort.js';
import { useReportFormat } from '../lib/use-report-format.js';
import { RankChart, SeriesChart } from './charts.js';
import { ReportTable } from './report-table.js';
import { SummaryCards } from './summary-cards.js';

type Customer = CustomerReportDto['topCustomers'][number];

export function CustomersReport({ data }: { data: CustomerReportDto }) {
  const { t } = useTranslation();
  const f = useReportFormat(data.currency);
  const s = data.summary;
  const label = (key: string) => t(`reports.fields.${key}`);
  const columns: ColumnDef<Customer>[] = [
    { key: 'customer', label: label('customer'), value: (r) => r.customerName },
    { key: 'totalSpent', label: label('totalSpent'), value: (r) => r.totalSpent, render: (r) => f.money(r.totalSpent), numeric: true },
    {
      key: 'purchaseCount',
      label: label('purchaseCount'),
      value: (r) => r.purchaseCount,
      render: (r) => f.number(r.purchaseCount),
      numeric: true,
    },
    {
      key: 'loyaltyPoints',
      label: label('loyaltyPoints'),
      value: (r) => r.loyaltyPoints,
      render: (r) => f.number(r.loyaltyPoints),
      numeric: true,
    },
    { key: 'lastPurchase', label: label('lastPurchase'), value: (r) => r.lastPurchase, render: (r) => f.dateTime(r.lastPurchase) },
  ];
  const axis = data.newCustomersInterval === 'month' ? (d: string) => f.day(d).replace(/^\S+\s/, '') : f.axisDay;
  return (
    <>
      <SummaryCards
        cards={[
          { key: 'totalCustomers', label: label('totalCustomers'), value: f.number(s.totalCustomers) },
          { key: 'newCustomers', label: label('newCustomers'), value: f.number(s.newCustomers) },
          { key: 'activeCustomers', label: label('activeCustomers'), value: f.number(s.activeCustomers) },
          { key: 'totalLoyaltyPoints', label: label('totalLoyaltyPoints'), value: f.number(s.totalLoyaltyPoints) },
        ]}
      />
      <div className="chart-grid">
        <RankChart
          title={t('reports.sections.purchaseFrequency')}
          testId="chart-purchaseFrequency"
          format={f.number}
          whole
          points={PURCHASE_FREQUENCY_GROUPS.map((g) => ({ label: t(`reports.frequency.${g}`), value: data.purchaseFrequency[g] }))}
        />
        <RankChart
          title={t('reports.sections.loyaltyDistribution')}
          testId="chart-loyaltyDistribution"
          format={f.number}
          whole
          points={data.loyaltyDistribution.map((b) => ({ label: b.range, value: b.count }))}
        />
      </div>
      <SeriesChart
        title={t('reports.sections.newCustomers')}
        testId="chart-newCustomers"
        format={f.number}
        whole
        axisLabel={axis}
        points={data.newCustomersOverTime.map((p) => ({ label: p.date, value: p.count }))}
      />
      <ReportTable
        title={t('reports.sections.topCustomers')}
        testId="table-topCustomers"
        columns={columns}
        rows={data.topCustomers}
        rowKey={(r) => r._id}
        pageSize={10}
      />
    </>
  );
}
