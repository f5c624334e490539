import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { openDatabase } from '../../server/src/db/client';
import { createScratchDatabase } from '../../scripts/scratch-database';

/** Where the API project's global setup leaves the templates, for the test servers (workers inherit it). */
const TEMPLATE_ENV = 'SHOP_TEST_PGLITE_TEMPLATE';
const POSTGRES_TEMPLATE_ENV = 'SHOP_TEST_POSTGRES_TEMPLATE';

/**
 * The test servers' scrypt cost (log2 N, `Config.passwordHashCost`): 2^10, about 2 ms a hash
 * against 90 ms at the shop's 2^15; the suites hash and check passwords hundreds of times.
 * The seeded accounts of the template are hashed at it too (decision 066).
 */
export const TEST_PASSWORD_HASH_COST = 10;

const templateConfig = (env: Record<string, string> = {}) =>
  loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL: 'http://127.0.0.1:9', ...env },
    { inMemoryDatabase: !env.DATABASE_URL, passwordHashCost: TEST_PASSWORD_HASH_COST },
  );

/**
 * The API project's global setup (vitest.config.ts): one database, migrated and seeded by a real
 * shop server (identity keys, secrets and demo data included), that every test server then starts
 * from. The migrations and the seed ran once per server, about 3 s of a loaded 2-core machine
 * each, 62 times (issue 20 item 6). Each server still gets a database of its own, and still runs
 * the migrations and the seed's checks at start, as a shop does on every start.
 * - PGlite: an in-memory database dumped as a tarball; each in-memory server loads it
 *   (`loadDataDir`).
 * - PostgreSQL (TEST_DATABASE_URL): a database on that server; each test server's database is
 *   made with `CREATE DATABASE ... TEMPLATE` it. Dropped at the end.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const template = await createScratchDatabase(serverUrl, 'shop_template');
    try {
      // The server closes its own database (pool and notice connection): nobody stays connected.
      const { app } = await buildApp(templateConfig({ DATABASE_URL: template.url }));
      await app.close();
    } catch (error) {
      await template.drop();
      throw error;
    }
    process.env[POSTGRES_TEMPLATE_ENV] = template.name;
    return () => template.drop();
  }
  const database = await openDatabase({ inMemory: true });
  try {
    const { app } = await buildApp(templateConfig(), { database });
    await app.close();
    const tarball = await database.dumpDataDir!();
    const directory = mkdtempSync(path.join(tmpdir(), 'shop-pglite-template-'));
    const file = path.join(directory, 'pglite.tar');
    writeFileSync(file, Buffer.from(await tarball.arrayBuffer()));
    process.env[TEMPLATE_ENV] = file;
    return async () => rmSync(directory, { recursive: true, force: true });
  } finally {
    await database.close();
  }
}

/** The PostgreSQL template's name, when the global setup made one. */
export function postgresTemplate(): string | undefined {
  return process.env[POSTGRES_TEMPLATE_ENV];
}

let template: Blob | undefined;

/** The template for an in-memory test server, when the global setup made one (read once per test file). */
export function pgliteTemplate(): Blob | undefined {
  const file = process.env[TEMPLATE_ENV];
  if (!template && file && existsSync(file)) template = new Blob([readFileSync(file)]);
  return template;
}
