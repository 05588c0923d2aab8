import { useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { desktopBridge } from '../../../app/desktop.js';
import { Modal } from '../../../components/ui/modal.js';
import { stateTone, useServerStatus } from '../use-desktop.js';
import { DesktopPanel } from './desktop-panel.js';

/** In the desktop shell only: the server's status in the sidebar, opening the desktop panel. */
export function DesktopStatusButton() {
  const { t } = useTranslation();
  const [bridge] = useState(desktopBridge);
  const status = useServerStatus(bridge);
  const [open, setOpen] = useState(false);
  if (!bridge) return null;
  const label = `${t('desktop.open')}: ${status ? t(`desktop.state.${status.state}`) : '—'}`;
  return (
    <>
      <button
        type="button"
        className="nav-link"
        onClick={() => setOpen(true)}
        data-testid="desktop-status"
        data-state={status?.state ?? ''}
        title={label}
        aria-label={label}
      >
        <span className={`status-dot ${stateTone(status?.state)}`} aria-hidden="true" />
        <span className="label">{t('desktop.open')}</span>
      </button>
      {open &&
        // Out of the sidebar: its colours and the mobile drawer's positioning are not the dialog's.
        createPortal(
          <Modal title={t('desktop.title')} onClose={() => setOpen(false)} className="desktop-modal" testId="desktop-modal">
            <DesktopPanel bridge={bridge} />
          </Modal>,
          document.body,
        )}
    </>
  );
}
