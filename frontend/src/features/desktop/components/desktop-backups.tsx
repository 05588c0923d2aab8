import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { BackupAnswer, DesktopBridge, FolderBackup, RestoreSummary, ShellBackupStatus } from '../../../app/desktop.js';
import { useFormat } from '../../../i18n/format.js';
import { useCurrentUser } from '../../auth/index.js';

type Failure = { code: string; message: string };
type Note = { kind: 'saved' | 'taken' } | null;

/**
 * The desktop panel's backups: the folder, daily time and passphrase the owner chooses, a backup now, and the
 * restore of one of the folder's backups (the shell stops the server, keeps the data aside, restores, starts it).
 */
export function DesktopBackups({ bridge }: { bridge: DesktopBridge }) {
  const { t } = useTranslation();
  const f = useFormat();
  const isAdmin = useCurrentUser()?.role === 'admin';
  const [status, setStatus] = useState<ShellBackupStatus | null>(null);
  const [restored, setRestored] = useState<RestoreSummary | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [note, setNote] = useState<Note>(null);
  const [busy, setBusy] = useState(false);
  const [folder, setFolder] = useState('');
  const [canPickFolder, setCanPickFolder] = useState(false);
  const [time, setTime] = useState('');
  const [passphrase, setPassphrase] = useState('');
  const [chosen, setChosen] = useState<FolderBackup | null>(null);
  const [restorePassphrase, setRestorePassphrase] = useState('');

  const show = useCallback((s: ShellBackupStatus) => {
    setStatus(s);
    setFolder(s.folder);
    setTime(s.time);
  }, []);

  useEffect(() => {
    if (!isAdmin) return;
    let live = true;
    void bridge
      .getBackups?.()
      .then((a) => {
        if (!live) return;
        if (a.ok) {
          show(a.status);
          setRestored(a.lastRestore);
          setCanPickFolder(a.canPickFolder === true);
        } else setFailure(a);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [bridge, show, isAdmin]);

  /** Runs one action; its answer's status is shown, its failure's code in the owner's language. */
  async function act<T extends { status: ShellBackupStatus }>(run: () => Promise<BackupAnswer<T>> | undefined, done: (a: T) => void) {
    setBusy(true);
    setFailure(null);
    setNote(null);
    try {
      const answer = await run();
      if (!answer) return;
      if (answer.ok) {
        show(answer.status);
        done(answer);
      } else setFailure(answer);
    } catch (e) {
      setFailure({ code: 'unavailable', message: e instanceof Error ? e.message : String(e) });
    } finally {
      setBusy(false);
    }
  }

  function save(e: FormEvent) {
    e.preventDefault();
    void act(
      () => bridge.saveBackupSettings?.({ folder, time, ...(passphrase ? { passphrase } : {}) }),
      () => {
        setPassphrase('');
        setNote({ kind: 'saved' });
      },
    );
  }

  /** The system's folder picker: the folder chosen goes into the field, to be saved with the rest. */
  async function pickFolder() {
    setFailure(null);
    try {
      const a = await bridge.chooseBackupFolder?.();
      if (a?.ok && a.folder) setFolder(a.folder);
      else if (a && !a.ok) setFailure(a);
    } catch (e) {
      setFailure({ code: 'unavailable', message: e instanceof Error ? e.message : String(e) });
    }
  }

  function restore(backup: FolderBackup) {
    void act(
      () => bridge.restoreBackup?.(backup.file, restorePassphrase || undefined),
      (a) => {
        setRestored(a.restored);
        setChosen(null);
        setRestorePassphrase('');
      },
    );
  }

  // Backups hold the whole shop, and a restore replaces it: the owner's (an admin's) part of the panel.
  if (!bridge.getBackups || !isAdmin) return null;
  const rows = restored?.rows ?? {};
  const count = (table: string) => f.number(rows[table] ?? 0);
  return (
    <section className="desktop-backups" aria-labelledby="desktop-backups-title" data-testid="desktop-backups">
      <h3 id="desktop-backups-title">{t('desktop.backups.title')}</h3>
      {status?.lastGood ? (
        <p data-testid="desktop-backups-last-good">
          {t('desktop.backups.lastGood', { when: f.dateTime(status.lastGood.takenAt) })}{' '}
          <span className="muted small" dir="ltr">
            {t('desktop.backups.where', { folder: status.folder })}
          </span>
        </p>
      ) : (
        status && <p>{t('desktop.backups.none')}</p>
      )}
      {status?.overdue && (
        <p className="form-error" role="alert">
          {t('desktop.backups.overdue')}
        </p>
      )}
      {status && status.state !== 'idle' && (
        <p role="status" data-testid="desktop-backups-state">
          {t(`desktop.backups.${status.state}`, { detail: status.lastError ?? '' })}
        </p>
      )}
      {failure && (
        <p className="form-error" role="alert" data-testid="desktop-backups-error">
          {t(`desktop.backups.errors.${failure.code}`, { defaultValue: t('desktop.backups.errors.unavailable') })}{' '}
          <span className="muted small" dir="ltr">
            {failure.message}
          </span>
        </p>
      )}
      {note && <p role="status">{t(`desktop.backups.${note.kind}`)}</p>}
      {restored && (
        <div role="status" data-testid="desktop-backups-restored">
          <p>
            {t('desktop.backups.restored', {
              shop: restored.shop,
              when: f.dateTime(restored.takenAt),
              sales: count('sales.sales'),
              products: count('catalog.products'),
              customers: count('loyalty.customers'),
              users: count('identity.users'),
            })}
          </p>
          {restored.keptAside && <p className="muted small">{t('desktop.backups.keptAside', { folder: restored.keptAside })}</p>}
          {restored.series.map((s) => (
            <p className="muted small" key={`${s.branchId}/${s.register}`}>
              {t('desktop.backups.series', s)}
            </p>
          ))}
        </div>
      )}
      <form className="desktop-backups-form" onSubmit={save}>
        <div className="desktop-backups-folder">
          <label>
            {t('desktop.backups.folder')}
            <input dir="ltr" value={folder} onChange={(e) => setFolder(e.target.value)} required data-testid="desktop-backups-folder" />
          </label>
          {canPickFolder && (
            <button type="button" className="button" onClick={() => void pickFolder()} disabled={busy} data-testid="desktop-backups-choose">
              {t('desktop.backups.chooseFolder')}
            </button>
          )}
        </div>
        <label>
          {t('desktop.backups.time')}
          <input type="time" dir="ltr" value={time} onChange={(e) => setTime(e.target.value)} required />
        </label>
        <label>
          {t('desktop.backups.passphrase')}
          <input
            type="password"
            autoComplete="new-password"
            value={passphrase}
            onChange={(e) => setPassphrase(e.target.value)}
            data-testid="desktop-backups-passphrase"
          />
        </label>
        <p className="muted small">{t('desktop.backups.passphraseHint')}</p>
        <p className="muted small">{t(status?.encrypted ? 'desktop.backups.sealed' : 'desktop.backups.notSealed')}</p>
        <div className="row gap">
          <button type="submit" className="button" disabled={busy}>
            {t('desktop.backups.save')}
          </button>
          {status?.encrypted && (
            <button
              type="button"
              className="button"
              disabled={busy}
              onClick={() =>
                void act(
                  () => bridge.saveBackupSettings?.({ passphrase: '' }),
                  () => setNote({ kind: 'saved' }),
                )
              }
            >
              {t('desktop.backups.unseal')}
            </button>
          )}
          <button
            type="button"
            className="button primary"
            disabled={busy || status?.state === 'running' || status?.state === 'restoring'}
            onClick={() =>
              void act(
                () => bridge.backupNow?.(),
                (a) => a.status.lastError === null && setNote({ kind: 'taken' }),
              )
            }
            data-testid="desktop-backups-now"
          >
            {t('desktop.backups.now')}
          </button>
        </div>
      </form>
      {status && status.backups.length > 0 && (
        <>
          <h4>{t('desktop.backups.list')}</h4>
          <ul className="desktop-backups-list" data-testid="desktop-backups-list">
            {status.backups.map((b) => (
              <li key={b.file}>
                <span>{f.dateTime(b.takenAt)}</span>{' '}
                <span className={`badge ${b.good ? 'success' : 'warning'}`}>
                  {b.good ? t('desktop.backups.good') : t('desktop.backups.notVerified')}
                </span>{' '}
                {b.good && (
                  <button type="button" className="button small" disabled={busy} onClick={() => setChosen(b)}>
                    {t('desktop.backups.restore')}
                  </button>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      {chosen && (
        <div
          className="panel"
          role="dialog"
          aria-modal="false"
          aria-labelledby="desktop-restore-confirm"
          data-testid="desktop-restore-confirm"
        >
          <p id="desktop-restore-confirm">{t('desktop.backups.confirm', { when: f.dateTime(chosen.takenAt) })}</p>
          <label>
            {t('desktop.backups.restorePassphrase')}
            <input type="password" autoComplete="off" value={restorePassphrase} onChange={(e) => setRestorePassphrase(e.target.value)} />
          </label>
          <div className="row gap">
            <button type="button" className="button danger" disabled={busy} onClick={() => restore(chosen)}>
              {t('desktop.backups.confirmRestore')}
            </button>
            <button type="button" className="button" disabled={busy} onClick={() => setChosen(null)}>
              {t('desktop.backups.cancel')}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
