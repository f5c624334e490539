import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createScratchDatabase } from '../../scripts/scratch-database';
import { loadConfig, type Config } from '../../server/src/config';
import { buildApp } from '../../server/src/app';
import { freePort, type TestServer } from './test-server';

/**
 * A database that outlives the servers started on it (restart and fault tests): a scratch
 * database on the PostgreSQL server of TEST_DATABASE_URL when it is set, else a PGlite data
 * directory in a temporary folder. `start()` builds a real shop server on it, on the same port
 * every time (the identity provider's issuer includes it); `drop()` removes it all.
 */
export interface KeptDatabase {
  kind: 'postgres' | 'pglite';
  /** postgres: the scratch database's URL (its host and port are the real server's). */
  url?: string;
  dataDir: string;
  port: number;
  start(overrides?: Partial<Config>, options?: { databaseUrl?: string }): Promise<TestServer>;
  drop(): Promise<void>;
}

export async function keptDatabase(): Promise<KeptDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-kept-'));
  const port = await freePort();
  const serverUrl = process.env.TEST_DATABASE_URL;
  let url: string | undefined;
  let dropDatabase = async () => {};
  if (serverUrl) {
    const database = await createScratchDatabase(serverUrl, 'shop_kept');
    url = database.url;
    dropDatabase = database.drop;
  }
  return {
    kind: serverUrl ? 'postgres' : 'pglite',
    url,
    dataDir,
    port,
    async start(overrides = {}, options = {}) {
      const env: Record<string, string | undefined> = {
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: dataDir,
        DATABASE_URL: options.databaseUrl ?? url,
      };
      const config = loadConfig(env, { validateResponses: true, ...overrides });
      const built = await buildApp(config);
      const address = await built.app.listen({ port, host: '127.0.0.1' });
      return {
        ...built,
        config,
        port,
        baseUrl: address,
        api: `${address}${built.contract.basePath}`,
        close: () => built.app.close(),
      };
    },
    async drop() {
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
