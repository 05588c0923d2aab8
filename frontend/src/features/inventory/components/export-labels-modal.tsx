import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../app/api.js';
import { Modal } from '../../../components/ui/modal.js';
import { useFormat } from '../../../i18n/format.js';
import { LABEL_LAYOUT_IDS, type Currency, type LabelLayout } from '@dukan/contracts';
import {
  saveFile,
  useInventoryExportLabelsMutation,
  useInventoryLabelSheetProgressQuery,
  type ProductFilter,
} from '../api/inventory-api.js';
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
type Format = 'csv' | 'pdf';

/** A name for one label PDF, so its progress can be asked for while it is made. */
const newExportId = () => `labels-${crypto.randomUUID()}`;

/**
 * Barcode labels for the ticked products, or a range of rows of the list as the table numbers them: as CSV for a
 * label program, or as PDF sheets of stickers (or a 58 mm roll) to print now, with the PDF's progress shown.
 */
export function ExportLabelsModal({ rowCount, filter, selectedIds, onClose, onExported }: ExportLabelsModalProps) {
  const { t } = useTranslation();
  const f = useFormat();
  const [mode, setMode] = useState<Mode>(selectedIds.length > 0 ? 'selected' : 'range');
  const [start, setStart] = useState('1');
  const [end, setEnd] = useState(String(Math.min(Math.max(rowCount, 1), MAX_LABELS_PER_EXPORT)));
  const [problem, setProblem] = useState<RowRangeProblem | 'pick' | null>(null);
  const [exportLabels, state] = useInventoryExportLabelsMutation();
  const [format, setFormat] = useState<Format>('csv');
  const [layout, setLayout] = useState<LabelLayout>('a4-3x8');
  const [names, setNames] = useState<('en' | 'ku')[]>(['en', 'ku']);
  const [currencies, setCurrencies] = useState<Currency[]>(['USD', 'IQD']);
  const [exportId, setExportId] = useState<string | null>(null);
  const progress = useInventoryLabelSheetProgressQuery(exportId ?? '', { skip: !exportId || !state.isLoading, pollingInterval: 500 });
  const toggle = <T,>(list: T[], item: T, on: boolean): T[] =>
    on ? [...list.filter((x) => x !== item), item] : list.filter((x) => x !== item);

  const problemText = (p: RowRangeProblem | 'pick') =>
    p === 'pick'
      ? t('inventory.export.pickOne')
      : p === 'invalid'
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
    if (format === 'pdf' && (names.length === 0 || currencies.length === 0)) {
      setProblem('pick');
      return;
    }
    const id = newExportId();
    const pdf = format === 'pdf' ? { layout, names, currencies, exportId: id } : undefined;
    setExportId(pdf ? id : null);
    let args: Parameters<typeof exportLabels>[0];
    if (mode === 'selected') args = { kind: 'ids', ids: selectedIds, ...(pdf && { pdf }) };
    else {
      const range = checkRowRange(start, end, rowCount);
      if (!range.ok) {
        setProblem(range.problem);
        return;
      }
      args = { kind: 'rows', filter, start: range.start, end: range.end, ...(pdf && { pdf }) };
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
            {state.isLoading
              ? t('inventory.export.exporting')
              : format === 'pdf'
                ? t('inventory.export.submitPdf')
                : t('inventory.export.submit')}
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
        <fieldset className="export-modes">
          <legend>{t('inventory.export.format')}</legend>
          <label className="checkbox">
            <input
              type="radio"
              name="format"
              checked={format === 'csv'}
              onChange={() => setFormat('csv')}
              data-testid="export-format-csv"
            />
            {t('inventory.export.formatCsv')}
          </label>
          <label className="checkbox">
            <input
              type="radio"
              name="format"
              checked={format === 'pdf'}
              onChange={() => setFormat('pdf')}
              data-testid="export-format-pdf"
            />
            {t('inventory.export.formatPdf')}
          </label>
        </fieldset>
        {format === 'pdf' && (
          <>
            <label className="field">
              <span>{t('inventory.export.layout')}</span>
              <select value={layout} onChange={(e) => setLayout(e.target.value as LabelLayout)} data-testid="export-layout">
                {LABEL_LAYOUT_IDS.map((id) => (
                  <option key={id} value={id}>
                    {t(`inventory.export.layouts.${id}`)}
                  </option>
                ))}
              </select>
            </label>
            <fieldset className="export-modes">
              <legend>{t('inventory.export.names')}</legend>
              {(['en', 'ku'] as const).map((n) => (
                <label key={n} className="checkbox">
                  <input
                    type="checkbox"
                    checked={names.includes(n)}
                    onChange={(e) => setNames(toggle(names, n, e.target.checked))}
                    data-testid={`export-name-${n}`}
                  />
                  {t(n === 'en' ? 'inventory.export.nameEn' : 'inventory.export.nameKu')}
                </label>
              ))}
            </fieldset>
            <fieldset className="export-modes">
              <legend>{t('inventory.export.prices')}</legend>
              {(['USD', 'IQD'] as const).map((c) => (
                <label key={c} className="checkbox">
                  <input
                    type="checkbox"
                    checked={currencies.includes(c)}
                    onChange={(e) => setCurrencies(toggle(currencies, c, e.target.checked))}
                    data-testid={`export-price-${c}`}
                  />
                  {t(c === 'USD' ? 'inventory.export.priceUsd' : 'inventory.export.priceIqd')}
                </label>
              ))}
            </fieldset>
          </>
        )}
        {state.isLoading && format === 'pdf' && (
          <div role="status" data-testid="export-progress">
            <progress
              max={progress.data?.total || 1}
              value={
                progress.data?.state === 'rendering' || progress.data?.state === 'done' ? progress.data.total : (progress.data?.done ?? 0)
              }
            />
            <p className="small muted">
              {progress.data?.state === 'barcodes'
                ? t('inventory.export.progressBarcodes', { done: f.number(progress.data.done), total: f.number(progress.data.total) })
                : progress.data?.state === 'rendering'
                  ? t('inventory.export.progressRendering', { total: f.number(progress.data.total) })
                  : t('inventory.export.progressReading')}
            </p>
          </div>
        )}
        {problem && (mode === 'range' || problem === 'pick') && (
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
