// CSV written for spreadsheet programs (label exports, report exports): one rule against formula injection.

/**
 * A CSV cell that a spreadsheet would run as a formula (=, +, -, @, or a leading tab/CR) gets a leading
 * apostrophe, the usual neutralisation (OWASP CSV injection).
 */
export function neutralizeCsvCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** One CSV field (RFC 4180): text is neutralised, then quoted when it holds a comma, quote or line break; numbers as written. */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = neutralizeCsvCell(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A CSV line of fields, without the line break. */
export function csvLine(values: readonly (string | number | null | undefined)[]): string {
  return values.map(csvField).join(',');
}

/** A cell read back from a CSV this code wrote: the apostrophe neutralizeCsvCell put before a formula-like value comes off. */
export function restoreCsvCell(value: string): string {
  return /^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value;
}

/**
 * The rows of a CSV text (RFC 4180): quoted fields with doubled quotes, commas and line breaks inside; CRLF or
 * LF line ends; a leading byte-order mark ignored; a blank line is a row of one empty cell (a spreadsheet
 * numbers it too). A file whose first line has semicolons
 * and no commas (a spreadsheet saved in a locale that writes decimal commas) is read with semicolons.
 * Cells are returned as written: no numbers or dates are guessed.
 */
export function parseCsv(text: string): string[][] {
  let at = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const firstLineEnd = text.indexOf('\n', at);
  const firstLine = text.slice(at, firstLineEnd < 0 ? text.length : firstLineEnd);
  const sep = !firstLine.includes(',') && firstLine.includes(';') ? ';' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const n = text.length;
  const endRow = () => {
    row.push(field);
    field = '';
    rows.push(row);
    row = [];
  };
  while (at < n) {
    const c = text[at]!;
    if (quoted) {
      if (c === '"') {
        if (text[at + 1] === '"') {
          field += '"';
          at += 2;
          continue;
        }
        quoted = false;
        at += 1;
        continue;
      }
      // Plain stretch up to the next quote in one step.
      const next = text.indexOf('"', at);
      const end = next < 0 ? n : next;
      field += text.slice(at, end);
      at = end;
      continue;
    }
    if (c === '"' && field === '') {
      quoted = true;
      at += 1;
    } else if (c === sep) {
      row.push(field);
      field = '';
      at += 1;
    } else if (c === '\n' || c === '\r') {
      endRow();
      at += c === '\r' && text[at + 1] === '\n' ? 2 : 1;
    } else {
      field += c;
      at += 1;
    }
  }
  if (field !== '' || row.length > 0) endRow();
  return rows;
}
