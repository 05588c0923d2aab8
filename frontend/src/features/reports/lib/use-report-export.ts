import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportFileName, type Currency, type ReportExportFormat, type ReportType } from '@dukan/contracts';
import { errorText } from '../../../app/api.js';
import { useAppSelector } from '../../../app/hooks.js';
import { saveFile } from '../../inventory/index.js';
import { useViewBranch } from '../../../components/layout/view-branch.js';
import { branchParams, useExportProgressQuery } from '../api/reports-api.js';
import { rangeParams, type DateRange } from './date-range.js';

/** A report page's tab: the reporting service's reports, and the receivables loyalty keeps. */
export type ReportTab = ReportType | 'receivables';

/**
 * Where a tab's export is asked for; only the reporting service's exports tell how far they have come. The
 * receivables are of now, in each debt's own currency: of the query, only the branch applies to them.
 */
function exportUrl(type: ReportTab, format: ReportExportFormat, params: URLSearchParams): string {
  if (type === 'receivables') {
    const branch = params.get('branch');
    return `${window.location.origin}/api/receivables/export/${format}${branch ? `?${new URLSearchParams({ branch })}` : ''}`;
  }
  return `${window.location.origin}/api/reports/${type}/export/${format}?${params}`;
}

export type ExportPhase = 'idle' | 'working' | 'done' | 'cancelled' | 'failed';

export interface ExportState {
  phase: ExportPhase;
  format: ReportExportFormat | null;
  /** Bytes received so far, once the server sends the file. */
  received: number;
  message: string | null;
  fileName: string | null;
}

const IDLE: ExportState = { phase: 'idle', format: null, received: 0, message: null, fileName: null };

/**
 * Downloads an export as `{type}-report.{ext}`. The server reports how far it has come (queue place, rows written)
 * for the export id chosen here, polled while it works; the bytes are counted as they arrive; cancel aborts the
 * request, which stops the server's work too.
 */
export function useReportExport(type: ReportTab, range: DateRange, currency: Currency) {
  const { t, i18n } = useTranslation();
  const token = useAppSelector((s) => s.auth.token);
  const [branch] = useViewBranch(); // the branch the page shows
  const [state, setState] = useState<ExportState>(IDLE);
  const [exportId, setExportId] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const progress = useExportProgressQuery(exportId ?? '', { skip: !exportId || state.phase !== 'working', pollingInterval: 400 });

  const start = useCallback(
    async (format: ReportExportFormat) => {
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      const id = crypto.randomUUID();
      setExportId(type === 'receivables' ? null : id);
      setState({ ...IDLE, phase: 'working', format });
      const params = new URLSearchParams({ ...rangeParams(range), currency, ...branchParams({ branch }), exportId: id });
      try {
        const res = await fetch(exportUrl(type, format, params), {
          headers: { Authorization: `Bearer ${token ?? ''}`, 'Accept-Language': i18n.language === 'ku' ? 'ku' : 'en' },
          signal: controller.signal,
        });
        if (!res.ok) {
          const body = await res.json().catch(() => null);
          throw { status: res.status, data: body };
        }
        const reader = res.body!.getReader();
        const parts: Uint8Array[] = [];
        let received = 0;
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          parts.push(value);
          received += value.length;
          setState((s) => ({ ...s, received }));
        }
        const fileName = type === 'receivables' ? `receivables-report.${format}` : reportFileName(type, format);
        saveFile(new Blob(parts as BlobPart[], { type: res.headers.get('content-type') ?? 'application/octet-stream' }), fileName);
        setState((s) => ({ ...s, phase: 'done', fileName, message: t('reports.exports.done', { file: fileName }) }));
      } catch (e) {
        if (controller.signal.aborted) setState((s) => ({ ...s, phase: 'cancelled', message: t('reports.exports.cancelled') }));
        else setState((s) => ({ ...s, phase: 'failed', message: errorText(e, t('reports.exports.error')) }));
      } finally {
        if (abort.current === controller) abort.current = null;
      }
    },
    [type, range, currency, branch, token, i18n.language, t],
  );

  const cancel = useCallback(() => abort.current?.abort(), []);
  return { state, server: state.phase === 'working' ? (progress.data ?? null) : null, start, cancel };
}
