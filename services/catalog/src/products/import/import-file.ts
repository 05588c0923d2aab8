import { createRequire } from 'node:module';
import { Readable, type Duplex } from 'node:stream';
import { parse as parseCsv } from '@fast-csv/parse';
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
/** A row with more cells than any product list has. */
export class TooManyColumns extends Error {}
/** A workbook that unpacks to more than MAX_UNPACKED_BYTES. */
export class TooBigUnpacked extends Error {}
/** Reading took longer than ImportLimits.maxMillis. */
export class TooSlow extends Error {}
/** The client went away: nobody waits for the answer. */
export class ReadAborted extends Error {}

/** Cells per row: the template has eight columns; a sheet may carry some of its own beside them. */
export const MAX_IMPORT_COLUMNS = 200;
/** What a workbook's parts may unpack to in all: a 100,000-row product sheet is well under 100 MB of XML. */
export const MAX_UNPACKED_BYTES = 256 * 1024 * 1024;
/** Distinct texts a workbook may list (its shared strings, all held in memory while its rows are read): eight columns of 100,000 rows at most. */
export const MAX_SHARED_STRINGS = 1_000_000;
/** Rows of a file, blank ones included, beyond its product rows: a header, some notes, blank lines. */
const ROW_SLACK = 1000;

export interface ImportLimits {
  maxRows: number;
  /** How long reading may take before the file is refused (a safety net: the counts stop a hostile file long before). */
  maxMillis?: number;
  /** Aborted when the client has gone: reading stops at once. */
  signal?: AbortSignal;
}

/** unzipper (exceljs reads workbooks with it) has no types of its own: the one call made here. */
const unzipper = createRequire(import.meta.url)('unzipper') as { Parse(options: { forceStream: true }): Duplex };

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/**
 * The first sheet of an Excel workbook (.xlsx) or a CSV (UTF-8, with or without its byte-order mark, every cell
 * kept as written, so a barcode keeps its leading zeros), read as a stream: rows are counted as they are read
 * (blank ones too: a sheet of a billion empty rows is refused at its limit, not read to its end), a workbook's
 * unpacked size is counted before its rows are read, and reading stops when the client goes or time runs out.
 * The first row with anything in it names the columns; empty rows are skipped.
 */
export async function readImportFile(buffer: Buffer, limitsOrMaxRows: number | ImportLimits): Promise<ImportSheet> {
  const limits = typeof limitsOrMaxRows === 'number' ? { maxRows: limitsOrMaxRows } : limitsOrMaxRows;
  const collect = new Collector(limits);
  if (buffer.subarray(0, 4).equals(ZIP)) await readXlsx(buffer, collect);
  else await readCsv(buffer, collect);
  return collect.sheet();
}

class Collector {
  private headers: string[] | null = null;
  private readonly rows: ImportSheet['rows'] = [];
  private seen = 0;
  private readonly deadline: number;
  constructor(private readonly limits: ImportLimits) {
    this.deadline = Date.now() + (limits.maxMillis ?? 60_000);
  }

  /** Throws when reading must stop: the client gone or time run out. */
  tick(): void {
    if (this.limits.signal?.aborted) throw new ReadAborted();
    if (Date.now() > this.deadline) throw new TooSlow();
  }

  /** Every row read, blank or not, counts; so does its number (a sheet may jump to row 1,000,000,000). */
  add(row: number, cells: Cell[]): void {
    this.seen++;
    if (row > this.limits.maxRows + ROW_SLACK || this.seen > this.limits.maxRows + ROW_SLACK) throw new TooManyRows();
    if ((this.seen & 255) === 0) this.tick();
    if (cells.every((v) => v === null || (typeof v === 'string' && v.trim() === ''))) return;
    if (!this.headers) {
      this.headers = cells.map((v) => (v === null ? '' : String(v)));
      return;
    }
    if (this.rows.length >= this.limits.maxRows) throw new TooManyRows();
    this.rows.push({ row, cells });
  }

  sheet(): ImportSheet {
    return { headers: this.headers ?? [], rows: this.rows };
  }
}

