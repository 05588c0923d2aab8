import { useTranslation } from 'react-i18next';
import type { ProductImportDto, ProductImportRowDto } from '@dukan/contracts';
import { useFormat } from '../../../i18n/format.js';

/** An import under way or ended: how many rows the file had and were valid, the progress, the outcome, and the rows refused or failed. */
export function ImportJobView({ job }: { job: ProductImportDto }) {
  const { t } = useTranslation();
  const f = useFormat();
  const finished = job.state !== 'running';
  const percent = job.total > 0 ? Math.round((job.done / job.total) * 100) : 0;
  return (
    <div className="stack" data-testid="import-job" data-state={job.state}>
      <p data-testid="import-summary">
        {t('inventory.import.summary', {
          rows: f.number(job.rowsInFile),
          valid: f.number(job.total),
          refused: f.number(job.refusedCount),
        })}
      </p>
      {job.total > 0 && (
        <div className="import-progress" role="status">
          <progress max={job.total} value={job.done} aria-label={t('inventory.import.progressLabel')} data-testid="import-progress" />
          <span>
            {t('inventory.import.progress', { done: f.number(job.done), total: f.number(job.total) })} ({f.percent(percent)})
          </span>
        </div>
      )}
      {finished && job.total === 0 && <p className="form-error">{t('inventory.import.nothingToImport')}</p>}
      {job.state === 'done' && job.total > 0 && (
        <p className="import-done" role="status" data-testid="import-result">
          {t('inventory.import.done', { created: f.number(job.created), merged: f.number(job.merged) })}
        </p>
      )}
      {job.state === 'failed' && (
        <p className="form-error" role="alert" data-testid="import-stopped">
          {t('inventory.import.stopped', { done: f.number(job.done), total: f.number(job.total) })}
        </p>
      )}
      <RowProblems
        title={t('inventory.import.refusedTitle', { count: f.number(job.refusedCount) })}
        rows={job.refused}
        count={job.refusedCount}
        testId="import-refused"
      />
      <RowProblems
        title={t('inventory.import.failedTitle', { count: f.number(job.failed.length) })}
        rows={job.failed}
        count={job.failed.length}
        testId="import-failed"
      />
    </div>
  );
}

/** Refused or failed rows: the row number in the file, the column, and why. */
function RowProblems({ title, rows, count, testId }: { title: string; rows: ProductImportRowDto[]; count: number; testId: string }) {
  const { t } = useTranslation();
  const f = useFormat();
  if (rows.length === 0) return null;
  return (
    <section className="import-problems" data-testid={testId}>
      <h3>{title}</h3>
      {count > rows.length && (
        <p className="small muted">{t('inventory.import.firstOnly', { shown: f.number(rows.length), count: f.number(count) })}</p>
      )}
      <div className="table-scroll import-problems-scroll">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('inventory.import.row')}</th>
              <th scope="col">{t('inventory.import.column')}</th>
              <th scope="col">{t('inventory.import.reason')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.flatMap((r) =>
              r.errors.map((e, i) => (
                <tr key={`${r.row}-${i}`} data-row={r.row}>
                  {i === 0 && <td rowSpan={r.errors.length}>{f.number(r.row)}</td>}
                  <td>{e.column ? <bdi>{e.column}</bdi> : ''}</td>
                  <td>{e.message}</td>
                </tr>
              )),
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}
