import { createHash } from 'node:crypto';
import { QueryFailedError, type DataSource, type EntityManager, type QueryRunner } from 'typeorm';

/**
 * How many statement texts one process prepares by name. Each is parsed and kept by every connection that runs it,
 * so the set is bounded: a text beyond it runs unnamed (parsed and planned on every call, as any other statement).
 */
export const MAX_PREPARED_TEXTS = 256;

const named = new Map<string, string>();

/** The name a statement's text is prepared under (the same on every connection), or null once the set is full. */
function nameOf(text: string): string | null {
  const known = named.get(text);
  if (known) return known;
  if (named.size >= MAX_PREPARED_TEXTS) return null;
  const name = `dukan_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
  named.set(text, name);
  return name;
}

interface PgClient {
  query(config: { name?: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}

/**
 * Rows of a statement that runs often with different values (a sale, the lookup before it), prepared once per
 * connection: PostgreSQL parses it once and, after a few runs, reuses its plan, where an unnamed statement is parsed
 * and planned on every call (for the sale's one statement that planning cost more than its execution). Its text must
 * hold no values, only placeholders (the text names the statement). Inside a transaction it runs on the caller's
 * connection; errors are TypeORM's `QueryFailedError`, as from `query`.
 */
export async function preparedRows<T>(db: EntityManager | DataSource, text: string, values: unknown[]): Promise<T[]> {
  const inTransaction = 'queryRunner' in db ? db.queryRunner : undefined;
  const runner: QueryRunner = inTransaction ?? ('connection' in db ? db.connection : db).createQueryRunner();
  try {
    const client = (await runner.connect()) as PgClient;
    const name = nameOf(text);
    const result = await client.query(name ? { name, text, values } : { text, values });
    return result.rows as T[];
  } catch (e) {
    throw e instanceof QueryFailedError ? e : new QueryFailedError(text, values, e as Error);
  } finally {
    if (!inTransaction) await runner.release();
  }
}
