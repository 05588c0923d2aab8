// Pure rules of the category tree.

export interface CategoryLink {
  id: string;
  parentId: string | null;
}

/**
 * True when putting `id` under `newParentId` would make a loop: the new parent is the category itself
 * or one of its descendants. `links` are the current categories.
 */
export function wouldCreateCycle(links: CategoryLink[], id: string, newParentId: string | null): boolean {
  if (newParentId === null) return false;
  const parentOf = new Map(links.map((l) => [l.id, l.parentId]));
  const seen = new Set<string>();
  for (let at: string | null = newParentId; at !== null; at = parentOf.get(at) ?? null) {
    if (at === id) return true;
    if (seen.has(at)) return true; // already a loop in the data: refuse rather than spin
    seen.add(at);
  }
  return false;
}

export type TreeNode<T> = T & { children: TreeNode<T>[] };

/** Nests flat rows under their parents; rows whose parent is missing (deleted, filtered out) become roots. */
export function buildTree<T extends CategoryLink>(rows: T[]): TreeNode<T>[] {
  type Node = TreeNode<T>;
  const nodes = new Map<string, Node>(rows.map((r) => [r.id, { ...r, children: [] as Node[] }]));
  const roots: Node[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId ? nodes.get(node.parentId) : undefined;
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** The ids of a category and all its descendants. */
export function descendantsOf(links: CategoryLink[], id: string): Set<string> {
  const children = new Map<string, string[]>();
  for (const l of links) {
    if (l.parentId) children.set(l.parentId, [...(children.get(l.parentId) ?? []), l.id]);
  }
  const out = new Set<string>([id]);
  const queue = [id];
  while (queue.length > 0) {
    for (const c of children.get(queue.shift()!) ?? []) {
      if (!out.has(c)) {
        out.add(c);
        queue.push(c);
      }
    }
  }
  return out;
}
