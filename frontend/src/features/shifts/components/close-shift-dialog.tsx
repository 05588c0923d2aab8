import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { drawerDifference, type ShiftDto } from '@dukan/contracts';
import { errorText, serverCode } from '../../../app/api.js';
import { DialogActions } from '../../../components/ui/dialog-actions.js';
import { Modal } from '../../../components/ui/modal.js';
import { useToast } from '../../../components/ui/use-toast.js';
import { useFormat } from '../../../i18n/format.js';
import { useApproverTokenMutation, useCloseShiftMutation, useShiftQuery } from '../api/shifts-api.js';
import { minorText, rememberShift } from '../lib/money.js';
import { countedAmounts, emptyCount, NoteCounter } from './note-counter.js';
import { ShiftReportPaper } from './shift-report.js';
import { ShiftReportActions } from './shift-report-actions.js';

/**
 * Counts the drawer again and shows expected, counted and difference per currency. A difference beyond the shop's
 * limit needs a user with pos → close: a manager signs in here for that one close, and the Z report follows.
 */
export function CloseShiftDialog({ shift: given, onClose }: { shift: ShiftDto; onClose: () => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const toast = useToast();
  const fresh = useShiftQuery(given._id, { refetchOnMountOrArgChange: true });
  const shift = fresh.data ?? given;
  const [count, setCount] = useState(emptyCount);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [needsApproval, setNeedsApproval] = useState(false);
  const [manager, setManager] = useState({ username: '', password: '' });
  const [closed, setClosed] = useState<ShiftDto | null>(null);
  const [close, closing] = useCloseShiftMutation();
  const [signIn, signingIn] = useApproverTokenMutation();
  const busy = closing.isLoading || signingIn.isLoading;
  const counted = countedAmounts(count);
  const difference = drawerDifference(counted, shift.figures.expected);

  async function submit() {
    if (busy) return;
    setError(null);
    let approverToken: string | undefined;
    if (needsApproval) {
      try {
        approverToken = await signIn(manager).unwrap();
      } catch (err) {
        return setError(errorText(err, t('shifts.close.signInFailed')));
      }
    }
    try {
      const done = await close({ id: shift._id, counted, ...(note.trim() ? { note: note.trim() } : {}), approverToken }).unwrap();
      rememberShift(done.register, null);
      toast.success(t('shifts.close.closed', { number: done.number }));
      setClosed(done);
    } catch (err) {
      if (serverCode(err) === 'APPROVAL_REQUIRED') setNeedsApproval(true);
      setError(errorText(err, t('common.requestFailed')));
    }
  }

  if (closed) {
    return (
      <Modal title={t('shifts.report.z', { number: closed.number })} onClose={onClose} testId="z-report" className="receipt-modal">
        <ShiftReportPaper shift={closed} />
        <div className="modal-actions">
          <ShiftReportActions shift={closed} />
        </div>
      </Modal>
    );
  }

  return (
    <Modal
      title={t('shifts.close.title', { number: shift.number })}
      onClose={() => !busy && onClose()}
      testId="close-shift-dialog"
      className="shift-dialog"
      footer={
        <DialogActions
          onCancel={onClose}
          onConfirm={() => void submit()}
          confirmLabel={needsApproval ? t('shifts.close.approve') : t('shifts.close.submit')}
          busy={busy}
          busyLabel={needsApproval ? t('shifts.close.approving') : t('shifts.close.closing')}
          blocked={needsApproval && (!manager.username || !manager.password)}
          confirmTestId="close-shift-confirm"
        />
      }
    >
      <p className="muted">{t('shifts.close.hint')}</p>
      <NoteCounter count={count} onChange={setCount} testId="count" />
      <table className="table compact drawer-check" data-testid="close-preview">
        <thead>
          <tr>
            <th />
            <th>{t('shifts.report.expected')}</th>
            <th>{t('shifts.report.counted')}</th>
            <th>{t('shifts.report.difference')}</th>
          </tr>
        </thead>
        <tbody>
          {(['IQD', 'USD'] as const).map((c) => (
            <tr key={c}>
              <th scope="row">{c}</th>
              <td className="num">{minorText(f, shift.figures.expected[c], c)}</td>
              <td className="num">{minorText(f, counted[c], c)}</td>
              <td className={`num ${difference[c] < 0 ? 'negative' : ''}`} data-testid={`close-difference-${c}`}>
                {minorText(f, difference[c], c)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <label className="field">
        <span>{t('shifts.close.note')}</span>
        <input type="text" maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} data-testid="close-note" />
      </label>
      {error && (
        <p className="form-error" role="alert" data-testid="close-error">
          {error}
        </p>
      )}
      {needsApproval && (
        <fieldset className="approval" data-testid="manager-approval">
          <legend>{t('shifts.close.approvalTitle')}</legend>
          <p className="muted small">{t('shifts.close.approvalHint')}</p>
          <label className="field">
            <span>{t('shifts.close.username')}</span>
            <input
              type="text"
              autoComplete="off"
              value={manager.username}
              onChange={(e) => setManager({ ...manager, username: e.target.value })}
              data-testid="approver-username"
            />
          </label>
          <label className="field">
            <span>{t('shifts.close.password')}</span>
            <input
              type="password"
              autoComplete="off"
              value={manager.password}
              onChange={(e) => setManager({ ...manager, password: e.target.value })}
              data-testid="approver-password"
            />
          </label>
        </fieldset>
      )}
    </Modal>
  );
}
