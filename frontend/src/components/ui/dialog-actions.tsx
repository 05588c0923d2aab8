import { useTranslation } from 'react-i18next';

interface DialogActionsProps {
  onCancel: () => void;
  onConfirm: () => void;
  confirmLabel: string;
  /** The action is running: both buttons disabled, the confirm button says so. */
  busy?: boolean;
  busyLabel?: string;
  /** The action cannot run yet (nothing chosen): only the confirm button is disabled. */
  blocked?: boolean;
  /** A destructive action (delete, void, reject) gets the danger style. */
  danger?: boolean;
  /** Once the action is done: the cancel button says Close and the confirm button goes. */
  done?: boolean;
  confirmTestId?: string;
}

/** The buttons of a dialog's footer: cancel (or close), then the action. */
export function DialogActions({
  onCancel,
  onConfirm,
  confirmLabel,
  busy,
  busyLabel,
  blocked,
  danger,
  done,
  confirmTestId = 'confirm',
}: DialogActionsProps) {
  const { t } = useTranslation();
  return (
    <>
      <button type="button" className="button" onClick={onCancel} disabled={busy}>
        {done ? t('common.close') : t('common.cancel')}
      </button>
      {!done && (
        <button
          type="button"
          className={`button ${danger ? 'danger' : 'primary'}`}
          onClick={onConfirm}
          disabled={busy || blocked}
          data-testid={confirmTestId}
        >
          {busy ? (busyLabel ?? t('common.working')) : confirmLabel}
        </button>
      )}
    </>
  );
}
