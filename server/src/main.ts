import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from './config';
import { buildApp } from './app';
import { DRAIN_DEADLINE_MS, drainAndClose } from './shutdown';

/** After the drain's deadline, a little for the database to close; under a 30 s grace period. */
const EXIT_DEADLINE_MS = DRAIN_DEADLINE_MS + 3000;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function main() {
  let config;
  try {
    // DIST_DIR serves another build of the browser app (parallel work, previews); dist/ by default.
    const staticDir = process.env.DIST_DIR ? path.resolve(process.env.DIST_DIR) : path.join(root, 'dist');
    config = loadConfig(process.env, { staticDir });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const { app } = await buildApp(config);
  // A clean exit (decision 075): the requests in flight finish, idle connections close at once,
  // what arrives meanwhile is answered 503; a usual 30 s grace period is never reached.
  const shutdown = (signal: string) => {
    app.log.info(`${signal}: finishing the requests in flight, then stopping`);
    setTimeout(() => {
      console.error(`Not stopped ${EXIT_DEADLINE_MS / 1000} s after ${signal}: exiting anyway`);
      process.exit(1);
    }, EXIT_DEADLINE_MS).unref();
    drainAndClose(app).then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  const address = await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`Storefront ready at ${address.replace('0.0.0.0', 'localhost')}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
