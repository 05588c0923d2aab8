// Pure rules of products: average cost, search normalisation, barcodes, CSV cells.
import { BARCODE_PREFIX, fallbackBarcode, normalizeSearchText } from '@dukan/contracts';

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

/** The shared folding (@dukan/contracts), the same as the SQL function search_norm() the search column is made with. */
export const normalizeSearch = normalizeSearchText;

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
