import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { csvLine, PRODUCT_IMPORT_HEADERS, type ProductImportDto } from '@dukan/contracts';
import { errorText, validationMessages } from '../../../app/api.js';
import { Modal } from '../../../components/ui/modal.js';
import { saveFile, useInventoryImportProductsMutation } from '../api/inventory-api.js';
import { ImportJobView } from './import-job-view.js';

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
        <ImportJobView job={job} />
      )}
    </Modal>
  );
}
