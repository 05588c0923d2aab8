import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';

const SEARCH_DELAY_MS = 300;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The product list's page, search and chosen categories, kept in the address (so coming back from the edit form
 * lands on the same rows), and the search box's text, which reaches the address after a short pause.
 */
export function useProductListAddress() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const search = params.get('q') ?? '';
  // The top-most chosen categories; the server adds their descendants.
  const filterIds = useMemo(() => (params.get('cat') ?? '').split(',').filter((id) => UUID.test(id)), [params]);
  const [searchText, setSearchText] = useState(search);

  const update = (changes: Record<string, string | null>, replace = false) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (v === null || v === '') next.delete(k);
          else next.set(k, v);
        }
        return next;
      },
      { replace },
    );

  // Typing searches after a short pause, from the first page (with the address as it is when the pause ends).
  const searchFor = useEffectEvent((text: string) => update({ q: text || null, page: null }, true));
  useEffect(() => {
    if (searchText.trim() === search.trim()) return;
    const timer = setTimeout(() => searchFor(searchText.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchText, search]);

  return { page, search, filterIds, searchText, setSearchText, update };
}
