// Pure rules of products: average cost, search normalisation, barcodes, CSV cells.
import { BARCODE_PREFIX, fallbackBarcode } from '@dukan/contracts';

/**
 * Moving average unit cost after receiving `addQty` units at `addCostCents` each, on top of `onHand` units
 * carried at `currentCostCents`. Stock at or below zero carries no value, so the new batch sets the cost.
 * Rounded half away from zero to whole cents.
 */
export function averageCostCents(onHand: number, currentCostCents: number, addQty: number, addCostCents: number): number {
  if (!Number.isInteger(addQty) || addQty <= 0) throw new RangeError(`Received quantity must be a positive integer, got ${addQty}`);
  const held = Math.max(0, onHand);
  if (held === 0) return addCostCents;
  const total = held * currentCostCents + addQty * addCostCents;
  return Math.round(total / (held + addQty));
}

// Arabic-script letters typed differently on Arabic and Kurdish keyboards, and digits in three scripts,
// folded to one form for matching. The migration builds the SQL function from the same two strings.
export const SEARCH_FOLD_FROM = 'يىكۀةٸ٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹\u200c\u200d\u0640\u064b\u064c\u064d\u064e\u064f\u0650\u0651\u0652';
export const SEARCH_FOLD_TO = 'ییکەەی01234567890123456789';

/** The same folding as the SQL function search_norm(): lower case, Arabic/Kurdish letter variants, digits, no ZWNJ/tatweel/harakat. */
export function normalizeSearch(text: string): string {
  const lower = text.toLowerCase();
  let out = '';
  for (const ch of lower) {
    const i = SEARCH_FOLD_FROM.indexOf(ch);
    if (i < 0) out += ch;
    else if (i < SEARCH_FOLD_TO.length) out += SEARCH_FOLD_TO[i];
  }
  return out.replace(/\s+/g, ' ').trim();
}

/** Arabic-Indic and Persian digits as ASCII digits (a barcode typed on a Kurdish keyboard). */
export function normalizeDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (d) => String((d.charCodeAt(0) & 0xf) % 10));
}

/** The generated barcode for the n-th value of the barcode sequence (0-99999). */
export function generatedBarcode(sequence: number): string {
  return fallbackBarcode(sequence);
}

export function isGeneratedBarcode(code: string): boolean {
  return code.length === 13 && code.startsWith(BARCODE_PREFIX);
}
