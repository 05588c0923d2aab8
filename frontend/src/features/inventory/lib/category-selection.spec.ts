import { describe, expect, it } from 'vitest';
import { buildCategoryTree, chipState, filterCategoryIds, toggleCategory } from './category-selection.js';

// food ─┬─ drinks ─┬─ tea
//       │          └─ juice
//       └─ bakery
// tools
const tree = buildCategoryTree([
  { _id: 'food', parent: null },
  { _id: 'drinks', parent: 'food' },
  { _id: 'tea', parent: 'drinks' },
  { _id: 'juice', parent: 'drinks' },
  { _id: 'bakery', parent: 'food' },
  { _id: 'tools' },
]);
const sorted = (s: Set<string>) => [...s].sort();

describe('category chips', () => {
  it('selecting a parent selects all its descendants, and only them', () => {
    expect(sorted(toggleCategory(tree, new Set(), 'food'))).toEqual(['bakery', 'drinks', 'food', 'juice', 'tea']);
    expect(sorted(toggleCategory(tree, new Set(), 'drinks'))).toEqual(['drinks', 'juice', 'tea']);
  });

  it('deselecting a parent removes its descendants and keeps other choices', () => {
    const chosen = toggleCategory(tree, toggleCategory(tree, new Set(), 'food'), 'tools');
    expect(sorted(toggleCategory(tree, chosen, 'food'))).toEqual(['tools']);
    expect(sorted(toggleCategory(tree, chosen, 'drinks'))).toEqual(['bakery', 'tools']);
  });

  it('deselecting a child leaves its parent partly chosen; choosing it again makes the parent whole', () => {
    const all = toggleCategory(tree, new Set(), 'food');
    const withoutTea = toggleCategory(tree, all, 'tea');
    expect(sorted(withoutTea)).toEqual(['bakery', 'juice']);
    expect(chipState(tree, withoutTea, 'food')).toBe('partial');
    expect(chipState(tree, withoutTea, 'drinks')).toBe('partial');
    expect(chipState(tree, withoutTea, 'tools')).toBe('off');
    const back = toggleCategory(tree, withoutTea, 'tea');
    expect(sorted(back)).toEqual(sorted(all));
    expect(chipState(tree, back, 'food')).toBe('on');
  });

  it('asks the server for the top-most chosen categories only (it adds their descendants)', () => {
    expect(filterCategoryIds(tree, toggleCategory(tree, new Set(), 'food'))).toEqual(['food']);
    const partial = toggleCategory(tree, toggleCategory(tree, new Set(), 'food'), 'juice');
    expect(filterCategoryIds(tree, partial)).toEqual(['tea', 'bakery']);
    expect(filterCategoryIds(tree, new Set())).toEqual([]);
  });

  it('treats a category whose parent is unknown, or a cycle, as a root', () => {
    const odd = buildCategoryTree([
      { _id: 'a', parent: 'gone' },
      { _id: 'b', parent: 'c' },
      { _id: 'c', parent: 'b' },
    ]);
    expect(odd.roots).toEqual(expect.arrayContaining(['a']));
    expect(odd.roots.length).toBeGreaterThanOrEqual(2);
    expect(sorted(toggleCategory(odd, new Set(), 'b'))).toEqual(expect.arrayContaining(['b']));
  });
});
