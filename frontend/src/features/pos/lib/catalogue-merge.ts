import type { TillDeltaDto, TillProductDto } from '@dukan/contracts';

/** The server's order of the till list: English name, then id (byte order, as the database's C collation sorts). */
export function compareProducts(a: TillProductDto, b: TillProductDto): number {
  if (a.name.en !== b.name.en) return a.name.en < b.name.en ? -1 : 1;
  return a._id < b._id ? -1 : a._id > b._id ? 1 : 0;
}

/**
 * The list after a delta, in the server's order: a full answer replaces it; otherwise the ids gone leave, a changed
 * product takes the place of its old self (or moves when its name changed) and a new one is put where it belongs.
 * Unchanged products keep their objects, so nothing downstream sees them as new.
 */
export function mergeDelta(list: readonly TillProductDto[], delta: TillDeltaDto): TillProductDto[] {
  if (delta.full) return inOrder(delta.products) ? delta.products.slice() : delta.products.slice().sort(compareProducts);
  if (delta.products.length === 0 && delta.deleted.length === 0) return list as TillProductDto[];
  const changed = new Map(delta.products.map((p) => [p._id, p]));
  const gone = new Set(delta.deleted);
  const placed = new Set<string>();
  const out: TillProductDto[] = [];
  for (const p of list) {
    if (gone.has(p._id)) continue;
    const next = changed.get(p._id);
    if (next && next.name.en === p.name.en) {
      out.push(next);
      placed.add(p._id);
    } else if (!next) out.push(p);
  }
  for (const p of delta.products) if (!placed.has(p._id) && !gone.has(p._id)) out.splice(insertionPoint(out, p), 0, p);
  return out;
}

/** Whether a list is in the server's order already (as its whole answer comes): checked in one pass, not sorted again. */
function inOrder(list: readonly TillProductDto[]): boolean {
  for (let i = 1; i < list.length; i++) if (compareProducts(list[i - 1]!, list[i]!) > 0) return false;
  return true;
}

function insertionPoint(list: readonly TillProductDto[], p: TillProductDto): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareProducts(list[mid]!, p) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
