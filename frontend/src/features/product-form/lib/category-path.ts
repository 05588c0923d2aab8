/** The cascading category choice of the product form (spec part 2 §2): pure functions over the category tree. */

export interface CategoryNode {
  _id: string;
  name: { en: string; ku?: string };
  active?: boolean;
  parent?: string | null;
  children: CategoryNode[];
}

/** The tree without inactive categories; an inactive category hides its whole branch. */
export function activeTree(nodes: readonly CategoryNode[]): CategoryNode[] {
  return nodes.filter((n) => n.active !== false).map((n) => ({ ...n, children: activeTree(n.children ?? []) }));
}

/** A tree from a flat list with parent ids (orphans become roots). */
export function treeFromList(list: readonly Omit<CategoryNode, 'children'>[]): CategoryNode[] {
  const byId = new Map<string, CategoryNode>(list.map((c) => [c._id, { ...c, children: [] }]));
  const roots: CategoryNode[] = [];
  for (const node of byId.values()) {
    const parent = node.parent ? byId.get(node.parent) : undefined;
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** Root-to-node chain of ids ending at `id`, or [] when the tree does not hold it. */
export function pathTo(nodes: readonly CategoryNode[], id: string | null | undefined): string[] {
  if (!id) return [];
  for (const n of nodes) {
    if (n._id === id) return [n._id];
    const below = pathTo(n.children ?? [], id);
    if (below.length) return [n._id, ...below];
  }
  return [];
}

export interface DropdownLevel {
  options: CategoryNode[];
  /** The chosen id at this level, '' when none yet. */
  selected: string;
}

/**
 * The dropdowns to show for a chosen path: the roots first (always), then one more level for each chosen category
 * that has children. A path that leaves the tree is cut where it leaves.
 */
export function dropdownLevels(nodes: readonly CategoryNode[], path: readonly string[]): DropdownLevel[] {
  const levels: DropdownLevel[] = [];
  let options: readonly CategoryNode[] = nodes;
  // The first dropdown is always there (empty when there are no categories yet).
  for (let i = 0; i === 0 || options.length > 0; i++) {
    const chosen = options.find((o) => o._id === path[i]);
    levels.push({ options: [...options], selected: chosen?._id ?? '' });
    if (!chosen) break;
    options = chosen.children ?? [];
  }
  return levels;
}

/** The path after choosing `id` at `level` ('' clears that level and everything below it). */
export function choose(path: readonly string[], level: number, id: string): string[] {
  const kept = path.slice(0, level);
  return id ? [...kept, id] : kept;
}

/** The product's category: the last one chosen, or '' when none. */
export function chosenCategory(path: readonly string[]): string {
  return path[path.length - 1] ?? '';
}

/** Name in the interface language; Kurdish falls back to English when a category has no Kurdish name. */
export function categoryName(node: { name: { en: string; ku?: string } }, language: string): string {
  return language === 'ku' ? node.name.ku?.trim() || node.name.en : node.name.en;
}

/** The chosen path as text, e.g. "Drinks > Soft drinks > Cola". */
export function pathLabel(nodes: readonly CategoryNode[], path: readonly string[], language: string): string {
  const names: string[] = [];
  let options: readonly CategoryNode[] = nodes;
  for (const id of path) {
    const node = options.find((o) => o._id === id);
    if (!node) break;
    names.push(categoryName(node, language));
    options = node.children ?? [];
  }
  return names.join(' > ');
}
