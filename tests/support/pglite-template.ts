import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { openDatabase } from '../../server/src/db/client';

/** Where the API project's global setup leaves the template, for the test servers (workers inherit it). */
const TEMPLATE_ENV = 'SHOP_TEST_PGLITE_TEMPLATE';

/**
 * The API project's global setup (vitest.config.ts): one in-memory PGlite database, migrated and
 * seeded by a real shop server (identity keys, secrets and demo data included), dumped as a
 * tarball. Every in-memory test server then starts from it: PGlite's initdb, the migrations and
 * the seed ran once per server, about 3 s of a loaded 2-core machine each, 62 times (issue 20
 * item 6). Each server still gets a database of its own, and still runs the migrations and the
 * seed's checks at start, as a shop does on every start. The PostgreSQL runs are left as they are.
 */
export default async function setup(): Promise<(() => void) | undefined> {
  if (process.env.TEST_DATABASE_URL) return undefined;
  const database = await openDatabase({ inMemory: true });
  try {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL: 'http://127.0.0.1:9' }, { inMemoryDatabase: true });
    const { app } = await buildApp(config, { database });
    await app.close();
    const tarball = await database.dumpDataDir!();
    const directory = mkdtempSync(path.join(tmpdir(), 'shop-pglite-template-'));
    const file = path.join(directory, 'pglite.tar');
    writeFileSync(file, Buffer.from(await tarball.arrayBuffer()));
    process.env[TEMPLATE_ENV] = file;
    return () => rmSync(directory, { recursive: true, force: true });
  } finally {
    await database.close();
  }
}

let template: Blob | undefined;

/** The template for an in-memory test server, when the global setup made one (read once per test file). */
export function pgliteTemplate(): Blob | undefined {
  const file = process.env[TEMPLATE_ENV];
  if (!template && file && existsSync(file)) template = new Blob([readFileSync(file)]);
  return template;
}
