import type { DataSource, EntityManager } from 'typeorm';

/** Rows of any statement (SELECT, INSERT/UPDATE/DELETE … RETURNING) as one plain array. */
export async function rows<T>(m: EntityManager | DataSource, sql: string, params: unknown[] = []): Promise<T[]> {
  return returnedRows<T>(await m.query(sql, params));
}

/** The first row of a statement, or null. */
export async function one<T>(m: EntityManager | DataSource, sql: string, params: unknown[] = []): Promise<T | null> {
  return (await rows<T>(m, sql, params))[0] ?? null;
}

/** TypeORM answers UPDATE and DELETE with [rows, affected], everything else with rows: the rows either way. */
export function returnedRows<T>(result: unknown): T[] {
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') return result[0] as T[];
  return result as T[];
}

/**
 * The parameters of a statement put together from parts (a sale, its shift entries, its event, its stored answer):
 * each part adds its values and writes the placeholders it is given back.
 */
export class SqlParams {
  readonly values: unknown[];

  constructor(initial: readonly unknown[] = []) {
    this.values = [...initial];
  }

  /** `$n` for a new parameter, with a cast when `type` is given. */
  add = (value: unknown, type?: string): string => {
    this.values.push(value);
    return type ? `$${this.values.length}::${type}` : `$${this.values.length}`;
  };
}

/** A well-formed UUID (ids in paths are checked before they reach a uuid column). */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Escapes LIKE wildcards so a typed % or _ matches itself. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
