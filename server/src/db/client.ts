import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PGlite's whole data directory as a tarball (the API tests' seeded template); PGlite only. */
  dumpDataDir?: () => Promise<Blob>;
  /**
   * Calls `listener` after the catalogue (content documents, skus: prices and stock) changed, in
   * this process or in any other on the same database (migration 0014's notices on
   * CATALOGUE_CHANNEL), and after a lost notice connection is back, since a change may have been
   * missed meanwhile. Answers a function that stops the calls.
   */
  onCatalogueChange(listener: () => void): () => void;
}

/** The channel migration 0014 announces catalogue changes on. */
export const CATALOGUE_CHANNEL = 'catalogue_changed';
/** How long a lost notice connection waits before it connects again. */
export const RELISTEN_MS = 1000;

/** The listeners of one database, told once per notice. */
function catalogueListeners() {
  const listeners = new Set<() => void>();
  return {
    add(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    tell() {
      for (const listener of listeners) listener();
    },
  };
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
 * In-memory databases are the tests' (the API suite opens one per server, about 60 to a process):
 * they share one compiled copy of PGlite's WebAssembly, and keep 16 MB of shared buffers instead
 * of PostgreSQL's 128 MB, which every start wrote in full. That took an in-memory start from about
 * 420 to 300 ms (docs/decisions/066). A database in DATA_DIR keeps PGlite's defaults.
 */
const IN_MEMORY_SHARED_BUFFERS = '16MB';
let compiledPglite: Promise<WebAssembly.Module> | undefined;
const pgliteModule = () =>
  (compiledPglite ??= readFile(createRequire(import.meta.url).resolve('@electric-sql/pglite/pglite.wasm')).then((bytes) => WebAssembly.compile(bytes)));

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
    const listeners = catalogueListeners();
    const notices = await listenForNotices(() => new Client(options.databaseUrl), listeners.tell, options.onConnectionError);
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      close: async () => {
        await notices.close();
        await pool.end();
      },
      onCatalogueChange: listeners.add,
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  let dataDir: string | undefined;
  if (!options.inMemory) {
    dataDir = path.resolve(options.dataDir ?? './data', 'pglite');
    mkdirSync(dataDir, { recursive: true });
  }
  const client = dataDir
    ? new PGlite(dataDir)
    : new PGlite({
        loadDataDir: options.loadDataDir,
        pgliteWasmModule: await pgliteModule(),
        startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${IN_MEMORY_SHARED_BUFFERS}`],
      });
  await client.waitReady;
  const db = drizzle({ client, schema, logger: queryLogger(options) });
  await migrate(db, { migrationsFolder });
  const listeners = catalogueListeners();
  await client.listen(CATALOGUE_CHANNEL, listeners.tell);
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('none'),
    onCatalogueChange: listeners.add,
  };
}

interface NoticeClient {
  connect(): Promise<unknown>;
  query(text: string): Promise<unknown>;
  end(): Promise<void>;
  on(event: 'notification', listener: (message: { channel: string }) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'end', listener: () => void): unknown;
}

/**
 * One connection of its own that LISTENs to CATALOGUE_CHANNEL (a pooled connection would lose
 * its LISTEN when the pool drops it). When it breaks, it connects again after RELISTEN_MS, as
 * long as it takes, and then tells the listeners once: a notice sent while it was away is lost.
 */
async function listenForNotices(newClient: () => NoticeClient, tell: () => void, onError?: (error: Error) => void) {
  let closed = false;
  let current: NoticeClient | undefined;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (resync: boolean): Promise<void> => {
    const client = newClient();
    let lost = false;
    const reconnect = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (error) onError?.(error);
      if (current === client) current = undefined;
      client.end().catch(() => undefined);
      if (!closed) retry = setTimeout(() => void connect(true), RELISTEN_MS);
    };
    client.on('notification', (message) => {
      if (message.channel === CATALOGUE_CHANNEL) tell();
    });
    client.on('error', reconnect);
    client.on('end', () => reconnect());
    try {
      await client.connect();
      await client.query(`LISTEN ${CATALOGUE_CHANNEL}`);
    } catch (error) {
      reconnect(error as Error);
      return;
    }
    if (closed) {
      await client.end().catch(() => undefined);
      return;
    }
    current = client;
    if (resync) tell();
  };
  await connect(false);
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      await current?.end().catch(() => undefined);
    },
  };
}
