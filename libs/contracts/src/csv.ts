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
