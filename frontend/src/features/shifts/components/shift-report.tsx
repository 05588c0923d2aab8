import { useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { Currency, CurrencyAmounts, ShiftDto } from '@dukan/contracts';
import { useFormat } from '../../../i18n/format.js';
import { usePageSizedTo } from '../../pos/index.js';
import { minorText } from '../lib/money.js';
import { zReportPdfUrl } from '../api/shifts-api.js';
import { errorText } from '../../../app/api.js';
import { useAppSelector } from '../../../app/hooks.js';
import { readBranch } from '../../../app/session.js';
import { saveFile } from '../../inventory/index.js';

const BOTH: readonly Currency[] = ['IQD', 'USD'];

/** The X report (an open shift) or the Z report (a closed one): sales by tender and currency, and the drawer per currency. */
export function ShiftReportPaper({ shift, forPrint = false }: { shift: ShiftDto; forPrint?: boolean }) {
  const { t } = useTranslation();
  const f = useFormat();
  const tid = (id: string) => (forPrint ? undefined : id);
  const fig = shift.figures;
  const money = (amounts: CurrencyAmounts, testId?: string) => (
    <dd data-testid={testId ? tid(testId) : undefined}>
      {BOTH.filter((c) => amounts[c] !== 0).length === 0
        ? t('shifts.report.none')
        : BOTH.filter((c) => amounts[c] !== 0)
            .map((c) => minorText(f, amounts[c], c))
            .join(' · ')}
    </dd>
  );
  const perCurrency = (label: string, amounts: CurrencyAmounts | null, testId: string) => (
    <div>
      <dt>{label}</dt>
      <dd>
        {BOTH.map((c) => (
          <div key={c} data-testid={tid(`${testId}-${c}`)}>
            {amounts ? minorText(f, amounts[c], c) : t('shifts.report.none')}
          </div>
        ))}
      </dd>
    </div>
  );
  return (
    <div className="receipt-paper shift-report" data-testid={tid('shift-report')}>
      <div className="receipt-center">
        <strong className="receipt-shop">{t('common.appName')}</strong>
        <div data-testid={tid('shift-report-title')}>
          {t(shift.status === 'open' ? 'shifts.report.x' : 'shifts.report.z', { number: shift.number })}
        </div>
      </div>
      <div className="receipt-meta">
        <div>
          <span>{t('shifts.report.register')}</span> <bdi>{shift.register}</bdi>
        </div>
        <div>
          <span>{t('shifts.report.cashier')}</span> <bdi>{shift.cashier.username}</bdi>
        </div>
        <div>
          <span>{t('shifts.report.opened')}</span> <span>{f.dateTime(shift.openedAt)}</span>
        </div>
        {shift.closedAt && (
          <div>
            <span>{t('shifts.report.closed')}</span> <span>{f.dateTime(shift.closedAt)}</span>
          </div>
        )}
        {shift.closedBy && (
          <div>
            <span>{t('shifts.report.closedBy')}</span> <bdi>{shift.closedBy.username}</bdi>
          </div>
        )}
        {shift.approvedBy && (
          <div>
            <span>{t('shifts.report.approvedBy')}</span> <bdi data-testid={tid('shift-approved-by')}>{shift.approvedBy.username}</bdi>
          </div>
        )}
      </div>
      <h3 className="receipt-section">{t('shifts.report.salesByTender')}</h3>
      <dl className="receipt-totals">
        {fig.sales.length === 0 && (
          <div>
            <dt>{t('shifts.report.sales', { count: f.number(0) })}</dt>
            <dd>{t('shifts.report.none')}</dd>
          </div>
        )}
        {fig.sales.map((s) => (
          <div key={`${s.method}-${s.currency}`} data-testid={tid(`shift-sales-${s.method}-${s.currency}`)}>
            <dt>
              {t(`shifts.report.method.${s.method}`)} · {s.currency} ({t('shifts.report.sales', { count: f.number(s.count) })})
            </dt>
            <dd>{minorText(f, s.amountMinor, s.currency)}</dd>
          </div>
        ))}
        <div>
          <dt>{t('shifts.report.change')}</dt>
          {money(fig.change)}
        </div>
        <div>
          <dt>{t('shifts.report.refunds', { count: f.number(fig.refunds.count) })}</dt>
          {money(fig.refunds.amount)}
        </div>
        <div>
          <dt>{t('shifts.report.voids', { count: f.number(fig.voids.count) })}</dt>
          {money(fig.voids.amount)}
        </div>
        <div>
          <dt>{t('shifts.report.discounts')}</dt>
          {money(fig.discounts)}
        </div>
        <div>
          <dt>{t('shifts.report.rounding')}</dt>
          {money(fig.rounding)}
        </div>
        <div>
          <dt>{t('shifts.report.cashIn')}</dt>
          {money(fig.cashIn, 'report-cash-in')}
        </div>
        <div>
          <dt>{t('shifts.report.cashOut')}</dt>
          {money(fig.cashOut, 'report-cash-out')}
        </div>
      </dl>
      <dl className="receipt-totals drawer">
        {perCurrency(t('shifts.report.float'), fig.float, 'shift-float')}
        {perCurrency(t('shifts.report.expected'), fig.expected, 'shift-expected')}
        {fig.counted && perCurrency(t('shifts.report.counted'), fig.counted, 'shift-counted')}
        {fig.difference && perCurrency(t('shifts.report.difference'), fig.difference, 'shift-difference')}
      </dl>
      {shift.movements.length > 0 && (
        <>
          <h3 className="receipt-section">{t('shifts.report.movements')}</h3>
          <ul className="plain-list small">
            {shift.movements.map((m) => (
              <li key={m._id}>
                {t(m.kind === 'cash_in' ? 'shifts.report.cashIn' : 'shifts.report.cashOut')}: {minorText(f, m.amountMinor, m.currency)} ·{' '}
                <bdi>{m.reason}</bdi>
                {m.asExpense && ` (${t('shifts.report.expense')})`}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

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
