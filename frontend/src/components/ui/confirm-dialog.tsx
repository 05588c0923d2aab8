import { Modal } from './modal.js';
import { DialogActions } from './dialog-actions.js';

interface ConfirmDialogProps {
  title: string;
  /** What will happen, in the user's language. */
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** The action is running: buttons disabled, the confirm button says so. */
  busy?: boolean;
  busyLabel?: string;
  /** A destructive action (delete, void) gets the danger style. */
  danger?: boolean;
  /** An error or success text shown above the buttons. */
  error?: string | null;
  success?: string | null;
  testId?: string;
}

/** Asks before a destructive action; shows the server's error or a success text inside the dialog. */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  onConfirm,
  onCancel,
  busy,
  busyLabel,
  danger,
  error,
  success,
  testId,
}: ConfirmDialogProps) {
  return (
    <Modal
      title={title}
      onClose={onCancel}
      testId={testId}
      footer={
        <DialogActions
          onCancel={onCancel}
          onConfirm={onConfirm}
          confirmLabel={confirmLabel}
          busy={busy}
          busyLabel={busyLabel}
          danger={danger}
          done={Boolean(success)}
        />
      }
    >
      <p>{message}</p>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {success && (
        <p className="form-success" role="status">
          {success}
        </p>
      )}
    </Modal>
  );
}
