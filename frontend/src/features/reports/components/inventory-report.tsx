import { useTranslation } from 'react-i18next';
import type { InventoryReportDto } from '@dukan/contracts';
import type { ColumnDef } from '../lib/table-sort.js';
import { nameIn } from '../lib/names.js';
import { useReportFormat } from '../lib/use-report-format.js';
import { RankChart } from './charts.js';
import { InventoryRowsTable } from './inventory-rows-table.js';
import { ReportTable } from './report-table.js';
import { SummaryCards } from './summary-cards.js';

type CategoryRow = InventoryReportDto['categoryInventory'][number];

export function InventoryReport({ data }: { data: InventoryReportDto }) {
  const { t, i18n } = useTranslation();
  const f = useReportFormat(data.currency);
  const s = data.summary;
  const category = (r: CategoryRow) => nameIn(i18n.language, r.categoryName, t('reports.uncategorised'));
  const columns: ColumnDef<CategoryRow>[] = [
    { key: 'category', label: t('reports.fields.category'), value: category },
    {
      key: 'productCount',
      label: t('reports.fields.productCount'),
      value: (r) => r.productCount,
      render: (r) => f.number(r.productCount),
      numeric: true,
    },
    { key: 'quantity', label: t('reports.fields.quantity'), value: (r) => r.quantity, render: (r) => f.number(r.quantity), numeric: true },
    {
      key: 'weightKg',
      label: t('reports.fields.weightKg'),
      value: (r) => r.weightKg,
      render: (r) => f.kg(r.weightKg),
      numeric: true,
    },
    { key: 'value', label: t('reports.fields.value'), value: (r) => r.value, render: (r) => f.money(r.value), numeric: true },
  ];
  return (
    <>
      <SummaryCards
        cards={[
          { key: 'totalProducts', label: t('reports.fields.totalProducts'), value: f.number(s.totalProducts) },
          { key: 'totalQuantity', label: t('reports.fields.totalQuantity'), value: f.number(s.totalQuantity) },
          {
            key: 'totalWeightKg',
            label: t('reports.fields.totalWeightKg'),
            value: t('reports.fields.kilograms', { kg: f.kg(s.totalWeightKg) }),
          },
          { key: 'totalInventoryValue', label: t('reports.fields.totalInventoryValue'), value: f.money(s.totalInventoryValue) },
          { key: 'totalInventoryCost', label: t('reports.fields.totalInventoryCost'), value: f.money(s.totalInventoryCost) },
          {
            key: 'lowStockItems',
            label: t('reports.fields.lowStockItems'),
            value: f.number(s.lowStockItems),
            tone: s.lowStockItems > 0 ? 'bad' : undefined,
          },
          {
            key: 'outOfStockItems',
            label: t('reports.fields.outOfStockItems'),
            value: f.number(s.outOfStockItems),
            tone: s.outOfStockItems > 0 ? 'bad' : undefined,
          },
        ]}
      />
      <RankChart
        title={t('reports.sections.categoryInventory')}
        testId="chart-categoryInventory"
        format={f.number}
        points={data.categoryInventory.slice(0, 10).map((c) => ({ label: category(c), value: c.productCount }))}
      />
      <ReportTable
        title={t('reports.sections.categoryInventory')}
        testId="table-categoryInventory"
        columns={columns}
        rows={data.categoryInventory}
        rowKey={(r) => r.categoryId ?? 'none'}
        pageSize={10}
      />
      <InventoryRowsTable lowStock={false} currency={data.currency} pageSize={10} testId="table-products" />
      <InventoryRowsTable lowStock currency={data.currency} pageSize={5} testId="table-lowStock" />
    </>
  );
}
