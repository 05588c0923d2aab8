import { useTranslation } from 'react-i18next';
import type { Currency, CurrencyAmounts, ShiftDto } from '@dukan/contracts';
import { useFormat } from '../../../i18n/format.js';
import { minorText } from '../lib/money.js';

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
