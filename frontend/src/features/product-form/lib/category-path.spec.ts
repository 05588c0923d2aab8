import { describe, expect, it } from 'vitest';
import { activeTree, choose, chosenCategory, dropdownLevels, pathLabel, pathTo, treeFromList, type CategoryNode } from './category-path.js';

const node = (id: string, en: string, children: CategoryNode[] = [], extra: Partial<CategoryNode> = {}): CategoryNode => ({
  _id: id,
  name: { en, ku: `ku-${en}` },
  children,
  ...extra,
});

// Drinks > Soft drinks > Cola; Drinks > Water; Snacks (no children); Old (inactive) > Hidden
const tree: CategoryNode[] = [
  node('drinks', 'Drinks', [node('soft', 'Soft drinks', [node('cola', 'Cola')]), node('water', 'Water')]),
  node('snacks', 'Snacks'),
  node('old', 'Old', [node('hidden', 'Hidden')], { active: false }),
];

describe('cascading category dropdowns', () => {
  it('hides inactive categories with everything under them', () => {
    const active = activeTree(tree);
    expect(active.map((n) => n._id)).toEqual(['drinks', 'snacks']);
    expect(pathTo(active, 'hidden')).toEqual([]);
    const withInactiveChild = activeTree([node('a', 'A', [node('b', 'B', [], { active: false }), node('c', 'C')])]);
    expect(withInactiveChild[0]!.children.map((n) => n._id)).toEqual(['c']);
  });

  it('shows only the roots before anything is chosen', () => {
    const levels = dropdownLevels(activeTree(tree), []);
    expect(levels).toHaveLength(1);
    expect(levels[0]!.options.map((o) => o._id)).toEqual(['drinks', 'snacks']);
    expect(levels[0]!.selected).toBe('');
  });

  it('adds a level for each chosen category that has children, and none below a leaf', () => {
    const active = activeTree(tree);
    const two = dropdownLevels(active, ['drinks']);
    expect(two.map((l) => l.options.map((o) => o._id))).toEqual([
      ['drinks', 'snacks'],
      ['soft', 'water'],
    ]);
    expect(two.map((l) => l.selected)).toEqual(['drinks', '']);
    const three = dropdownLevels(active, ['drinks', 'soft', 'cola']);
    expect(three.map((l) => l.selected)).toEqual(['drinks', 'soft', 'cola']);
    expect(three).toHaveLength(3); // cola has no children: no fourth dropdown
    expect(dropdownLevels(active, ['snacks'])).toHaveLength(1);
  });

  it('still shows the first dropdown when there are no categories', () => {
    expect(dropdownLevels([], [])).toEqual([{ options: [], selected: '' }]);
  });

  it('cuts a path where it leaves the tree', () => {
    const levels = dropdownLevels(activeTree(tree), ['drinks', 'gone', 'cola']);
    expect(levels.map((l) => l.selected)).toEqual(['drinks', '']);
  });

  it('choosing at a level replaces that level and drops the levels below; clearing a level drops it too', () => {
    expect(choose(['drinks', 'soft', 'cola'], 0, 'snacks')).toEqual(['snacks']);
    expect(choose(['drinks', 'soft', 'cola'], 1, 'water')).toEqual(['drinks', 'water']);
    expect(choose(['drinks', 'soft'], 2, 'cola')).toEqual(['drinks', 'soft', 'cola']);
    expect(choose(['drinks', 'soft', 'cola'], 1, '')).toEqual(['drinks']);
    expect(chosenCategory(['drinks', 'soft'])).toBe('soft');
    expect(chosenCategory([])).toBe('');
  });

  it('finds the path of a stored category and shows it with ">" in the interface language', () => {
    const active = activeTree(tree);
    expect(pathTo(active, 'cola')).toEqual(['drinks', 'soft', 'cola']);
    expect(pathTo(active, 'nope')).toEqual([]);
    expect(pathLabel(active, ['drinks', 'soft', 'cola'], 'en')).toBe('Drinks > Soft drinks > Cola');
    expect(pathLabel(active, ['drinks', 'soft'], 'ku')).toBe('ku-Drinks > ku-Soft drinks');
    expect(pathLabel([node('x', 'No Kurdish', [], { name: { en: 'No Kurdish', ku: '' } })], ['x'], 'ku')).toBe('No Kurdish');
  });

  it('builds the same tree from a flat list with parent ids', () => {
    const flat = treeFromList([
      { _id: 'cola', name: { en: 'Cola' }, parent: 'soft' },
      { _id: 'drinks', name: { en: 'Drinks' }, parent: null },
      { _id: 'soft', name: { en: 'Soft drinks' }, parent: 'drinks' },
    ]);
    expect(pathTo(flat, 'cola')).toEqual(['drinks', 'soft', 'cola']);
    expect(flat).toHaveLength(1);
  });
});
