import type { EntityManager } from 'typeorm';

/** Raw SQL rows (TypeORM answers UPDATE/DELETE … RETURNING with [rows, count]). */
export async function rows<T>(m: EntityManager, sql: string, params: unknown[] = []): Promise<T[]> {
  const res: unknown = await m.query(sql, params);
  if (Array.isArray(res) && res.length === 2 && Array.isArray(res[0]) && typeof res[1] === 'number') return res[0] as T[];
  return res as T[];
}

export async function one<T>(m: EntityManager, sql: string, params: unknown[] = []): Promise<T | null> {
  return (await rows<T>(m, sql, params))[0] ?? null;
}
