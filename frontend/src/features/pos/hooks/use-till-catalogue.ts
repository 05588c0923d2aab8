import { useCallback, useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.js';
import { useCategoriesQuery, useTillProductsQuery } from '../../../app/shared-api.js';
import type { TillProductDto } from '@dukan/contracts';
import { selectSoldSince, sold, tillShown } from '../till-slice.js';

/**
 * The till's product list and categories, and each product's stock net of what this till sold since the list was
 * fetched.
 */
export function useTillCatalogue() {
  // Kept in the browser and followed while open (shared-api); a list older than a minute is brought up to date on open.
  const products = useTillProductsQuery(undefined, { refetchOnMountOrArgChange: 60 });
  const categories = useCategoriesQuery();
  const listFetchedAt = products.fulfilledTimeStamp ?? 0;
  const soldSinceFetch = useAppSelector((state) => selectSoldSince(state, listFetchedAt));
  const dispatch = useAppDispatch();
  // The catalogue is followed while the till is on screen, not for as long as its list stays cached.
  useEffect(() => {
    dispatch(tillShown(true));
    return () => void dispatch(tillShown(false));
  }, [dispatch]);

  const stockOf = useCallback((p: TillProductDto) => p.quantity - (soldSinceFetch[p._id] ?? 0), [soldSinceFetch]);
  const recordSold = useCallback(
    (lines: { productId: string; quantity: number }[]) => dispatch(sold({ listFetchedAt, lines })),
    [dispatch, listFetchedAt],
  );

  return { products, categories, stockOf, recordSold };
}
