import { randomBytes } from 'node:crypto';

export interface ScratchDatabase {
  /** Its name on the server. */
  name: string;
  /** The new database's connection string (the server's, with its own name). */
  url: string;
  /** Drops it, closing whatever is still connected. */
  drop(): Promise<void>;
}

/**
 * A fresh database on the PostgreSQL server at `serverUrl`, named `<prefix>_<random>`: what the
 * API tests, the restart/fault tests and the bench each run a shop against. Empty, or a copy of
 * the database `template` (which nobody may be connected to while it is copied).
 */
export async function createScratchDatabase(serverUrl: string, prefix: string, template?: string): Promise<ScratchDatabase> {
  const { default: pg } = await import('pg');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  if (template !== undefined && !/^[a-z0-9_]+$/.test(template)) throw new Error(`not a scratch database name: ${template}`);
  await admin(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
