import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal.js';
import { DialogActions } from '../../../components/ui/dialog-actions.js';

interface Props {
  /** How many expenses the reason is for (one, or a bulk rejection). */
  count: number;
  busy: boolean;
  error: string | null;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}

/** The spec's prompt for a rejection reason, as a dialog: a reason is required; cancelling does nothing. */
export function RejectDialog({ count, busy, error, onConfirm, onCancel }: Props) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const submit = () => {
    if (!reason.trim()) return setMissing(true);
    onConfirm(reason.trim());
  };
  return (
    <Modal
      title={count > 1 ? t('expenses.reject.titleMany', { n: count }) : t('expenses.reject.title')}
      onClose={onCancel}
      testId="reject-dialog"
      footer={
        <DialogActions
          onCancel={onCancel}
          onConfirm={submit}
          confirmLabel={t('expenses.reject.confirm')}
          busy={busy}
          busyLabel={t('expenses.reject.working')}
          danger
        />
      }
    >
      <form
        className="field"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <label htmlFor="reject-reason">{t('expenses.reject.prompt')}</label>
        <textarea
          id="reject-reason"
          rows={3}
          value={reason}
          maxLength={500}
          autoFocus
          onChange={(e) => {
            setReason(e.target.value);
            setMissing(false);
          }}
          aria-invalid={missing || undefined}
          aria-describedby={missing ? 'reject-reason-error' : undefined}
          data-testid="reject-reason"
        />
        {missing && (
          <p className="field-error" id="reject-reason-error" data-testid="reject-reason-error">
            {t('expenses.reject.required')}
          </p>
        )}
      </form>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </Modal>
  );
}
