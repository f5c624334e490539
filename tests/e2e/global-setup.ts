import path from 'node:path';
import { existsSync } from 'node:fs';
import { loadConfig } from '../../server/src/config';
import { buildApp } from '../../server/src/app';

/** Starts the production build of the shop on a free port; the tests read E2E_BASE_URL. */
export default async function globalSetup() {
  const staticDir = path.resolve('dist');
  if (!existsSync(path.join(staticDir, 'index.html'))) {
    throw new Error('dist/ is missing: run `npm run build` first (npm test does it for you).');
  }
  const config = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'warn' },
    { inMemoryDatabase: true, staticDir, validateResponses: true },
  );
  const { app } = await buildApp(config);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  process.env.E2E_BASE_URL = address;
  return async () => {
    await app.close();
  };
}