const BOUNDS = [TooManyRows, TooManyColumns, TooBigUnpacked, TooSlow, ReadAborted];
const isBound = (e: unknown) => BOUNDS.some((b) => e instanceof b);

/**
 * CSV through fast-csv, a row at a time: quoted fields with commas, doubled quotes and line breaks; CRLF or LF;
 * the byte-order mark dropped. Cells stay as written (no numbers or dates guessed). A row's number counts
 * records, blank ones too, as a spreadsheet numbers them. A file whose first line has semicolons and no commas
 * (saved in a locale that writes decimal commas) is read with semicolons.
 */
async function readCsv(buffer: Buffer, collect: Collector): Promise<void> {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(buffer);
  } catch {
    throw new UnreadableFile('not UTF-8 text');
  }
  if (text.includes('\u0000')) throw new UnreadableFile('binary');
  const firstLine = text.slice(0, Math.min(text.length, 64 * 1024)).split(/\r|\n/, 1)[0] ?? '';
  const delimiter = !firstLine.includes(',') && firstLine.includes(';') ? ';' : ',';
  const parser = parseCsv<string[], string[]>({ delimiter, ignoreEmpty: false });
  Readable.from(chunks(text)).pipe(parser);
  let row = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      row++;
      if (record.length > MAX_IMPORT_COLUMNS) throw new TooManyColumns();
      collect.add(row, record);
    }
  } catch (e) {
    if (isBound(e)) throw e;
    throw new UnreadableFile((e as Error).message);
  } finally {
    parser.destroy();
  }
}

/** The text in pieces of 64 K characters, so the parser sees a stream it can stop. */
function* chunks(text: string): Generator<string> {
  for (let at = 0; at < text.length; at += 65_536) yield text.slice(at, at + 65_536);
}

const SHARED_STRING = Buffer.from('<si');

/**
 * The bytes a workbook's parts unpack to, counted entry by entry as they inflate, stopping past
 * MAX_UNPACKED_BYTES, and the texts its shared strings list, stopping past MAX_SHARED_STRINGS: a few MB that
 * unpack to gigabytes, or to millions of tiny texts to be held in memory, are refused after a bounded amount of work.
 */
async function checkUnpackedSize(buffer: Buffer, collect: Collector): Promise<void> {
  const zip = Readable.from([buffer]).pipe(unzipper.Parse({ forceStream: true }));
  let total = 0;
  try {
    for await (const entry of zip as AsyncIterable<AsyncIterable<Buffer> & { path: string }>) {
      const strings = entry.path === 'xl/sharedStrings.xml';
      let listed = 0;
      let carry: Buffer = Buffer.alloc(0);
      for await (const chunk of entry) {
        total += chunk.length;
        if (total > MAX_UNPACKED_BYTES) throw new TooBigUnpacked();
        if (strings) {
          const text = carry.length ? Buffer.concat([carry, chunk]) : chunk;
          for (let at = text.indexOf(SHARED_STRING); at >= 0; at = text.indexOf(SHARED_STRING, at + 3)) listed++;
          if (listed > MAX_SHARED_STRINGS) throw new TooBigUnpacked();
          carry = text.subarray(Math.max(0, text.length - 2)); // a '<si' split between two chunks
        }
        collect.tick();
      }
    }
  } finally {
    zip.destroy();
  }
}

async function readXlsx(buffer: Buffer, collect: Collector): Promise<void> {
  try {
    await checkUnpackedSize(buffer, collect);
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([buffer]), {
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      styles: 'ignore',
      worksheets: 'emit',
      entries: 'emit',
    });
    for await (const sheet of reader) {
      for await (const row of sheet as unknown as AsyncIterable<ExcelJS.Row>) {
        const values = row.values as unknown[];
        if (values.length > MAX_IMPORT_COLUMNS + 1) throw new TooManyColumns();
        collect.add(row.number, Array.from(values, cellValue).slice(1)); // exceljs counts columns from 1
      }
      break; // the first sheet only
    }
  } catch (e) {
    if (isBound(e)) throw e;
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
