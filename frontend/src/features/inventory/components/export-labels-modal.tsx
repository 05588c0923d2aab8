import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../app/api.js';
import { Modal } from '../../../components/ui/modal.js';
import { useFormat } from '../../../i18n/format.js';
import { saveFile, useInventoryExportLabelsMutation, type ProductFilter } from '../api/inventory-api.js';
import { checkRowRange, MAX_LABELS_PER_EXPORT, type RowRangeProblem } from '../lib/row-range.js';

interface ExportLabelsModalProps {
  /** Rows of the list under the current search and filters. */
  rowCount: number;
  filter: ProductFilter;
  selectedIds: string[];
  onClose: () => void;
  onExported: (count: number) => void;
}

type Mode = 'selected' | 'range';

/** Barcode labels as CSV: the ticked products, or a range of rows of the list as the table numbers them. */
export function ExportLabelsModal({ rowCount, filter, selectedIds, onClose, onExported }: ExportLabelsModalProps) {
  const { t } = useTranslation();
  const f = useFormat();
  const [mode, setMode] = useState<Mode>(selectedIds.length > 0 ? 'selected' : 'range');
  const [start, setStart] = useState('1');
  const [end, setEnd] = useState(String(Math.min(Math.max(rowCount, 1), MAX_LABELS_PER_EXPORT)));
  const [problem, setProblem] = useState<RowRangeProblem | null>(null);
  const [exportLabels, state] = useInventoryExportLabelsMutation();

  const problemText = (p: RowRangeProblem) =>
    p === 'invalid'
      ? t('inventory.export.invalidRows')
      : p === 'order'
        ? t('inventory.export.rowOrder')
        : p === 'bounds'
          ? t('inventory.export.rowBounds', { min: f.number(1), max: f.number(rowCount) })
          : t('inventory.export.tooMany', { max: f.number(MAX_LABELS_PER_EXPORT) });

  const nothingSelected = mode === 'selected' && selectedIds.length === 0;

  async function submit(e?: FormEvent) {
    e?.preventDefault();
    if (state.isLoading) return;
    // Export with nothing selected does nothing (spec part 1 §5).
    if (nothingSelected) return;
    setProblem(null);
    let args: Parameters<typeof exportLabels>[0];
    if (mode === 'selected') args = { kind: 'ids', ids: selectedIds };
    else {
      const range = checkRowRange(start, end, rowCount);
      if (!range.ok) {
        setProblem(range.problem);
        return;
      }
      args = { kind: 'rows', filter, start: range.start, end: range.end };
    }
    try {
      const file = await exportLabels(args).unwrap();
      if (file.count === 0) return;
      saveFile(file.blob, file.fileName);
      onExported(file.count);
    } catch {
      /* shown below */
    }
  }

  const failure = state.isError ? errorText(state.error, t('inventory.export.failed')) : null;

  return (
    <Modal
      title={t('inventory.export.title')}
      onClose={onClose}
      testId="export-labels-modal"
      footer={
        <>
          <button type="button" className="button" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button
            type="submit"
            form="export-labels-form"
            className="button primary"
            disabled={state.isLoading || nothingSelected}
            data-testid="export-submit"
          >
            {state.isLoading ? t('inventory.export.exporting') : t('inventory.export.submit')}
          </button>
        </>
      }
    >
      <form id="export-labels-form" className="stack" onSubmit={(e) => void submit(e)} noValidate>
        <p className="muted">{t('inventory.export.intro')}</p>
        <fieldset className="export-modes">
          <label className="checkbox">
            <input
              type="radio"
              name="mode"
              checked={mode === 'selected'}
              onChange={() => setMode('selected')}
              data-testid="export-mode-selected"
            />
            {t('inventory.export.modeSelected', { count: f.number(selectedIds.length) })}
          </label>
          <label className="checkbox">
            <input type="radio" name="mode" checked={mode === 'range'} onChange={() => setMode('range')} data-testid="export-mode-range" />
            {t('inventory.export.modeRange')}
          </label>
        </fieldset>
        {mode === 'selected' ? (
          selectedIds.length === 0 && <p className="info-box">{t('inventory.export.noneSelected')}</p>
        ) : (
          <>
            <p className="small muted" data-testid="export-row-count">
              {t('inventory.export.rowCount', { count: f.number(rowCount) })}
            </p>
            <div className="row-range">
              <label className="field">
                <span>{t('inventory.export.startRow')}</span>
                <input inputMode="numeric" value={start} onChange={(e) => setStart(e.target.value)} data-testid="export-start" autoFocus />
              </label>
              <label className="field">
                <span>{t('inventory.export.endRow')}</span>
                <input inputMode="numeric" value={end} onChange={(e) => setEnd(e.target.value)} data-testid="export-end" />
              </label>
            </div>
          </>
        )}
        {problem && mode === 'range' && (
          <p className="form-error" role="alert" data-testid="export-problem">
            {problemText(problem)}
          </p>
        )}
        {failure && (
          <p className="form-error" role="alert" data-testid="export-error">
            {failure}
          </p>
        )}
      </form>
    </Modal>
  );
}
