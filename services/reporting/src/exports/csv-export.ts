import type { Writable } from 'node:stream';
import { csvField, translate } from '@dukan/contracts';
import { plainCell, type Cell, type CellKind } from './cell-format.js';
import { rowCount, tableBatches, type ReportDocument } from './report-document.js';

export interface WriteControl {
  signal: AbortSignal;
  /** Rows written so far of all rows. */
  onRows(done: number, total: number): void;
}

/** Writes and waits while the reader is slower than we are. */
export async function put(out: Writable, text: string): Promise<void> {
  if (!out.write(text))
    await new Promise<void>((resolve, reject) => {
      const done = () => (out.off('drain', done), out.off('close', done), resolve());
      out.once('drain', done);
      out.once('close', done);
      out.once('error', reject);
    });
}

/**
 * UTF-8 with a byte-order mark (spreadsheet programs then show Kurdish), a heading, then one section per table:
 * its title, its header and its rows, sections apart by an empty line. Text goes through the shared formula-injection rule.
 */
export async function writeCsv(doc: ReportDocument, out: Writable, control: WriteControl): Promise<void> {
  // Numbers go out as written (12.50, -3), never neutralised; every text through the shared rule.
  const field = (v: Cell, kind: CellKind) => {
    const plain = plainCell(v, kind, doc.currency, doc.timeZone);
    return typeof v === 'number' && plain !== null ? String(plain) : csvField(plain);
  };
  const text = (cells: string[]) => `${cells.map((c) => csvField(c)).join(',')}\r\n`;
  const total = doc.tables.reduce((n, t) => n + rowCount(t), 0);
  let done = 0;
  let chunk = `\uFEFF${text([doc.title])}${text([doc.storeName])}${text([doc.rangeText])}${text([translate(doc.locale, 'report.currency', { currency: doc.currency })])}`;
  chunk += `\r\n${text([translate(doc.locale, 'report.section.summary')])}${text([translate(doc.locale, 'report.field.metric'), translate(doc.locale, 'report.field.value')])}`;
  for (const s of doc.summary) chunk += `${csvField(s.label)},${field(s.value, s.kind)}\r\n`;
  for (const table of doc.tables) {
    chunk += `\r\n${text([table.title])}${text(table.columns.map((c) => c.label))}`;
    for await (const batch of tableBatches(table)) {
      for (const row of batch) {
        chunk += `${row.map((v, i) => field(v, table.columns[i]!.kind)).join(',')}\r\n`;
        done += 1;
        if (chunk.length > 64_000) {
          if (control.signal.aborted) return;
          await put(out, chunk);
          chunk = '';
          control.onRows(done, total);
        }
      }
    }
  }
  await put(out, chunk);
  control.onRows(total, total);
}
