import { paginationOf } from './dto.js';

describe('paginationOf', () => {
  it.each([
    [0, 1, 10, 0],
    [1, 1, 10, 1],
    [10, 1, 10, 1],
    [21, 3, 10, 3],
    [5, 1, 0, 0],
  ])('%i items, page %i, %i per page -> %i pages', (total, page, limit, pages) => {
    expect(paginationOf(total, page, limit)).toEqual({ total, page, limit, pages });
  });
});
