import { Component, useState, type ReactNode } from 'react';
import { useSearchParams, Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CURRENCIES, DEFAULT_REPORT_PRESET, REPORT_TYPES, type Currency } from '@dukan/contracts';
import {
  useCustomersReportQuery,
  useInventoryReportQuery,
  useReceivablesReportQuery,
  useSalesReportQuery,
  useStaffReportQuery,
} from '../api/reports-api.js';
import { ReceivablesReport } from '../components/receivables-report.js';
import type { ReportTab } from '../lib/use-report-export.js';
import { CustomersReport } from '../components/customers-report.js';
import { DateRangeFilter, type RangeChoice } from '../components/date-range-filter.js';
import { InventoryReport } from '../components/inventory-report.js';
import { ReportShell } from '../components/report-shell.js';
import { SalesReport } from '../components/sales-report.js';
import { StaffReport } from '../components/staff-report.js';
import { presetRange, shopToday, type DateRange } from '../lib/date-range.js';
import { useSettingsGeneralQuery } from '../../settings/index.js';
import { useViewBranch, ViewBranchPicker } from '../../../components/layout/view-branch.js';
import { useReportFormat } from '../lib/use-report-format.js';
import '../reports.css';

interface TabProps {
  range: DateRange;
  currency: Currency;
  branch: string | undefined;
}

// Each tab asks only for its own report; RTK Query keeps each report and range five minutes after it is left.
function SalesTab({ range, currency, branch }: TabProps) {
  const q = useSalesReportQuery({ ...range, currency, branch });
  return (
    <ReportShell type="sales" range={range} currency={currency} query={q}>
      {(d) => <SalesReport data={d} />}
    </ReportShell>
  );
}
function InventoryTab({ range, currency, branch }: TabProps) {
  const q = useInventoryReportQuery({ ...range, currency, branch });
  return (
    <ReportShell type="inventory" range={range} currency={currency} query={q}>
      {(d) => <InventoryReport data={d} />}
    </ReportShell>
  );
}
function StaffTab({ range, currency, branch }: TabProps) {
  const q = useStaffReportQuery({ ...range, currency, branch });
  return (
    <ReportShell type="staff" range={range} currency={currency} query={q}>
      {(d) => <StaffReport data={d} />}
    </ReportShell>
  );
}
function CustomersTab({ range, currency, branch }: TabProps) {
  const q = useCustomersReportQuery({ ...range, currency, branch });
  return (
    <ReportShell type="customers" range={range} currency={currency} query={q}>
      {(d) => <CustomersReport data={d} />}
    </ReportShell>
  );
}
/** What is owed now (not a range; each debt in its own currency), of the branch shown, a page of customers at a time. */
function ReceivablesTab({ range, currency, branch }: TabProps) {
  const [page, setPage] = useState(1);
  const q = useReceivablesReportQuery({ page, branch });
  return (
    <ReportShell type="receivables" range={range} currency={currency} query={q}>
      {(d) => <ReceivablesReport data={d} onPage={setPage} />}
    </ReportShell>
  );
}
const TABS: Record<ReportTab, (p: TabProps) => ReactNode> = {
  sales: SalesTab,
  inventory: InventoryTab,
  staff: StaffTab,
  customers: CustomersTab,
  receivables: ReceivablesTab,
};
const TAB_NAMES: readonly ReportTab[] = [...REPORT_TYPES, 'receivables'];

/** A tab that fails to draw says so (spec part 2 §2) and can be tried again, without taking the page down. */
class TabBoundary extends Component<{ message: string; retry: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <section className="panel error-panel" role="alert">
        <p>{this.props.message}</p>
        <button type="button" className="button" onClick={() => this.setState({ failed: false })}>
          {this.props.retry}
        </button>
      </section>
    );
  }
}

export function ReportsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [branch] = useViewBranch();
  const asked = params.get('tab');
  const tab: ReportTab = (TAB_NAMES as readonly string[]).includes(asked ?? '') ? (asked as ReportTab) : 'sales';
  const [choice, setChoice] = useState<RangeChoice>({ preset: DEFAULT_REPORT_PRESET, range: presetRange(DEFAULT_REPORT_PRESET) });
  const [currency, setCurrency] = useState<Currency>('USD');
  // Presets are shop days: "today" is today where the shop is.
  const timeZone = useSettingsGeneralQuery().data?.timeZone;
  const today = shopToday(timeZone);
  const range = choice.preset === 'custom' ? choice.range : presetRange(choice.preset, today);
  const f = useReportFormat(currency);
  const Tab = TABS[tab];
  const { startDate, endDate } = range;
  // The receivables are what is owed now, each debt in its own currency: no range, no currency to show them in.
  const ranged = tab !== 'receivables';
  return (
    <section className="page reports-page">
      <header className="page-header">
        <div>
          <h1>{t('reports.title')}</h1>
          <p className="muted">{t('reports.subtitle')}</p>
          {ranged && (
            <p className="muted small" data-testid="range-shown">
              {startDate && endDate ? t('reports.showingRange', { start: f.day(startDate), end: f.day(endDate) }) : t('reports.showingAll')}
            </p>
          )}
        </div>
        <Link className="button small" to="/shifts" data-testid="shifts-link">
          {t('shifts.nav')}
        </Link>
        {ranged && (
          <div className="row gap" role="group" aria-label={t('reports.currency')}>
            {CURRENCIES.map((c) => (
              <button
                key={c}
                type="button"
                className={`button small ${currency === c ? 'primary' : ''}`}
                aria-pressed={currency === c}
                data-testid={`currency-${c}`}
                onClick={() => setCurrency(c)}
              >
                {c}
              </button>
            ))}
          </div>
        )}
      </header>
      <ViewBranchPicker />
      {ranged && <DateRangeFilter value={{ ...choice, range }} onChange={setChoice} today={today} />}
      <nav className="tabs" role="tablist" aria-label={t('reports.tabs.label')}>
        {TAB_NAMES.map((type) => (
          <button
            key={type}
            type="button"
            role="tab"
            aria-selected={tab === type}
            data-testid={`tab-${type}`}
            className={`tab ${tab === type ? 'active' : ''}`}
            onClick={() => setParams((p) => ({ ...Object.fromEntries(p), tab: type }), { replace: true })}
          >
            {t(`reports.tabs.${type}`)}
          </button>
        ))}
      </nav>
      <div role="tabpanel">
        <TabBoundary key={tab} message={t('reports.tabError')} retry={t('common.retry')}>
          {/* Another branch's receivables start again at their first page. */}
          <Tab key={tab === 'receivables' ? (branch ?? 'all') : undefined} range={range} currency={currency} branch={branch} />
        </TabBoundary>
      </div>
    </section>
  );
}

export default ReportsPage;
