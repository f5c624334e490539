import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from './config';
import { buildApp } from './app';

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
  const shutdown = async () => {
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  const address = await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`Storefront ready at ${address.replace('0.0.0.0', 'localhost')}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
