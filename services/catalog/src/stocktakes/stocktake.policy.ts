// Pure rules of stocktakes: a request's counts summed per product, and what approving a stocktake in a state does.
import type { MessageKey, StocktakeState } from '@dukan/contracts';

/** Moves per stock.changed event when a count is applied: a whole shop's count travels as many modest messages. */
export const MOVES_PER_EVENT = 500;

/** The counts of one request summed per product, in the order products first appear. */
export function countsByProduct(counts: readonly { productId: string; quantity: number }[]): Map<string, number> {
  const sums = new Map<string, number>();
  for (const c of counts) sums.set(c.productId, (sums.get(c.productId) ?? 0) + c.quantity);
  return sums;
}

/** Approving applies a stocktake still counting; an approved one answers as it stands; a cancelled one is refused. */
export function approveOutcome(state: StocktakeState): 'approve' | 'replay' | { refuse: MessageKey } {
  if (state === 'approved') return 'replay';
  if (state === 'cancelled') return { refuse: 'stocktakes.notCounting' };
  return 'approve';
}

/** The stock change of a manual adjustment to `counted` from `onHand`; null when there is nothing to change. */
export function adjustmentDelta(onHand: number, counted: number): number | null {
  return counted === onHand ? null : counted - onHand;
}
