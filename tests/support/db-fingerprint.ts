import { sql } from 'drizzle-orm';
import type { Db } from '../../server/src/db/client';

/**
 * A fingerprint of the shop's data: for every table of the public schema, its row count and an
 * md5 of all its rows (as text, in a stable order). Two equal fingerprints mean no row was
 * inserted, changed or deleted in between. The content documents are left out: no API call
 * writes them, and hashing them on every check would cost more than all the rest. The rate-limit
 * counters (PostgreSQL only) are left out too: every request counts, refused or not.
 */
export type Fingerprint = Record<string, string>;

const SKIPPED = new Set(['cms_documents', 'rate_limit_counters']);

export async function tablesOf(db: Db): Promise<string[]> {
  const rows = await rowsOf<{ table_name: string }>(
    db,
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return rows.map((r) => r.table_name).filter((name) => !SKIPPED.has(name));
}

/**
 * `leaveOut`: rows of a table that do not count, as an SQL condition on its alias `x`.
 *
 * Hashing every table takes a while, and the fuzz file takes a fingerprint after each of its 900
 * batches. So each call first reads the server's write mark, the first transaction id not yet
 * given out (`pg_current_snapshot()`'s xmax): every insert, update or delete gets a transaction id,
 * so while the mark stands still no table can have changed, and the last fingerprint is returned
 * as it is. The mark is read before the tables: a write in between moves it, and the next call
 * hashes again. Writes the fingerprint leaves out (PostgreSQL's rate-limit counters) or other
 * databases of the same server move it too; then the tables are hashed, as without the mark.
 */
export function fingerprinter(db: Db, tables: string[], leaveOut: Record<string, string> = {}): () => Promise<Fingerprint> {
  const query = tables
    .map((t) => {
      const name = `"${t.replace(/"/g, '""')}"`;
      const where = leaveOut[t] ? ` where not (${leaveOut[t]})` : '';
      return `select '${t}' as t, count(*)::text || ':' || md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from ${name} x${where}`;
    })
    .join(' union all ');
  let last: { mark: string; fingerprint: Fingerprint } | undefined;
  return async () => {
    const [{ mark }] = await rowsOf<{ mark: string }>(db, sql`select pg_snapshot_xmax(pg_current_snapshot())::text as mark`);
    if (last?.mark === mark) return last.fingerprint;
    const rows = await rowsOf<{ t: string; h: string }>(db, sql.raw(query));
    last = { mark, fingerprint: Object.fromEntries(rows.map((r) => [r.t, r.h])) };
    return last.fingerprint;
  };
}

/** The tables whose fingerprints differ (empty when nothing changed). */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  return Object.keys({ ...before, ...after }).filter((t) => before[t] !== after[t]);
}

async function rowsOf<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}
