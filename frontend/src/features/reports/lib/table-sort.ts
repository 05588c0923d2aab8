import type { ReactNode } from 'react';

/** A column of a report table: how to read, sort and show one of its values. */
export interface ColumnDef<R> {
  key: string;
  label: string;
  /** The value sorted on (numbers and strings compare as such; null last). */
  value: (row: R) => string | number | null;
  render?: (row: R) => ReactNode;
  numeric?: boolean;
}

export interface SortState {
  key: string;
  dir: 'asc' | 'desc';
}

/** Rows sorted on a column; a stable sort, so rows that tie keep the server's order. */
export function sortRows<R>(rows: readonly R[], columns: readonly ColumnDef<R>[], sort: SortState | null, locale = 'en'): R[] {
  if (!sort) return [...rows];
  const col = columns.find((c) => c.key === sort.key);
  if (!col) return [...rows];
  const sign = sort.dir === 'asc' ? 1 : -1;
  const collator = new Intl.Collator(locale === 'ku' ? 'ckb' : 'en', { numeric: true, sensitivity: 'base' });
  return rows
    .map((row, i) => ({ row, i, v: col.value(row) }))
    .sort((a, b) => {
      if (a.v === b.v) return a.i - b.i;
      if (a.v === null) return 1;
      if (b.v === null) return -1;
      const c = typeof a.v === 'number' && typeof b.v === 'number' ? a.v - b.v : collator.compare(String(a.v), String(b.v));
      return c === 0 ? a.i - b.i : sign * c;
    })
    .map((x) => x.row);
}

/** The next sort after a click on a column header: first descending for numbers, ascending for text, then flipped. */
export function nextSort(current: SortState | null, key: string, numeric: boolean): SortState {
  if (current?.key === key) return { key, dir: current.dir === 'asc' ? 'desc' : 'asc' };
  return { key, dir: numeric ? 'desc' : 'asc' };
}

export function pageOf<R>(rows: readonly R[], page: number, size: number | null): R[] {
  return size ? rows.slice((page - 1) * size, page * size) : [...rows];
}
