import { eventually, getProduct } from '../support.js';

/** Waits until catalog has applied the sale's (or a void's, or a refund's) stock movement. */
export async function stockBecomes(token: string, productId: string, quantity: number): Promise<void> {
  let last = NaN;
  await eventually(
    async () => {
      last = (await getProduct(token, productId)).quantity;
      return last === quantity;
    },
    `stock of ${productId} to become ${quantity} (last ${last})`,
    20_000,
  );
}
