import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PGlite's whole data directory as a tarball (the API tests' seeded template); PGlite only. */
  dumpDataDir?: () => Promise<Blob>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface DatabaseOptions {
  databaseUrl?: string;
  dataDir?: string;
  inMemory?: boolean;
  /** Told when an idle pooled connection breaks (the pool drops it; the next query opens another). */
  onConnectionError?: (error: Error) => void;
  /** Told the text of every statement drizzle sends (tests count statements per operation). */
  onQuery?: (query: string) => void;
  /**
   * In-memory PGlite only: start from this data directory (a `dumpDataDir` tarball) instead of an
   * empty one. The API tests start each server from one seeded template: initdb, the migrations
   * and the seed run once per test run, not once per server (issue 20 item 6).
   */
  loadDataDir?: Blob;
}

/**
 * Timeouts of the PostgreSQL connection (decision 021). A database that cannot be reached fails a
 * request within CONNECT_TIMEOUT_MS (the API answers 503) instead of leaving it hanging; a query
 * the server does not finish is cancelled by the server after STATEMENT_TIMEOUT_MS, and given up
 * by the client after QUERY_TIMEOUT_MS when the server itself has gone silent.
 */
export const CONNECT_TIMEOUT_MS = 1000;
/** How long a request may wait for a free pooled connection when all are busy (a burst of checkouts). */
export const POOL_WAIT_MS = 5000;
export const STATEMENT_TIMEOUT_MS = 5000;
export const QUERY_TIMEOUT_MS = 6000;

export const DATABASE_UNAVAILABLE = "The shop's database is unavailable; please try again shortly.";

const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** SQLSTATEs of a database that is going away, starting, overloaded, or that cancelled a slow statement. */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300', '57014']);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout expired|timeout exceeded when trying to connect|Query read timeout|not queryable|Cannot use a pool after calling end|PGlite is closed/i;

/**
 * Whether an error (or one of its causes: drizzle wraps the driver's) means the database could
 * not be reached or did not answer in time, rather than that a query was wrong.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 6; depth++) {
    const e = current as { code?: unknown; message?: unknown; cause?: unknown };
    const code = typeof e.code === 'string' ? e.code : '';
    if (CONNECTION_CODES.has(code) || UNAVAILABLE_STATES.has(code) || code.startsWith('08')) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.test(e.message)) return true;
    current = e.cause;
  }
  return false;
}

/**
 * PGlite (Postgres compiled to WASM) in a data directory by default, in memory for tests, or a
 * PostgreSQL server when DATABASE_URL is set. Migrations are applied before anything else runs.
 */
const queryLogger = ({ onQuery }: DatabaseOptions) => (onQuery ? { logQuery: (query: string) => onQuery(query) } : undefined);

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    // pg-pool uses one setting both for opening a connection and for waiting for a free one; the
    // connection's own timeout (pg.Client's) is the short one, the wait for a busy pool is longer.
    class Client extends pg.Client {
      constructor(config: ConstructorParameters<typeof pg.Client>[0]) {
        super({ ...(typeof config === 'object' ? config : { connectionString: config }), connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
      }
    }
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      // (typed by @types/pg as a constructor without arguments, which pg-pool does not call)
      Client: Client as unknown as typeof pg.Client,
      connectionTimeoutMillis: POOL_WAIT_MS,
      statement_timeout: STATEMENT_TIMEOUT_MS,
      query_timeout: QUERY_TIMEOUT_MS,
      keepAlive: true,
    });
    // Without a listener, an idle connection that breaks (database restarted, network cut) would
    // be an unhandled 'error' event and take the whole server down.
    pool.on('error', (error) => options.onConnectionError?.(error));
    const db = drizzle({ client: pool, schema, logger: queryLogger(options) });
    await migrate(db, { migrationsFolder });
    return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  let dataDir: string | undefined;
  if (!options.inMemory) {
    dataDir = path.resolve(options.dataDir ?? './data', 'pglite');
    mkdirSync(dataDir, { recursive: true });
  }
  const client = dataDir ? new PGlite(dataDir) : new PGlite({ loadDataDir: options.loadDataDir });
  await client.waitReady;
  const db = drizzle({ client, schema, logger: queryLogger(options) });
  await migrate(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close(), dumpDataDir: () => client.dumpDataDir('none') };
}
