import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Cell } from './import-rows.policy.js';

export interface ImportSheet {
  headers: string[];
  /** Data rows in file order, each with its row number in the file as a spreadsheet numbers it (the header is usually 1). */
  rows: { row: number; cells: Cell[] }[];
}

/** Thrown for a file that is neither a CSV text nor an Excel workbook. */
export class UnreadableFile extends Error {}
export class TooManyRows extends Error {}

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/**
 * The first sheet of an Excel workbook (.xlsx, read as a stream: a 50,000-row sheet never sits in memory as
 * cell objects), or a CSV (UTF-8, with or without its byte-order mark, every cell kept as written, so a
 * barcode keeps its leading zeros). The first row with anything in it names the columns; empty rows are skipped.
 */
export async function readImportFile(buffer: Buffer, maxRows: number): Promise<ImportSheet> {
  const collect = new Collector(maxRows);
  if (buffer.subarray(0, 4).equals(ZIP)) await readXlsx(buffer, collect);
  else {
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(buffer);
    } catch {
      throw new UnreadableFile('not UTF-8 text');
    }
    if (text.includes('\u0000')) throw new UnreadableFile('binary');
    await readCsv(text, collect);
  }
  return collect.sheet();
}

class Collector {
  private headers: string[] | null = null;
  private readonly rows: ImportSheet['rows'] = [];
  constructor(private readonly maxRows: number) {}

  add(row: number, cells: Cell[]): void {
    if (cells.every((v) => v === null || (typeof v === 'string' && v.trim() === ''))) return;
    if (!this.headers) {
      this.headers = cells.map((v) => (v === null ? '' : String(v)));
      return;
    }
    if (this.rows.length >= this.maxRows) throw new TooManyRows();
    this.rows.push({ row, cells });
  }

  sheet(): ImportSheet {
    return { headers: this.headers ?? [], rows: this.rows };
  }
}

/**
 * CSV through exceljs (fast-csv): quoted fields with commas, doubled quotes and line breaks; CRLF or LF; the
 * byte-order mark dropped. Cells stay as written (no numbers or dates guessed). A row's number counts records,
 * blank ones too, as a spreadsheet numbers them. A file whose first line has semicolons and no commas (saved
 * in a locale that writes decimal commas) is read with semicolons.
 */
async function readCsv(text: string, collect: Collector): Promise<void> {
  const firstLine = text.slice(0, text.search(/\r|\n|$/));
  const delimiter = !firstLine.includes(',') && firstLine.includes(';') ? ';' : ',';
  let sheet: ExcelJS.Worksheet;
  try {
    sheet = await new ExcelJS.Workbook().csv.read(Readable.from([text]), { map: (cell: string) => cell, parserOptions: { delimiter } });
  } catch (e) {
    throw new UnreadableFile((e as Error).message);
  }
  sheet.eachRow({ includeEmpty: true }, (row) => collect.add(row.number, Array.from(row.values as unknown[], cellValue).slice(1)));
}

async function readXlsx(buffer: Buffer, collect: Collector): Promise<void> {
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([buffer]), {
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      styles: 'ignore',
      worksheets: 'emit',
      entries: 'emit',
    });
    for await (const sheet of reader) {
      for await (const row of sheet as unknown as AsyncIterable<ExcelJS.Row>) {
        collect.add(row.number, Array.from(row.values as unknown[], cellValue).slice(1)); // exceljs counts columns from 1
      }
      break; // the first sheet only
    }
  } catch (e) {
    if (e instanceof TooManyRows) throw e;
    throw new UnreadableFile((e as Error).message);
  }
}

/** A cell's value as text, number or boolean: formulas by their result, rich text and links by their text. */
function cellValue(v: unknown): Cell {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    const o = v as { result?: unknown; richText?: { text: string }[]; text?: unknown; error?: string };
    if ('result' in o) return cellValue(o.result);
    if (Array.isArray(o.richText)) return o.richText.map((p) => p.text).join('');
    if ('text' in o) return cellValue(o.text);
    if (o.error) return o.error;
  }
  return String(v);
}
