import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShiftDto } from '@dukan/contracts';
import { readRegister } from '../../../app/session.js';
import { Modal } from '../../../components/ui/modal.js';
import { useFormat } from '../../../i18n/format.js';
import { useCurrentShiftQuery, useShiftQuery } from '../api/shifts-api.js';
import { rememberShift } from '../lib/money.js';
import { CashDialog } from './cash-dialog.js';
import { CloseShiftDialog } from './close-shift-dialog.js';
import { OpenShiftDialog } from './open-shift-dialog.js';
import { ShiftReportPaper } from './shift-report.js';
import { ShiftReportActions } from './shift-report-actions.js';
import '../shifts.css';

type Dialog = 'open' | 'cash_in' | 'cash_out' | 'x' | 'close' | null;

/** The till's drawer: the shift open on this register (or the way to open one), cash in and out, X report and close. */
export function ShiftBar() {
  const { t } = useTranslation();
  const f = useFormat();
  const register = readRegister();
  const current = useCurrentShiftQuery(register);
  const [dialog, setDialog] = useState<Dialog>(null);
  // The close dialog keeps the shift it closes (and then its Z report) after the till's current shift is gone.
  const [closing, setClosing] = useState<ShiftDto | null>(null);
  const shift = current.data ?? null;

  useEffect(() => {
    if (current.isSuccess) rememberShift(register, current.data?._id ?? null);
  }, [current.isSuccess, current.data, register]);

  if (current.isLoading || current.isError) return null;
  return (
    <div className="shift-bar" data-testid="shift-bar">
      {shift ? (
        <>
          <span className="shift-state" data-testid="shift-state">
            {t('shifts.openSince', {
              number: shift.number,
              register: shift.register,
              time: f.time(shift.openedAt),
              cashier: shift.cashier.username,
            })}
          </span>
          <div className="row gap">
            <button type="button" className="button small" onClick={() => setDialog('cash_in')} data-testid="shift-cash-in">
              {t('shifts.cashIn')}
            </button>
            <button type="button" className="button small" onClick={() => setDialog('cash_out')} data-testid="shift-cash-out">
              {t('shifts.cashOut')}
            </button>
            <button type="button" className="button small" onClick={() => setDialog('x')} data-testid="shift-x-report">
              {t('shifts.xReport')}
            </button>
            <button
              type="button"
              className="button small danger"
              onClick={() => {
                setClosing(shift);
                setDialog('close');
              }}
              data-testid="shift-close"
            >
              {t('shifts.closeShift')}
            </button>
          </div>
        </>
      ) : (
        <>
          <span className="shift-state muted" data-testid="shift-state">
            {t('shifts.noShift', { register })}
          </span>
          <button type="button" className="button small primary" onClick={() => setDialog('open')} data-testid="shift-open">
            {t('shifts.openShift')}
          </button>
        </>
      )}
      {dialog === 'open' && <OpenShiftDialog register={register} onClose={() => setDialog(null)} />}
      {(dialog === 'cash_in' || dialog === 'cash_out') && shift && (
        <CashDialog shift={shift} kind={dialog} onClose={() => setDialog(null)} />
      )}
      {dialog === 'x' && shift && <XReportDialog id={shift._id} onClose={() => setDialog(null)} />}
      {dialog === 'close' && closing && (
        <CloseShiftDialog
          shift={closing}
          onClose={() => {
            setDialog(null);
            setClosing(null);
          }}
        />
      )}
    </div>
  );
}

/** The X report of the open shift, as it stands now. */
function XReportDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const shift = useShiftQuery(id, { refetchOnMountOrArgChange: true });
  if (!shift.data) return null;
  return (
    <Modal title={t('shifts.report.x', { number: shift.data.number })} onClose={onClose} testId="x-report" className="receipt-modal">
      <ShiftReportPaper shift={shift.data} />
      <div className="modal-actions">
        <ShiftReportActions shift={shift.data} />
      </div>
    </Modal>
  );
}
