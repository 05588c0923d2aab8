import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Currency, CurrencyAmounts } from '@dukan/contracts';
import { errorText } from '../../../app/api.js';
import { AccessRestricted } from '../../../components/ui/access-restricted.js';
import { ErrorPanel } from '../../../components/ui/error-panel.js';
import { Modal } from '../../../components/ui/modal.js';
import { Pagination } from '../../../components/ui/pagination.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { useFormat, type Formatters } from '../../../i18n/format.js';
import { useCan } from '../../auth/index.js';
import { useShiftQuery, useShiftsQuery } from '../api/shifts-api.js';
import { ShiftReportPaper } from '../components/shift-report.js';
import { ShiftReportActions } from '../components/shift-report-actions.js';
import { minorText } from '../lib/money.js';
import '../shifts.css';

const both = (f: Formatters, a: CurrencyAmounts | null) =>
  a ? (['IQD', 'USD'] as Currency[]).map((c) => minorText(f, a[c], c)).join(' · ') : '—';

/** /shifts: the branch's shifts by register, cashier and state, each with its X or Z report. */
export default function ShiftsPage() {
  const mayList = useCan('reports', 'view');
  const mayClose = useCan('pos', 'close');
  return mayList || mayClose ? <Shifts /> : <AccessRestricted />;
}

function Shifts() {
  const { t } = useTranslation();
  const f = useFormat();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const status = params.get('status') === 'open' || params.get('status') === 'closed' ? (params.get('status') as 'open' | 'closed') : '';
  const register = params.get('register') ?? '';
  const cashier = params.get('cashier') ?? '';
  const [registerText, setRegisterText] = useState(register);
  const list = useShiftsQuery({ page, status, register, cashier });
  const [shown, setShown] = useState<string | null>(null);
  const set = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next);
  };

  return (
    <section className="page shifts" data-testid="shifts-page">
      <header className="page-header">
        <div>
          <h1>{t('shifts.title')}</h1>
          <p className="muted">{t('shifts.subtitle')}</p>
        </div>
        <Link className="button" to="/reports">
          {t('nav.reports')}
        </Link>
      </header>
      <div className="row gap filters">
        <div className="segmented" role="group" aria-label={t('shifts.list.status')}>
          {(['', 'open', 'closed'] as const).map((s) => (
            <button
              key={s || 'all'}
              type="button"
              className={status === s ? 'active' : ''}
              aria-pressed={status === s}
              onClick={() => set({ status: s, page: '' })}
              data-testid={`shifts-status-${s || 'all'}`}
            >
              {t(s ? `shifts.list.${s}` : 'shifts.list.all')}
            </button>
          ))}
        </div>
        <form
          className="row gap"
          onSubmit={(e) => {
            e.preventDefault();
            set({ register: registerText.trim(), page: '' });
          }}
        >
          <input
            type="search"
            aria-label={t('shifts.list.filterRegister')}
            placeholder={t('shifts.list.register')}
            value={registerText}
            onChange={(e) => setRegisterText(e.target.value)}
            data-testid="shifts-register"
          />
        </form>
        {cashier && (
          <button type="button" className="button small" onClick={() => set({ cashier: '', page: '' })} data-testid="shifts-all-cashiers">
            {t('shifts.list.allCashiers')}
          </button>
        )}
      </div>
      {list.isLoading && <Spinner label={t('shifts.list.loading')} />}
      {list.error && <ErrorPanel message={errorText(list.error, t('shifts.list.fetchError'))} onRetry={() => void list.refetch()} />}
      {list.data && list.data.data.length === 0 && <p className="muted">{t('shifts.list.empty')}</p>}
      {list.data && list.data.data.length > 0 && (
        <>
          <div className="table-wrap">
            <table className="table" data-testid="shifts-table">
              <thead>
                <tr>
                  <th>{t('shifts.list.number')}</th>
                  <th>{t('shifts.list.register')}</th>
                  <th>{t('shifts.list.cashier')}</th>
                  <th>{t('shifts.list.opened')}</th>
                  <th>{t('shifts.list.closedAt')}</th>
                  <th>{t('shifts.list.expected')}</th>
                  <th>{t('shifts.list.counted')}</th>
                  <th>{t('shifts.list.difference')}</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {list.data.data.map((s) => (
                  <tr key={s._id} data-testid="shift-row">
                    <td>#{f.number(s.number)}</td>
                    <td>
                      <bdi>{s.register}</bdi>
                    </td>
                    <td>
                      <button
                        type="button"
                        className="link-button"
                        title={t('shifts.list.filterCashier')}
                        onClick={() => set({ cashier: s.cashier._id, page: '' })}
                        data-testid="shift-cashier"
                      >
                        <bdi>{s.cashier.username}</bdi>
                      </button>
                    </td>
                    <td>{f.dateTime(s.openedAt)}</td>
                    <td>{s.closedAt ? f.dateTime(s.closedAt) : t('shifts.list.open')}</td>
                    <td className="num">{both(f, s.expected)}</td>
                    <td className="num">{both(f, s.counted)}</td>
                    <td className="num" data-testid="shift-row-difference">
                      {both(f, s.difference)}
                    </td>
                    <td>
                      <button type="button" className="button small" onClick={() => setShown(s._id)} data-testid="shift-view">
                        {t('shifts.list.view')}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination page={page} pages={list.data.pagination.pages} onPage={(p) => set({ page: String(p) })} />
        </>
      )}
      {shown && <ShiftDetail id={shown} onClose={() => setShown(null)} />}
    </section>
  );
}

function ShiftDetail({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const shift = useShiftQuery(id);
  if (!shift.data) return null;
  const title = t(shift.data.status === 'open' ? 'shifts.report.x' : 'shifts.report.z', { number: shift.data.number });
  return (
    <Modal title={title} onClose={onClose} testId="shift-detail" className="receipt-modal">
      <ShiftReportPaper shift={shift.data} />
      <div className="modal-actions">
        <ShiftReportActions shift={shift.data} />
      </div>
    </Modal>
  );
}
