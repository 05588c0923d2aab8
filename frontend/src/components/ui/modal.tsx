import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  className?: string;
  testId?: string;
  /** Enter anywhere in the dialog but on a button or field does this (e.g. start the next sale). */
  onEnter?: () => void;
}

/** A dialog that traps Tab, closes on Escape and gives focus back to where it came from. */
export function Modal({ title, onClose, children, footer, className, testId, onEnter }: ModalProps) {
  const { t } = useTranslation();
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  const enterRef = useRef(onEnter);
  enterRef.current = onEnter;

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const node = box.current;
    // React's autoFocus has already run for the field that asked for it; otherwise the first field of the body.
    if (node && !node.contains(document.activeElement)) {
      const first = node.querySelector<HTMLElement>('.modal-body input, .modal-body select, .modal-body button:not([disabled])');
      (first ?? node).focus();
    }
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        closeRef.current();
      } else if (
        e.key === 'Enter' &&
        enterRef.current &&
        !(e.target instanceof HTMLButtonElement || e.target instanceof HTMLInputElement || e.target instanceof HTMLAnchorElement)
      ) {
        e.preventDefault();
        enterRef.current();
      } else if (e.key === 'Tab' && node) {
        const items = [
          ...node.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex="0"]'),
        ];
        if (items.length === 0) return;
        const firstItem = items[0]!;
        const lastItem = items[items.length - 1]!;
        if (e.shiftKey && document.activeElement === firstItem) {
          e.preventDefault();
          lastItem.focus();
        } else if (!e.shiftKey && document.activeElement === lastItem) {
          e.preventDefault();
          firstItem.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, []);

  return (
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={box}
        className={`modal ${className ?? ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        tabIndex={-1}
        data-testid={testId}
      >
        <header className="modal-header">
          <h2 id={`${id}-title`}>{title}</h2>
          <button type="button" className="icon-button" aria-label={t('common.close')} onClick={onClose}>
            ×
          </button>
        </header>
        <div className="modal-body">{children}</div>
        {footer && <footer className="modal-footer">{footer}</footer>}
      </div>
    </div>
  );
}
