import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks.js';
import { TOAST_MS, toastClosed, type Toast } from './toast-slice.js';

function ToastItem({ toast }: { toast: Toast }) {
  const dispatch = useAppDispatch();
  const { t } = useTranslation();
  useEffect(() => {
    const timer = setTimeout(() => dispatch(toastClosed(toast.id)), toast.ms ?? TOAST_MS);
    return () => clearTimeout(timer);
  }, [dispatch, toast.id, toast.ms]);
  return (
    <div className={`toast toast-${toast.kind}`} role={toast.kind === 'error' ? 'alert' : 'status'} data-testid="toast">
      <span className="toast-text">{toast.text}</span>
      <button type="button" className="icon-button" aria-label={t('common.dismiss')} onClick={() => dispatch(toastClosed(toast.id))}>
        ×
      </button>
    </div>
  );
}

export function Toaster() {
  const toasts = useAppSelector((s) => s.toasts);
  return (
    <div className="toaster" aria-live="polite">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </div>
  );
}
