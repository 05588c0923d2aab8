import { useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { ShiftDto } from '@dukan/contracts';
import { usePageSizedTo } from '../../pos/index.js';
import { zReportPdfUrl } from '../api/shifts-api.js';
import { errorText } from '../../../app/api.js';
import { useAppSelector } from '../../../app/hooks.js';
import { readBranch } from '../../../app/session.js';
import { saveFile } from '../../inventory/index.js';
import { ShiftReportPaper } from './shift-report.js';

/** The report with its print (58 mm, the receipt's print path) and, once closed, the PDF the reporting service prints. */
export function ShiftReportActions({ shift }: { shift: ShiftDto }) {
  const { t, i18n } = useTranslation();
  const token = useAppSelector((s) => s.auth.token);
  const printRoot = useRef<HTMLDivElement>(null);
  const [pdf, setPdf] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  usePageSizedTo(printRoot);
  const downloadPdf = async () => {
    setPdf({ busy: true, error: null });
    try {
      const branch = readBranch();
      const res = await fetch(`${window.location.origin}${zReportPdfUrl(shift._id, i18n.language)}`, {
        headers: {
          Authorization: `Bearer ${token ?? ''}`,
          'Accept-Language': i18n.language === 'ku' ? 'ku' : 'en',
          ...(branch ? { 'X-Dukan-Branch': branch } : {}),
        },
      });
      if (!res.ok) throw { status: res.status, data: await res.json().catch(() => null) };
      saveFile(await res.blob(), `z-report-${shift.number}.pdf`);
      setPdf({ busy: false, error: null });
    } catch (e) {
      setPdf({ busy: false, error: errorText(e, t('common.requestFailed')) });
    }
  };
  return (
    <>
      <div className="row gap">
        <button type="button" className="button" onClick={() => window.print()} data-testid="print-shift-report">
          {t('shifts.report.print')}
        </button>
        {shift.status === 'closed' && (
          <button type="button" className="button" disabled={pdf.busy} onClick={() => void downloadPdf()} data-testid="shift-pdf">
            {pdf.busy ? t('common.working') : t('shifts.report.pdf')}
          </button>
        )}
      </div>
      {pdf.error && (
        <p className="form-error" role="alert">
          {pdf.error}
        </p>
      )}
      {createPortal(
        <div className="print-root" ref={printRoot} aria-hidden="true">
          <ShiftReportPaper shift={shift} forPrint />
        </div>,
        document.body,
      )}
    </>
  );
}
