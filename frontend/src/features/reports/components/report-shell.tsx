import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Currency } from '@dukan/contracts';
import { errorText } from '../../../app/api.js';
import { ErrorPanel } from '../../../components/ui/error-panel.js';
import { Spinner } from '../../../components/ui/spinner.js';
import type { DateRange } from '../lib/date-range.js';
import { ExportButtons } from './export-buttons.js';
import type { ReportTab } from '../lib/use-report-export.js';

interface QueryState<T> {
  data?: T;
  error?: unknown;
  isLoading: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

/** A report tab: title, description, export buttons, then a spinner, an error with Try again, or the report. */
export function ReportShell<T>({
  type,
  range,
  currency,
  query,
  children,
}: {
  type: ReportTab;
  range: DateRange;
  currency: Currency;
  query: QueryState<T>;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const { data, error, isLoading, isFetching, refetch } = query;
  return (
    <section className="report" data-testid={`report-${type}`} aria-busy={isFetching}>
      <header className="report-header">
        <div>
          <h2>{t(`reports.${type}.title`)}</h2>
          <p className="muted">{t(`reports.${type}.description`)}</p>
        </div>
        <ExportButtons type={type} range={range} currency={currency} />
      </header>
      {isLoading && <Spinner label={t('reports.loading')} />}
      {error && !isFetching ? (
        <ErrorPanel message={errorText(error, t(`reports.${type}.fetchError`))} onRetry={() => void refetch()} />
      ) : null}
      {data && !error && (
        <div className={`report-body ${isFetching ? 'stale' : ''}`}>
          {isFetching && <p className="muted small">{t('reports.refreshing')}</p>}
          {children(data)}
        </div>
      )}
    </section>
  );
}
