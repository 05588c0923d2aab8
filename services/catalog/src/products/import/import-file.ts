import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Cell } from './import-rows.policy.js';

export interface ImportSheet {
  headers: string[];
  /** Data rows in file order, each with its row number in the file (the header is row 1). */
  rows: { row: number; cells: Cell[] }[];
}

/** Thrown for a file that is neither a CSV text nor an Excel workbook. */
export class UnreadableFile extends Error {}

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** The first sheet of an Excel workbook (.xlsx), or a CSV (UTF-8, with or without its byte-order mark). */
export async function readImportFile(buffer: Buffer, maxRows: number): Promise<ImportSheet> {
  const workbook = new ExcelJS.Workbook();
  let sheet: ExcelJS.Worksheet | undefined;
  try {
    if (buffer.subarray(0, 4).equals(ZIP)) {
      await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
      sheet = workbook.worksheets[0];
    } else {
      if (!isText(buffer)) throw new UnreadableFile();
      // Every cell kept as written: a barcode's leading zeros, a SKU that looks like a date.
      sheet = await workbook.csv.read(Readable.from([buffer]), { map: (value: string) => value } as never);
    }
  } catch (e) {
    if (e instanceof UnreadableFile) throw e;
    throw new UnreadableFile((e as Error).message);
  }
  if (!sheet) throw new UnreadableFile();
  let headers: string[] | null = null;
  const rows: ImportSheet['rows'] = [];
  let tooMany = false;
  sheet.eachRow({ includeEmpty: false }, (r, number) => {
    const values = Array.from(r.values as unknown[], cellValue).slice(1); // exceljs counts columns from 1
    if (values.every((v) => v === null || (typeof v === 'string' && v.trim() === ''))) return;
    if (!headers) {
      // The first row with anything in it names the columns.
      headers = values.map((v) => (v === null ? '' : String(v)));
      return;
    }
    if (rows.length >= maxRows) {
      tooMany = true;
      return;
    }
    rows.push({ row: number, cells: values });
  });
  if (tooMany) throw new TooManyRows();
  return { headers: headers ?? [], rows };
}

export class TooManyRows extends Error {}

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

/** UTF-8 text without NUL bytes (a binary file or an old .xls is not a CSV). */
function isText(buffer: Buffer): boolean {
  const head = buffer.subarray(0, 64 * 1024);
  if (head.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, lastWholeChar(head)));
    return true;
  } catch {
    return false;
  }
}

/** The length of `b` without a multi-byte character cut at its end. */
function lastWholeChar(b: Buffer): number {
  let end = b.length;
  for (let i = 1; i <= 3 && end - i >= 0; i++) {
    const byte = b[end - i]!;
    if ((byte & 0xc0) === 0x80) continue; // continuation byte
    if (byte >= 0xc0) return end - i; // a lead byte: its sequence may be cut
    break;
  }
  return end;
}
