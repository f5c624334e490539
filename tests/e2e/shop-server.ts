import path from 'node:path';
import { existsSync } from 'node:fs';
import { loadConfig } from '../../server/src/config';
import { buildApp } from '../../server/src/app';
import { freePort } from '../support/test-server';
import { TEST_PASSWORD_HASH_COST } from '../support/database-template';

/** The production build the e2e tests serve (E2E_DIST_DIR lets parallel work test its own copy). */
export function distDir(): string {
  return path.resolve(process.env.E2E_DIST_DIR ?? 'dist');
}

/**
 * The production build of the shop on a free port with a fresh in-memory database: one per
 * Playwright worker (tests/e2e/fixtures.ts), so workers running side by side never share a
 * customer, a cart, a content edit or a rate-limit budget.
 */
export async function startShop(): Promise<{ url: string; close: () => Promise<void> }> {
  // The server renders with React's production build, as `npm start` does (React chooses its build
  // by NODE_ENV when first loaded, here by the server-rendering bundle). The shop's own NODE_ENV
  // stays `test` below: the dev mailbox, the sandbox cards and response checks stay on.
  process.env.NODE_ENV = 'production';
  // The port is chosen first: it is part of PUBLIC_URL, the embedded identity provider's issuer.
  const port = await freePort();
  const config = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'warn', PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, ALTCHA_MAX_NUMBER: '1000' },
    { inMemoryDatabase: true, staticDir: distDir(), validateResponses: true, passwordHashCost: TEST_PASSWORD_HASH_COST },
  );
  const { app } = await buildApp(config);
  const url = await app.listen({ port, host: '127.0.0.1' });
  // A new shop's first pages load the server-rendering bundle and fill its caches: done here, in
  // the worker's setup, so the worker's first test is not charged for them (on a loaded machine
  // that first test ran out of its time while every later one had room).
  for (const path of ['/', '/product/collection-filterable-grid/all-rifles', '/product/product-long/rk-15-carbine']) {
    const answer = await fetch(new URL(path, url));
    if (!answer.ok) throw new Error(`The e2e shop answered ${answer.status} for ${path}`);
    await answer.arrayBuffer();
  }
  return { url, close: () => app.close() };
}

/** Playwright's global setup: the build must exist before any worker starts a shop on it. */
export default function globalSetup() {
  if (!existsSync(path.join(distDir(), 'index.html'))) {
    throw new Error('dist/ is missing: run `npm run build` first (npm test does it for you).');
  }
}
