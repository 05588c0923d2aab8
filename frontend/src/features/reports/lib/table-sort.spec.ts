import { describe, expect, it } from 'vitest';
import { nextSort, pageOf, sortRows, type ColumnDef } from './table-sort.js';

interface Row {
  name: string;
  total: number | null;
}
const rows: Row[] = [
  { name: 'Tea', total: 5 },
  { name: 'apple', total: 12 },
  { name: 'Rice', total: null },
  { name: 'Bread', total: 5 },
];
const columns: ColumnDef<Row>[] = [
  { key: 'name', label: 'Name', value: (r) => r.name },
  { key: 'total', label: 'Total', value: (r) => r.total, numeric: true },
];

describe('report table sorting', () => {
  it('sorts numbers as numbers with empty values last, and keeps ties in order', () => {
    expect(sortRows(rows, columns, { key: 'total', dir: 'desc' }).map((r) => r.name)).toEqual(['apple', 'Tea', 'Bread', 'Rice']);
    expect(sortRows(rows, columns, { key: 'total', dir: 'asc' }).map((r) => r.name)).toEqual(['Tea', 'Bread', 'apple', 'Rice']);
  });

  it('sorts text without regard to case', () => {
    expect(sortRows(rows, columns, { key: 'name', dir: 'asc' }).map((r) => r.name)).toEqual(['apple', 'Bread', 'Rice', 'Tea']);
  });

  it('a first click sorts numbers high to low and text A to Z; a second click flips', () => {
    expect(nextSort(null, 'total', true)).toEqual({ key: 'total', dir: 'desc' });
    expect(nextSort(null, 'name', false)).toEqual({ key: 'name', dir: 'asc' });
    expect(nextSort({ key: 'name', dir: 'asc' }, 'name', false)).toEqual({ key: 'name', dir: 'desc' });
  });

  it('cuts pages, or keeps every row without a page size', () => {
    expect(pageOf([1, 2, 3, 4, 5], 2, 2)).toEqual([3, 4]);
    expect(pageOf([1, 2, 3], 1, null)).toEqual([1, 2, 3]);
  });
});
