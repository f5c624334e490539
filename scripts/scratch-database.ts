import { randomBytes } from 'node:crypto';

export interface ScratchDatabase {
  /** The new database's connection string (the server's, with its own name). */
  url: string;
  /** Drops it, closing whatever is still connected. */
  drop(): Promise<void>;
}

/**
 * A fresh, empty database on the PostgreSQL server at `serverUrl`, named `<prefix>_<random>`: what
 * the API tests, the restart/fault tests and the bench each run a shop against.
 */
export async function createScratchDatabase(serverUrl: string, prefix: string): Promise<ScratchDatabase> {
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
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
