// Stock transfers between branches (issue 17): pure rules, tested in transfer.policy.spec.ts.
import type { TransferState } from '@dukan/contracts';

type FieldErrors = Record<string, { key: string; params?: Record<string, string | number> }>;

const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

/** An Idempotency-Key as sales takes it: printable ASCII, 1-200 characters. */
export function isValidTransferKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/** A transfer to send: another branch, each product once, no more of a product than the sending branch holds. */
export function sendRefusals(
  fromBranch: string,
  toBranch: string,
  lines: readonly { product: string; quantity: number }[],
  onHand: ReadonlyMap<string, number>,
): FieldErrors {
  const errors: FieldErrors = {};
  if (toBranch === fromBranch) errors.toBranch = { key: 'transfers.sameBranch' };
  const seen = new Set<string>();
  lines.forEach((l, i) => {
    if (seen.has(l.product)) errors[`lines.${i}.product`] = { key: 'transfers.productTwice' };
    seen.add(l.product);
    const held = onHand.get(l.product) ?? 0;
    if (l.quantity > held) errors[`lines.${i}.quantity`] = { key: 'transfers.notEnoughStock', params: { quantity: held } };
  });
  return errors;
}

/**
 * The counts that arrived, one per product sent: none given means all of it came. Refusals name the field;
 * `counts` is in the transfer's line order.
 */
export function receivedCounts(
  sent: readonly { productId: string; sent: number }[],
  given: readonly { product: string; quantity: number }[] | undefined,
): { counts: number[] } | { errors: FieldErrors } {
  if (!given) return { counts: sent.map((l) => l.sent) };
  const byProduct = new Map<string, number>();
  for (const g of given) {
    if (byProduct.has(g.product)) return { errors: { lines: { key: 'transfers.linesMismatch' } } };
    byProduct.set(g.product, g.quantity);
  }
  if (byProduct.size !== sent.length || sent.some((l) => !byProduct.has(l.productId))) return { errors: { lines: { key: 'transfers.linesMismatch' } } };
  const errors: FieldErrors = {};
  given.forEach((g, i) => {
    const line = sent.find((l) => l.productId === g.product)!;
    if (g.quantity > line.sent) errors[`lines.${i}.quantity`] = { key: 'transfers.receivedTooMany', params: { sent: line.sent } };
  });
  return Object.keys(errors).length > 0 ? { errors } : { counts: sent.map((l) => byProduct.get(l.productId)!) };
}

/** Received in full, or short (the receipt records the difference). */
export function receivedState(sent: readonly number[], received: readonly number[]): Exclude<TransferState, 'in_transit'> {
  return sent.every((n, i) => received[i] === n) ? 'received' : 'short';
}
