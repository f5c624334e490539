import { createServer } from 'node:net';
import { createScratchDatabase } from '../../scripts/scratch-database';
import { loadConfig, type Config } from '../../server/src/config';
import { buildApp, type BuiltApp } from '../../server/src/app';
import { pgliteTemplate, postgresTemplate, TEST_PASSWORD_HASH_COST } from './database-template';

export interface TestServer extends BuiltApp {
  config: Config;
  port: number;
  /** http://127.0.0.1:port, also PUBLIC_URL (the issuer is baseUrl + /oidc). */
  baseUrl: string;
  /** The API root, e.g. http://127.0.0.1:5123/api */
  api: string;
  close(): Promise<void>;
}

/** A port nobody listens on right now (the server needs it before start: it is in the issuer). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface TestServerOptions {
  /** Keep the database in this PGlite directory (restart tests) instead of in memory. */
  dataDir?: string;
  /** Listen on this port (a restarted server keeps its issuer). */
  port?: number;
  /** Extra environment, e.g. OIDC_AUTHORITY. */
  env?: Record<string, string>;
  /**
   * Use this PostgreSQL database as it is (another server's, to run two on one database); it is
   * neither created nor dropped here.
   */
  databaseUrl?: string;
  /** Told the text of every statement the server's database client sends. */
  onQuery?: (query: string) => void;
  /** Where the server's log lines go (with env LOG_LEVEL, e.g. 'info'); unset, stdout. */
  logStream?: { write(line: string): void };
}

/**
 * A real shop server on a free port: in-memory PGlite by default, or a fresh database on the
 * PostgreSQL server named by TEST_DATABASE_URL (CI runs the API suite on both).
 */
export async function startTestServer(
  overrides: Partial<Config> = {},
  options: TestServerOptions = {},
): Promise<TestServer> {
  const port = options.port ?? (await freePort());
  const env: Record<string, string | undefined> = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ...options.env,
  };
  let dropDatabase: (() => Promise<void>) | undefined;
  const serverUrl = options.dataDir ? undefined : (options.databaseUrl ?? process.env.TEST_DATABASE_URL);
  if (options.databaseUrl) {
    env.DATABASE_URL = options.databaseUrl;
  } else if (serverUrl) {
    // A copy of the API project's seeded template database when there is one.
    const database = await createScratchDatabase(serverUrl, 'shop_test', postgresTemplate());
    env.DATABASE_URL = database.url;
    dropDatabase = database.drop;
  }
  if (options.dataDir) env.DATA_DIR = options.dataDir;
  const config = loadConfig(env, {
    inMemoryDatabase: !serverUrl && !options.dataDir,
    validateResponses: true,
    passwordHashCost: TEST_PASSWORD_HASH_COST,
    ...overrides,
  });
  // An in-memory database starts from the API project's seeded template when there is one.
  const loadDataDir = config.inMemoryDatabase ? pgliteTemplate() : undefined;
  const built = await buildApp(config, { onQuery: options.onQuery, loadDataDir, logStream: options.logStream });
  const address = await built.app.listen({ port, host: '127.0.0.1' });
  return {
    ...built,
    config,
    port,
    baseUrl: address,
    api: `${address}${built.contract.basePath}`,
    async close() {
      try {
        await built.app.close();
      } finally {
        // Dropped even when closing failed (a test that closed the database itself).
        await dropDatabase?.();
      }
    },
  };
}

/**
 * The status of a request whose answer is not looked at, read to the end: an answer left unread
 * holds its connection, and a large one (the product list) keeps the server writing, so closing
 * the server would wait for it.
 */
export async function statusOf(url: string, init?: RequestInit): Promise<number> {
  const res = await fetch(url, init);
  await res.arrayBuffer();
  return res.status;
}
