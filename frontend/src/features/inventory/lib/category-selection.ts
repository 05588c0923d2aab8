/** Multi-select category chips (spec part 1 §2): choosing a category takes its whole subtree, dropping it drops the subtree. */

export interface CategoryLike {
  _id: string;
  parent?: string | null;
}

export interface CategoryTree {
  ids: string[];
  parentOf: Map<string, string | null>;
  childrenOf: Map<string | null, string[]>;
  roots: string[];
}

/** The tree of the categories as listed (their order kept); a parent missing from the list makes a root. */
export function buildCategoryTree(categories: readonly CategoryLike[]): CategoryTree {
  const known = new Set(categories.map((c) => c._id));
  const parentOf = new Map<string, string | null>();
  for (const c of categories) parentOf.set(c._id, c.parent && known.has(c.parent) && c.parent !== c._id ? c.parent : null);
  // A cycle (never expected, but data is data) would hide its members: cut it where it is found.
  for (const c of categories) {
    const seen = new Set<string>([c._id]);
    for (let at = parentOf.get(c._id) ?? null; at; at = parentOf.get(at) ?? null) {
      if (seen.has(at)) {
        parentOf.set(c._id, null);
        break;
      }
      seen.add(at);
    }
  }
  const childrenOf = new Map<string | null, string[]>();
  for (const c of categories) {
    const parent = parentOf.get(c._id) ?? null;
    const list = childrenOf.get(parent) ?? [];
    list.push(c._id);
    childrenOf.set(parent, list);
  }
  return { ids: categories.map((c) => c._id), parentOf, childrenOf, roots: childrenOf.get(null) ?? [] };
}

/** Every category below `id`, depth first, in list order (not `id` itself). */
export function descendantsOf(tree: CategoryTree, id: string): string[] {
  const out: string[] = [];
  const walk = (at: string) => {
    for (const child of tree.childrenOf.get(at) ?? []) {
      out.push(child);
      walk(child);
    }
  };
  walk(id);
  return out;
}

/** The categories above `id`, nearest first. */
export function ancestorsOf(tree: CategoryTree, id: string): string[] {
  const out: string[] = [];
  for (let at = tree.parentOf.get(id) ?? null; at; at = tree.parentOf.get(at) ?? null) out.push(at);
  return out;
}

/**
 * Chip click. Selecting takes the category and all its descendants (and a parent whose children are then all
 * chosen); deselecting drops the category, its descendants, and its ancestors, which are no longer whole.
 */
export function toggleCategory(tree: CategoryTree, selected: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(selected);
  if (next.has(id)) {
    for (const x of [id, ...descendantsOf(tree, id), ...ancestorsOf(tree, id)]) next.delete(x);
    return next;
  }
  for (const x of [id, ...descendantsOf(tree, id)]) next.add(x);
  for (const up of ancestorsOf(tree, id)) {
    if ((tree.childrenOf.get(up) ?? []).every((c) => next.has(c))) next.add(up);
    else break;
  }
  return next;
}

export type ChipState = 'on' | 'partial' | 'off';

export function chipState(tree: CategoryTree, selected: ReadonlySet<string>, id: string): ChipState {
  if (selected.has(id)) return 'on';
  return descendantsOf(tree, id).some((d) => selected.has(d)) ? 'partial' : 'off';
}

/**
 * What the server is asked for: the chosen categories whose parent is not chosen. The server includes each
 * one's descendants, which are exactly the chosen ones below it; so the request stays short.
 */
export function filterCategoryIds(tree: CategoryTree, selected: ReadonlySet<string>): string[] {
  return tree.ids.filter((id) => {
    if (!selected.has(id)) return false;
    const parent = tree.parentOf.get(id) ?? null;
    return parent === null || !selected.has(parent);
  });
}
