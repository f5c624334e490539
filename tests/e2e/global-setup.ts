import path from 'node:path';
import { existsSync } from 'node:fs';
import { loadConfig } from '../../server/src/config';
import { buildApp } from '../../server/src/app';
import { freePort } from '../support/test-server';

/** Starts the production build of the shop on a free port; the tests read E2E_BASE_URL. */
export default async function globalSetup() {
  // E2E_DIST_DIR lets parallel work build and test its own copy (default: the build's dist/).
  const staticDir = path.resolve(process.env.E2E_DIST_DIR ?? 'dist');
  if (!existsSync(path.join(staticDir, 'index.html'))) {
    throw new Error('dist/ is missing: run `npm run build` first (npm test does it for you).');
  }
  // The port is chosen first: it is part of PUBLIC_URL, the embedded identity provider's issuer.
  const port = await freePort();
  const config = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'warn', PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, ALTCHA_MAX_NUMBER: '1000' },
    { inMemoryDatabase: true, staticDir, validateResponses: true },
  );
  const { app } = await buildApp(config);
  const address = await app.listen({ port, host: '127.0.0.1' });
  process.env.E2E_BASE_URL = address;
  return async () => {
    await app.close();
  };
}
