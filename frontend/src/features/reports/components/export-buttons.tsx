import { useTranslation } from 'react-i18next';
import { REPORT_EXPORT_FORMATS, type Currency } from '@dukan/contracts';
import { useCan } from '../../auth/index.js';
import { useFormat } from '../../../i18n/format.js';
import type { DateRange } from '../lib/date-range.js';
import { useReportExport, type ReportTab } from '../lib/use-report-export.js';

function size(bytes: number, number: (v: number) => string): string {
  return bytes >= 1_048_576 ? `${number(Math.round(bytes / 104_857.6) / 10)} MB` : `${number(Math.ceil(bytes / 1024))} KB`;
}

/** PDF, CSV and Excel buttons (reports export permission); while one runs, what it is doing and a Cancel button. */
export function ExportButtons({ type, range, currency }: { type: ReportTab; range: DateRange; currency: Currency }) {
  const { t } = useTranslation();
  const f = useFormat();
  const canExport = useCan('reports', 'export');
  const { state, server, start, cancel } = useReportExport(type, range, currency);
  if (!canExport) return null;
  const working = state.phase === 'working';
  const format = state.format ? t(`reports.exports.${state.format}`) : '';
  let status = state.message;
  let value: number | undefined;
  if (working) {
    if (state.received > 0) status = t('reports.exports.downloading', { size: size(state.received, f.number) });
    else if (server?.state === 'queued' && server.position > 0) status = t('reports.exports.queued', { n: f.number(server.position) });
    else if (server && server.progress > 0.3) {
      status = t('reports.exports.writing', { format, percent: f.percent(server.progress * 100) });
      value = server.progress;
    } else status = t('reports.exports.preparing', { format });
  }
  return (
    <div className="report-export" data-testid="report-export">
      <div className="row gap" role="group" aria-label={t('reports.exports.label')}>
        {REPORT_EXPORT_FORMATS.map((fmt) => (
          <button
            key={fmt}
            type="button"
            className="button small"
            disabled={working}
            data-testid={`export-${fmt}`}
            aria-label={t('reports.exports.exportAs', { format: t(`reports.exports.${fmt}`) })}
            onClick={() => void start(fmt)}
          >
            {t(`reports.exports.${fmt}`)}
          </button>
        ))}
      </div>
      {status && (
        <div className={`export-status ${state.phase}`} role="status" data-testid="export-status" data-phase={state.phase}>
          {working && <progress max={1} value={value} aria-label={status} />}
          <span>{status}</span>
          {working && (
            <button type="button" className="button small danger" onClick={cancel} data-testid="export-cancel">
              {t('reports.exports.cancel')}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
