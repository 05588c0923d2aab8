import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DesktopBridge } from '../../../app/desktop.js';
import { DesktopBackups } from './desktop-backups.js';
import { LOG_VIEW_LINES, stateTone, updateTone, useServerLog, useServerStatus, useUpdateMessage } from '../use-desktop.js';
import '../desktop.css';

/** Version, platform, the local server's status and port, restart and update check, backups, the last 100 log lines. */
export function DesktopPanel({ bridge }: { bridge: DesktopBridge }) {
  const { t } = useTranslation();
  const status = useServerStatus(bridge);
  const lines = useServerLog(bridge);
  const update = useUpdateMessage(bridge);
  const [restarting, setRestarting] = useState(false);
  const [restartFailed, setRestartFailed] = useState(false);
  const logRef = useRef<HTMLPreElement>(null);

  useEffect(() => {
    const node = logRef.current;
    if (node) node.scrollTop = node.scrollHeight;
  }, [lines]);

  async function restart() {
    setRestarting(true);
    setRestartFailed(false);
    try {
      await bridge.restartServer?.();
    } catch {
      setRestartFailed(true);
    } finally {
      setRestarting(false);
    }
  }

  const platform = bridge.platform ?? '';
  const busy = restarting || status?.state === 'restarting' || status?.state === 'starting';
  return (
    <div className="desktop-panel" data-testid="desktop-panel">
      <dl className="desktop-facts">
        <dt>{t('desktop.version')}</dt>
        <dd data-testid="desktop-version">{bridge.version ?? '—'}</dd>
        <dt>{t('desktop.platform')}</dt>
        <dd>{t(`desktop.platforms.${platform}`, { defaultValue: platform || '—' })}</dd>
        {bridge.shell && (
          <>
            <dt>{t('desktop.window')}</dt>
            <dd>{t(`desktop.shells.${bridge.shell}`)}</dd>
          </>
        )}
        <dt>{t('desktop.server')}</dt>
        <dd>
          <span className={`badge ${stateTone(status?.state)}`} data-testid="desktop-server-state" data-state={status?.state ?? ''}>
            {status ? t(`desktop.state.${status.state}`) : '—'}
          </span>
        </dd>
        <dt>{t('desktop.port')}</dt>
        <dd data-testid="desktop-port" dir="ltr">
          {status?.port ?? '—'}
        </dd>
        <dt>{t('desktop.restarts')}</dt>
        <dd>{status?.restarts ?? 0}</dd>
      </dl>
      {status?.state === 'failed' && (
        <p className="form-error" role="alert">
          {t('desktop.failedHint', { n: status.failures, detail: status.detail ?? '' })}
        </p>
      )}
      {restartFailed && (
        <p className="form-error" role="alert">
          {t('desktop.restartFailed')}
        </p>
      )}
      <div className="row gap desktop-actions">
        <button type="button" className="button primary" onClick={() => void restart()} disabled={busy} data-testid="desktop-restart">
          {busy ? t('desktop.state.restarting') : t('desktop.restart')}
        </button>
        <button
          type="button"
          className="button"
          onClick={() => void bridge.checkForUpdates?.().catch(() => undefined)}
          disabled={update?.kind === 'checking'}
          data-testid="desktop-check-updates"
        >
          {t('desktop.checkUpdates')}
        </button>
      </div>
      {update && (
        <p className={`update-message tone-${updateTone(update.kind)}`} role="status" data-testid="desktop-update" data-kind={update.kind}>
          {t(`desktop.update.${update.kind}`, { version: update.version ?? '', percent: update.percent ?? 0, detail: update.detail ?? '' })}
          {update.kind === 'available' && update.url && (
            <>
              {' '}
              <a href={update.url} target="_blank" rel="noreferrer">
                {t('desktop.download')}
              </a>
            </>
          )}
        </p>
      )}
      <DesktopBackups bridge={bridge} />
      <h3 className="desktop-log-title">{t('desktop.logs', { n: LOG_VIEW_LINES })}</h3>
      <pre className="desktop-log" ref={logRef} dir="ltr" tabIndex={0} data-testid="desktop-log" data-lines={lines.length}>
        {lines.length > 0 ? lines.join('\n') : t('desktop.noLogs')}
      </pre>
    </div>
  );
}
