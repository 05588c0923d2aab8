import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { translate } from '@dukan/contracts';
import { moneyCurrency, wallClock, type Cell, type CellKind } from './cell-format.js';
import type { WriteControl } from './csv-export.js';
import { rowCount, tableBatches, type ReportDocument } from './report-document.js';

const MONEY_FORMAT = { USD: '"$"#,##0.00;-"$"#,##0.00', IQD: '#,##0" IQD";-#,##0" IQD"' } as const;
const FORMAT: Partial<Record<CellKind, string>> = {
  number: '#,##0',
  kg: '#,##0.000',
  hours: '0.0',
  date: 'yyyy-mm-dd',
  datetime: 'yyyy-mm-dd hh:mm',
};

/** Excel's sheet names: at most 31 characters, none of []:*?/\, unique in the book. */
function sheetName(title: string, taken: Set<string>): string {
  const base =
    title
      .replace(/[[\]:*?/\\]/g, ' ')
      .slice(0, 28)
      .trim() || 'Sheet';
  let name = base;
  for (let i = 2; taken.has(name.toLowerCase()); i++) name = `${base} ${i}`;
  taken.add(name.toLowerCase());
  return name;
}

/** Dates as Excel dates: a day at midnight, a moment at its wall-clock time in the shop's zone. */
function typed(value: Cell, kind: CellKind, timeZone: string): ExcelJS.CellValue {
  if (value === null || value === '') return null;
  if (kind === 'date' && typeof value === 'string') return new Date(`${value.slice(0, 10)}T00:00:00Z`);
  if (kind === 'datetime' && typeof value === 'string') {
    const w = wallClock(value, timeZone);
    return new Date(Date.UTC(w.y, w.mo - 1, w.d, w.h, w.mi));
  }
  return value;
}

/**
 * A workbook streamed as it is written: a summary sheet, then one sheet per table; numbers as numbers, dates as
 * dates, money in the currency's format; sheets right to left for Kurdish.
 */
export async function writeXlsx(doc: ReportDocument, out: Writable, control: WriteControl): Promise<void> {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  book.creator = 'Dukan';
  book.created = new Date(doc.generatedAt);
  const views = [{ rightToLeft: doc.locale === 'ku', state: 'frozen' as const, ySplit: 1 }];
  const taken = new Set<string>();
  const format = (kind: CellKind) => {
    const money = moneyCurrency(kind, doc.currency);
    return money ? MONEY_FORMAT[money] : FORMAT[kind];
  };

  const summary = book.addWorksheet(sheetName(translate(doc.locale, 'report.section.summary'), taken), { views });
  summary.columns = [
    { header: translate(doc.locale, 'report.field.metric'), width: 30 },
    { header: translate(doc.locale, 'report.field.value'), width: 22 },
  ];
  summary.getRow(1).font = { bold: true };
  for (const s of doc.summary) {
    const row = summary.addRow([s.label, s.value]);
    const fmt = format(s.kind);
    if (fmt) row.getCell(2).numFmt = fmt;
    row.commit();
  }
  for (const [label, value] of [
    [doc.title, doc.storeName],
    [doc.rangeText, translate(doc.locale, 'report.currency', { currency: doc.currency })],
  ]) {
    summary.addRow([label, value]).commit();
  }
  summary.commit();

  const total = doc.tables.reduce((n, t) => n + rowCount(t), 0);
  let done = 0;
  for (const table of doc.tables) {
    const sheet = book.addWorksheet(sheetName(table.title, taken), { views });
    sheet.columns = table.columns.map((c) => ({
      header: c.label,
      width: c.kind === 'text' ? 28 : 16,
      style: format(c.kind) ? { numFmt: format(c.kind) } : {},
    }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    for await (const batch of tableBatches(table)) {
      for (const r of batch) {
        sheet.addRow(r.map((v, i) => typed(v, table.columns[i]!.kind, doc.timeZone))).commit();
        done += 1;
        if (done % 2000 === 0) {
          if (control.signal.aborted) return;
          control.onRows(done, total);
          await new Promise((resolve) => setImmediate(resolve)); // let the response drain and other requests run
        }
      }
    }
    sheet.commit();
  }
  await book.commit();
  control.onRows(total, total);
}
