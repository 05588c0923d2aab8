/** The label export's row range (spec part 1 §5): rows of the product list as the table numbers them, 1-based. */

/** Labels one export may carry (the server's limit). */
export const MAX_LABELS_PER_EXPORT = 5000;

export type RowRangeProblem = 'invalid' | 'order' | 'bounds' | 'tooMany';

export type RowRangeCheck = { ok: true; start: number; end: number } | { ok: false; problem: RowRangeProblem };

const DIGIT_ZERO = [0x0660, 0x06f0]; // Arabic-Indic and Extended Arabic-Indic (Persian/Kurdish) zeros

/** A whole number typed with ASCII, Arabic-Indic or Kurdish digits; null when it is anything else. */
export function parseRowNumber(text: string): number | null {
  let ascii = '';
  for (const ch of text.trim()) {
    const code = ch.charCodeAt(0);
    const zero = DIGIT_ZERO.find((z) => code >= z && code <= z + 9);
    ascii += zero === undefined ? ch : String(code - zero);
  }
  if (!/^\d{1,9}$/.test(ascii)) return null;
  return Number(ascii);
}

/** Both numbers valid and at least 1; start not above end; both within the row count; not more than one export carries. */
export function checkRowRange(startText: string, endText: string, rowCount: number, max = MAX_LABELS_PER_EXPORT): RowRangeCheck {
  const start = parseRowNumber(startText);
  const end = parseRowNumber(endText);
  if (start === null || end === null || start < 1 || end < 1) return { ok: false, problem: 'invalid' };
  if (start > end) return { ok: false, problem: 'order' };
  if (end > rowCount) return { ok: false, problem: 'bounds' };
  if (end - start + 1 > max) return { ok: false, problem: 'tooMany' };
  return { ok: true, start, end };
}

/** The list pages of `pageSize` that hold rows start..end, with the slice of each page that falls in the range. */
export function pagesForRows(start: number, end: number, pageSize: number): { page: number; from: number; to: number }[] {
  const out: { page: number; from: number; to: number }[] = [];
  for (let page = Math.floor((start - 1) / pageSize) + 1; (page - 1) * pageSize < end; page++) {
    const first = (page - 1) * pageSize + 1;
    out.push({ page, from: Math.max(start, first) - first, to: Math.min(end, first + pageSize - 1) - first + 1 });
  }
  return out;
}
