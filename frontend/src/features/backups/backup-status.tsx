import { useTranslation } from 'react-i18next';
import { api } from '../../app/api.js';
import { useFormat } from '../../i18n/format.js';
import { useCurrentUser } from '../auth/index.js';

/** GET /api/backups/status (admins): the gateway's BackupStatus. */
export interface BackupStatusDto {
  managed: boolean;
  folder: string | null;
  time: string | null;
  lastGood: { takenAt: string; file: string; verifiedAt: string; encrypted: boolean } | null;
  overdue: boolean;
}

const backupsApi = api.injectEndpoints({
  endpoints: (build) => ({
    backupStatus: build.query<BackupStatusDto, void>({
      query: () => '/backups/status',
      transformResponse: (res: { data: BackupStatusDto }) => res.data,
    }),
  }),
});
export const { useBackupStatusQuery } = backupsApi;

/** The settings hub's panel (admins): the last good backup's time and place, the daily time, or none yet. */
export function BackupStatusPanel() {
  const { t } = useTranslation();
  const f = useFormat();
  const isAdmin = useCurrentUser()?.role === 'admin';
  const { data, error } = useBackupStatusQuery(undefined, { skip: !isAdmin });
  if (!isAdmin) return null;
  return (
    <section className="panel" aria-labelledby="backup-status-title" data-testid="backup-status">
      <h2 id="backup-status-title">{t('backups.title')}</h2>
      {error && <p className="form-error">{t('backups.fetchError')}</p>}
      {data?.managed && <p className="muted">{t('backups.managed')}</p>}
      {data && !data.managed && (
        <>
          {data.lastGood ? (
            <>
              <p data-testid="backup-last-good">{t('backups.lastGood', { when: f.dateTime(data.lastGood.takenAt) })}</p>
              <p className="muted small" dir="ltr">
                {t('backups.where', { folder: data.folder ?? '' })}
              </p>
              {data.lastGood.encrypted && <p className="muted small">{t('backups.encrypted')}</p>}
            </>
          ) : (
            <p data-testid="backup-none">{t('backups.none')}</p>
          )}
          {data.overdue && (
            <p className="form-error" role="alert">
              {t('backups.overdue')}
            </p>
          )}
          <p className="muted small">{t('backups.daily', { time: data.time ?? '' })}</p>
        </>
      )}
    </section>
  );
}

/** The dashboard's warning to admins after two days without a good backup (nothing otherwise). */
export function BackupOverdueWarning() {
  const { t } = useTranslation();
  const isAdmin = useCurrentUser()?.role === 'admin';
  const { data } = useBackupStatusQuery(undefined, { skip: !isAdmin });
  if (!isAdmin || !data || data.managed || !data.overdue) return null;
  return (
    <p className="form-error" role="alert" data-testid="backup-overdue">
      {t('backups.overdue')}
    </p>
  );
}
