import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../app/api.js';
import { DialogActions } from '../../../components/ui/dialog-actions.js';
import { Modal } from '../../../components/ui/modal.js';
import { useToast } from '../../../components/ui/use-toast.js';
import { useOpenShiftMutation } from '../api/shifts-api.js';
import { rememberShift } from '../lib/money.js';
import { countedAmounts, emptyCount, NoteCounter } from './note-counter.js';

/** Opens the register's shift with the float counted note by note in each currency. */
export function OpenShiftDialog({ register, onClose }: { register: string; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [count, setCount] = useState(emptyCount);
  const [open, { isLoading }] = useOpenShiftMutation();
  const [error, setError] = useState<string | null>(null);

  async function submit() {
    if (isLoading) return;
    setError(null);
    try {
      const shift = await open({ register, float: countedAmounts(count) }).unwrap();
      rememberShift(register, shift._id);
      toast.success(t('shifts.open.opened', { number: shift.number }));
      onClose();
    } catch (err) {
      setError(errorText(err, t('common.requestFailed')));
    }
  }

  return (
    <Modal
      title={t('shifts.open.title', { register })}
      onClose={() => !isLoading && onClose()}
      testId="open-shift-dialog"
      className="shift-dialog"
      footer={
        <DialogActions
          onCancel={onClose}
          onConfirm={() => void submit()}
          confirmLabel={t('shifts.open.submit')}
          busy={isLoading}
          busyLabel={t('shifts.open.opening')}
          confirmTestId="open-shift-confirm"
        />
      }
    >
      <p className="muted">{t('shifts.open.hint')}</p>
      <NoteCounter count={count} onChange={setCount} testId="float" />
      {error && (
        <p className="form-error" role="alert" data-testid="open-shift-error">
          {error}
        </p>
      )}
    </Modal>
  );
}
