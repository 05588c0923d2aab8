// Stock transfers between branches (issue 17): pure rules, tested in transfer.policy.spec.ts.
import type { MessageKey, TransferState } from '@dukan/contracts';

type FieldErrors = Record<string, { key: MessageKey; params?: Record<string, string | number> }>;

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
  if (byProduct.size !== sent.length || sent.some((l) => !byProduct.has(l.productId)))
    return { errors: { lines: { key: 'transfers.linesMismatch' } } };
  const errors: FieldErrors = {};
  given.forEach((g, i) => {
    const line = sent.find((l) => l.productId === g.product)!;
    if (g.quantity > line.sent) errors[`lines.${i}.quantity`] = { key: 'transfers.receivedTooMany', params: { sent: line.sent } };
  });
  return Object.keys(errors).length > 0 ? { errors } : { counts: sent.map((l) => byProduct.get(l.productId)!) };
}

/** Received in full, or short (the receipt records the difference). */
export function receivedState(sent: readonly number[], received: readonly number[]): 'received' | 'short' {
  return sent.every((n, i) => received[i] === n) ? 'received' : 'short';
}

/** A step refused in the transfer's state (409 INVALID_TRANSITION), with the text that says why. */
export interface Refusal {
  refuse: 'transfers.cancelNotInTransit' | 'transfers.receiveCancelled' | 'transfers.receivedDiffers';
}

/**
 * Cancelling a transfer in `state`: only in transit does it move anything; a cancelled one is answered as it
 * stands (a repeated request), one the receiving branch already counted in cannot be undone this way.
 */
export function cancelOutcome(state: TransferState): 'cancel' | 'replay' | Refusal {
  if (state === 'in_transit') return 'cancel';
  if (state === 'cancelled') return 'replay';
  return { refuse: 'transfers.cancelNotInTransit' };
}

/**
 * Receiving a transfer in `state` with `counts` (in line order): in transit it is booked; received before
 * with the same counts it is answered as it stands; other counts, or a cancelled transfer, are refused.
 */
export function receiveOutcome(
  state: TransferState,
  received: readonly (number | null)[],
  counts: readonly number[],
): 'receive' | 'replay' | Refusal {
  if (state === 'in_transit') return 'receive';
  if (state === 'cancelled') return { refuse: 'transfers.receiveCancelled' };
  return received.length === counts.length && received.every((n, i) => n === counts[i])
    ? 'replay'
    : { refuse: 'transfers.receivedDiffers' };
}
