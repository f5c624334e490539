import { randomBytes } from 'node:crypto';
import { loadConfig, type Config } from '../../server/src/config';
import { buildApp, type BuiltApp } from '../../server/src/app';

export interface TestServer extends BuiltApp {
  baseUrl: string;
  /** The API root, e.g. http://127.0.0.1:5123/api */
  api: string;
  close(): Promise<void>;
}

/**
 * A real shop server on a free port: in-memory PGlite by default, or a fresh database on the
 * PostgreSQL server named by TEST_DATABASE_URL (CI runs the API suite on both).
 */
export async function startTestServer(overrides: Partial<Config> = {}): Promise<TestServer> {
  const env: Record<string, string | undefined> = { NODE_ENV: 'test', LOG_LEVEL: 'silent' };
  let dropDatabase: (() => Promise<void>) | undefined;
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const { default: pg } = await import('pg');
    const name = `shop_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  const config = loadConfig(env, { inMemoryDatabase: !serverUrl, validateResponses: true, ...overrides });
  const built = await buildApp(config);
  const address = await built.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    ...built,
    baseUrl: address,
    api: `${address}${built.contract.basePath}`,
    async close() {
      await built.app.close();
      await dropDatabase?.();
    },
  };
}
