// Child processes the bench measures: the production shop server and a bare Fastify handler.
// Both listen on 127.0.0.1 only, on a free port, and are stopped by the bench.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHttp(url, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

function start(args, env, readyPath, label, fixedPort) {
  return (async () => {
    const port = fixedPort ?? (await freePort());
    const log = [];
    const childEnv = { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' };
    for (const [key, value] of Object.entries(childEnv)) if (value === undefined) delete childEnv[key];
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      env: childEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk) => {
      log.push(String(chunk));
      if (log.length > 50) log.shift();
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const baseUrl = `http://127.0.0.1:${port}`;
    try {
      await waitForHttp(`${baseUrl}${readyPath}`, child, 180_000);
    } catch (error) {
      child.kill('SIGTERM');
      throw new Error(`${label} did not start: ${error.message}\n${log.join('')}`);
    }
    return {
      baseUrl,
      pid: child.pid,
      stop: () =>
        new Promise((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
          setTimeout(() => child.exitCode === null && child.kill('SIGKILL'), 10_000).unref();
        }),
    };
  })();
}

/**
 * The shop as `npm run serve` runs it in production: NODE_ENV=production (no response
 * validation, as deployed), PGlite in `dataDir` or the PostgreSQL database `databaseUrl`,
 * serving the build in `distDir`. Form rate limits (and with them the guest token and card
 * token budgets) are raised so the load is not refused. `env` adds or overrides settings;
 * `nodeArgs` go to node before the server (for example `--cpu-prof` to profile a load).
 */
export function startShop({ distDir, dataDir, databaseUrl, env: extra = {}, nodeArgs = [] }) {
  const env = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DIST_DIR: distDir,
    DATA_DIR: dataDir,
    FORM_RATE_LIMIT: '100000',
    ...extra,
  };
  // Unset means PGlite; an inherited DATABASE_URL must not redirect the PGlite run.
  env.DATABASE_URL = databaseUrl;
  return (async () => {
    const port = await freePort();
    // PUBLIC_URL is the identity provider's issuer: it must be where the shop is reached.
    env.PUBLIC_URL = `http://127.0.0.1:${port}`;
    return start([...nodeArgs, '--import', 'tsx', 'server/src/main.ts'], env, '/api/Products', 'the shop server', port);
  })();
}

/** The ceiling: Fastify answering a small JSON body with nothing behind it. */
export function startBare() {
  return start([path.join(ROOT, 'scripts/bench/bare-server.mjs')], { NODE_ENV: 'production' }, '/bare', 'the bare Fastify server');
}
