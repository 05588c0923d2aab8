import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { csvLine, PRODUCT_IMPORT_HEADERS, type ProductImportDto, type ProductImportRowDto } from '@dukan/contracts';
import { errorText, validationMessages } from '../../../app/api.js';
import { Modal } from '../../../components/ui/modal.js';
import { useFormat } from '../../../i18n/format.js';
import { saveFile, useInventoryImportProductsMutation } from '../api/inventory-api.js';

/** An empty file with every column the import reads, for a spreadsheet program (UTF-8 with a byte-order mark). */
function saveTemplate(): void {
  const text = `\uFEFF${csvLine(Object.values(PRODUCT_IMPORT_HEADERS))}\r\n`;
  saveFile(new Blob([text], { type: 'text/csv;charset=utf-8' }), 'products-template.csv');
}

interface ImportProductsModalProps {
  /** The page's current import (polled by the page), or null to choose a file. */
  job: ProductImportDto | null;
  onStarted: (job: ProductImportDto) => void;
  /** Back to choosing a file. */
  onAgain: () => void;
  onClose: () => void;
}

/**
 * Import products from a CSV or Excel file: the server checks every row first and answers with the refused
 * ones and why; the valid rows then import in the background, and the page polls the progress shown here.
 */
export function ImportProductsModal({ job, onStarted, onAgain, onClose }: ImportProductsModalProps) {
  const { t } = useTranslation();
  const f = useFormat();
  const [file, setFile] = useState<File | null>(null);
  const [upload, uploading] = useInventoryImportProductsMutation();
  const finished = job !== null && job.state !== 'running';

  async function submit(e?: FormEvent) {
    e?.preventDefault();
    if (!file || uploading.isLoading) return;
    try {
      onStarted(await upload(file).unwrap());
    } catch {
      /* shown below */
    }
  }

  function again() {
    setFile(null);
    uploading.reset();
    onAgain();
  }

  const failure = uploading.isError
    ? (validationMessages(uploading.error)[0] ?? errorText(uploading.error, t('inventory.import.failed')))
    : null;
  const percent = job && job.total > 0 ? Math.round((job.done / job.total) * 100) : 0;

  return (
    <Modal
      title={t('inventory.import.title')}
      onClose={onClose}
      className="import-modal"
      testId="import-modal"
      footer={
        job ? (
          <>
            {finished && (
              <button type="button" className="button" onClick={again} data-testid="import-again">
                {t('inventory.import.another')}
              </button>
            )}
            <button type="button" className="button primary" onClick={onClose} data-testid="import-close">
              {t('inventory.import.close')}
            </button>
          </>
        ) : (
          <>
            <button type="button" className="button" onClick={onClose}>
              {t('common.cancel')}
            </button>
            <button
              type="submit"
              form="import-form"
              className="button primary"
              disabled={!file || uploading.isLoading}
              data-testid="import-submit"
            >
              {uploading.isLoading ? t('inventory.import.uploading') : t('inventory.import.submit')}
            </button>
          </>
        )
      }
    >
      {!job ? (
        <form id="import-form" className="stack" onSubmit={(e) => void submit(e)} noValidate>
          <p className="muted">{t('inventory.import.intro')}</p>
          <p className="info-box">{t('inventory.import.merges')}</p>
          <button type="button" className="link-button" onClick={saveTemplate} data-testid="import-template">
            {t('inventory.import.template')}
          </button>
          <label className="field">
            <span>{t('inventory.import.file')}</span>
            <input
              type="file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                uploading.reset();
              }}
              data-testid="import-file"
            />
          </label>
          {failure && (
            <p className="form-error" role="alert" data-testid="import-error">
              {failure}
            </p>
          )}
        </form>
      ) : (
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
      )}
    </Modal>
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
