import type { LocalizedTextDto, SaleLineDto } from '@dukan/contracts';

/** A product name as stored on the line: a string, or {en, ku} (Kurdish when the screen is Kurdish and one exists). */
export function lineName(name: LocalizedTextDto | string | null | undefined, language: string): string {
  if (!name) return '';
  if (typeof name === 'string') return name;
  return (language === 'ku' && name.ku) || name.en || name.ku || '';
}

export function unitsLeft(line: Pick<SaleLineDto, 'quantity' | 'refundedQuantity'>): number {
  return Math.max(0, line.quantity - (line.refundedQuantity ?? 0));
}

/** Left-to-right text (an invoice number) inside a sentence that may be right to left: isolated so it stays whole. */
export function ltr(text: string): string {
  return `\u2066${text}\u2069`;
}
