/**
 * Cache tags with ids: a list provides its LIST tag (and one tag per item where lists are small), a single record
 * its own id, so a write refetches the lists and the records it changed, not every query of that type.
 */
type Tagged = 'Product' | 'Category' | 'Customer' | 'Transaction';

/** A list and each of its items. */
export function listTags<T extends Tagged>(type: T, items: readonly { _id: string }[] | undefined) {
  return [{ type, id: 'LIST' }, ...(items ?? []).map((item) => ({ type, id: item._id }))];
}

/** The lists of a type (a record added or removed shows there). */
export const listTag = <T extends Tagged>(type: T) => ({ type, id: 'LIST' }) as const;

/** The till's whole product list: tens of thousands of products, so one tag for all of them. */
export const TILL_PRODUCTS = { type: 'Product', id: 'TILL' } as const;

/** What a change to products (details or stock) refetches besides the product itself: the till's list and the product lists. */
export const PRODUCT_LISTS = [TILL_PRODUCTS, listTag('Product')];
