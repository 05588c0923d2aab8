// Rules of the receipt and payment settings: pure functions.
import { createHash } from 'node:crypto';
import { DEFAULT_RECEIPT_FIELDS, RECEIPT_FIELDS, TILL_TENDERS, type ReceiptField, type TillTender } from '@dukan/contracts';

export type SniffedImage = 'image/png' | 'image/jpeg' | 'image/svg+xml' | null;

/** What the bytes are, whatever the upload claimed: PNG and JPEG by their signatures, SVG by its root element. */
export function sniffImage(bytes: Buffer): SniffedImage {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  const head = bytes
    .subarray(0, 4096)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  if (/^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(head)) return 'image/svg+xml';
  return null;
}

/** A short name of the logo's bytes: the till asks for the logo again only when it changes. */
export function logoVersion(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, 16);
}

/** The printed fields as stored, with any field a newer version added given its default. */
export function receiptFields(stored: unknown): Record<ReceiptField, boolean> {
  const s = (stored && typeof stored === 'object' ? stored : {}) as Partial<Record<string, unknown>>;
  return Object.fromEntries(RECEIPT_FIELDS.map((f) => [f, typeof s[f] === 'boolean' ? s[f] : DEFAULT_RECEIPT_FIELDS[f]])) as Record<
    ReceiptField,
    boolean
  >;
}

/** The tenders in the till's order, each once, unknown ones dropped. */
export function orderedTenders(tenders: readonly string[]): TillTender[] {
  return TILL_TENDERS.filter((t) => tenders.includes(t));
}

/** Names of the top-level fields that differ between two versions of a settings object. */
export function changedFields<T extends object>(before: T, after: T): string[] {
  return (Object.keys(after) as (keyof T & string)[]).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
}
