import { buildTree, descendantsOf, wouldCreateCycle, type CategoryLink } from './category.policy.js';

// food > drinks > tea; food > bread; tools
const links: CategoryLink[] = [
  { id: 'food', parentId: null },
  { id: 'drinks', parentId: 'food' },
  { id: 'tea', parentId: 'drinks' },
  { id: 'bread', parentId: 'food' },
  { id: 'tools', parentId: null },
];

describe('category cycles', () => {
  it.each([
    ['food', 'tea', true], // under its own grandchild
    ['food', 'food', true], // under itself
    ['drinks', 'tea', true],
    ['tea', 'bread', false],
    ['food', 'tools', false],
    ['tools', null, false],
    ['drinks', 'food', false], // where it already is
  ] as const)('moving %s under %s: cycle=%s', (id, parent, expected) => {
    expect(wouldCreateCycle(links, id, parent)).toBe(expected);
  });
});

describe('category tree', () => {
  it('nests children under their parents and keeps orphans as roots', () => {
    const tree = buildTree([...links, { id: 'orphan', parentId: 'gone' }]);
    expect(tree.map((n) => n.id)).toEqual(['food', 'tools', 'orphan']);
    const food = tree[0]!;
    expect(food.children.map((n) => n.id)).toEqual(['drinks', 'bread']);
    expect(food.children[0]!.children.map((n) => n.id)).toEqual(['tea']);
  });

  it('lists a category with all its descendants', () => {
    expect([...descendantsOf(links, 'food')].sort()).toEqual(['bread', 'drinks', 'food', 'tea']);
    expect([...descendantsOf(links, 'tools')]).toEqual(['tools']);
  });
});
