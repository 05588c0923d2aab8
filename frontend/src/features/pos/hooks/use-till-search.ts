import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CategoryDto, TillProductDto } from '@dukan/contracts';
import { FoldSource, ProductSearchIndex, descendantsOf } from '../lib/search-index.js';
import { keepFolds, keptFolds } from '../lib/search-folds.js';
import { invoiceOfCode } from '../returns/return-choice.js';

/**
 * The till's search: the index over the product list, the typed query, the chosen category, the hits and the
 * highlighted one, and the search box's keys (arrows move, Enter adds, Escape clears). Enter on a receipt's invoice
 * number (no product's code) hands it to `onInvoice`; Enter on text no product matches hands it to `onCode`, as a
 * scan would (a pack's barcode or a scale label typed by hand when the scanner cannot read it), which says whether
 * it was one.
 */
export function useTillSearch(
  list: TillProductDto[] | undefined,
  categories: CategoryDto[] | undefined,
  onPick: (p: TillProductDto) => void,
  onInvoice?: (invoice: string) => void,
  onCode?: (code: string) => boolean,
) {
  const { i18n } = useTranslation();
  const [builtIndex, setIndex] = useState<ProductSearchIndex<TillProductDto> | null>(null);
  // An index over an older list (a delta just changed it) points at the wrong products: none until the new one is built.
  const index = builtIndex && builtIndex.products === list ? builtIndex : null;
  // The folds kept in the browser are read while the list is; a list changed by a delta reuses the index before.
  const previous = useRef<ProductSearchIndex<TillProductDto> | null>(null);
  useEffect(() => void keptFolds(), []);
  useEffect(() => {
    if (!list) return;
    const abort = new AbortController();
    setIndex(null);
    const prior = previous.current;
    void (prior ? Promise.resolve(FoldSource.of(prior)) : keptFolds())
      .then(async (folds) => {
        const built = await ProductSearchIndex.build(list, { signal: abort.signal, folds });
        keepFolds(built, folds);
        return built;
      })
      .then(
        (built) => {
          previous.current = built;
          setIndex(built);
        },
        () => undefined,
      );
    return () => abort.abort();
  }, [list]);
  // The codes are mapped once the till shows it is searchable (from the frame after the index is on screen, not in
  // the way of that frame's paint); a scan before then maps them at once.
  useEffect(() => {
    if (!index) return;
    const abort = new AbortController();
    const mapCodes = () => void index.mapCodes({ signal: abort.signal });
    const frame = typeof requestAnimationFrame === 'function' ? requestAnimationFrame(mapCodes) : (mapCodes(), undefined);
    return () => {
      if (frame !== undefined) cancelAnimationFrame(frame);
      abort.abort();
    };
  }, [index]);

  const [query, setQuery] = useState('');
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const [activeIndex, setActiveIndex] = useState(-1);
  const searchRef = useRef<HTMLInputElement>(null);

  const categoryList = useMemo(() => (categories ?? []).filter((c) => c.active !== false), [categories]);
  const categoryNames = useMemo(() => new Map(categoryList.map((c) => [c._id, c.name])), [categoryList]);
  const categoryName = useCallback(
    (id: string | null | undefined) => {
      const name = id ? categoryNames.get(id) : undefined;
      return name ? (i18n.language === 'ku' && name.ku) || name.en : '';
    },
    [categoryNames, i18n.language],
  );

  // Typing stays responsive: the search runs on the deferred value and a newer keystroke interrupts it.
  const deferredQuery = useDeferredValue(query);
  const allowedCategories = useMemo(() => (categoryId ? descendantsOf(categoryId, categoryList) : null), [categoryId, categoryList]);
  const filterByCategory = useCallback(
    (positions: number[]) =>
      allowedCategories && list ? positions.filter((i) => allowedCategories.has(list[i]!.categoryId ?? '')) : positions,
    [allowedCategories, list],
  );
  const hits = useMemo(() => {
    if (!list) return [];
    return filterByCategory(index ? index.search(deferredQuery) : list.map((_, i) => i));
  }, [list, index, deferredQuery, filterByCategory]);

  // A new search or category highlights its first result; set during render, so no second commit follows.
  const [activeFor, setActiveFor] = useState<{ query: string; categoryId: string | null }>({ query: '', categoryId: null });
  if (activeFor.query !== deferredQuery || activeFor.categoryId !== categoryId) {
    setActiveFor({ query: deferredQuery, categoryId });
    setActiveIndex(deferredQuery ? 0 : -1);
  }

  /** A scanned code: by barcode or SKU, from the index once it is built. */
  const findByCode = useCallback(
    (code: string) => index?.findByCode(code) ?? list?.find((p) => p.barcode === code || p.sku === code),
    [index, list],
  );

  const onSearchKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (!list) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowRight') {
      if (e.key === 'ArrowRight' && e.currentTarget.selectionStart !== e.currentTarget.value.length) return;
      e.preventDefault();
      setActiveIndex((a) => Math.min(hits.length - 1, a + 1));
    } else if (e.key === 'ArrowUp' || e.key === 'ArrowLeft') {
      if (e.key === 'ArrowLeft' && e.currentTarget.selectionStart !== e.currentTarget.value.length) return;
      e.preventDefault();
      setActiveIndex((a) => Math.max(0, a - 1));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const invoice = onInvoice && invoiceOfCode(query);
      if (invoice && !index?.findByCode(query.trim())) {
        onInvoice(invoice);
        setQuery('');
        return;
      }
      // Enter right after typing must act on what was typed, even if the deferred results lag behind.
      const current = deferredQuery === query || !index ? hits : filterByCategory(index.search(query));
      const at = deferredQuery === query && activeIndex >= 0 ? activeIndex : current.length >= 1 && query.trim() ? 0 : -1;
      const pos = current[at];
      if (pos !== undefined) {
        onPick(list[pos]!);
        setQuery('');
      } else if (query.trim()) {
        const exact = index?.findByCode(query.trim());
        if (exact) onPick(exact);
        if (exact || onCode?.(query.trim())) setQuery('');
      }
    } else if (e.key === 'Escape') {
      setQuery('');
    }
  };

  return {
    indexed: index !== null,
    query,
    setQuery,
    categoryId,
    setCategoryId,
    categoryList,
    categoryName,
    hits,
    activeIndex,
    searchRef,
    onSearchKey,
    findByCode,
  };
}
