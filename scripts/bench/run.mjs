#!/usr/bin/env node
// `npm run bench`: bundle sizes, Lighthouse and API load on this machine, written to
// bench/report.md and bench/report.json (issue 10, docs/decisions/020). Figures only: nothing
// here is asserted by the tests. Everything runs against 127.0.0.1.
//
//   npm run bench                 every section
//   npm run bench -- bundle api   only the named sections (bundle, lighthouse, ssr, api)
//
// BENCH_DATABASE_URL (or TEST_DATABASE_URL): the API section runs a second time against a fresh
// database on that PostgreSQL server (created and dropped by the bench).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bundleReport } from '../bundle-report.mjs';
import { runApiLoad, runPageLoad, runWriteMix } from './api-load.mjs';
import { runLighthouse } from './lighthouse.mjs';
import { formatMarkdown } from './report.mjs';
import { ROOT, startBare, startShop } from './servers.mjs';
import { createScratchDatabase } from '../scratch-database.ts';

const sections = new Set(process.argv.slice(2).length ? process.argv.slice(2) : ['bundle', 'lighthouse', 'ssr', 'api']);
const tmp = path.join(ROOT, 'bench', 'tmp');
const distDir = path.join(tmp, 'dist');
mkdirSync(tmp, { recursive: true });

const machine = () => ({
  cores: os.cpus().length,
  cpu: os.cpus()[0]?.model ?? 'unknown',
  memoryGiB: Number((os.totalmem() / 1024 ** 3).toFixed(1)),
  node: process.version,
  platform: `${os.type()} ${os.release()} ${os.arch()}`,
  loadAverage: os.loadavg().map((n) => Number(n.toFixed(2))),
});

const report = { date: new Date().toISOString(), machine: machine(), sections: [...sections] };
const log = (line) => console.log(line);

function build() {
  log(`Building the shop into ${path.relative(ROOT, distDir)} ...`);
  // The browser build, then the server renderer beside it (docs/decisions/025).
  for (const args of [
    ['vite', 'build', '--outDir', distDir, '--emptyOutDir', '--logLevel', 'error'],
    ['vite', 'build', '--ssr', 'src/app/server-entry.tsx', '--outDir', path.join(distDir, '.ssr'), '--logLevel', 'error'],
  ]) {
    const result = spawnSync('npx', args, { cwd: ROOT, stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`${args.join(' ')} failed`);
  }
}

async function withShop(options, body) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'));
  const shop = await startShop({ distDir, dataDir, ...options });
  try {
    return await body(shop);
  } finally {
    await shop.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function apiRun(label, options) {
  log(`API load (${label}) ...`);
  const bare = await startBare();
  try {
    return await withShop(options, (shop) => runApiLoad({ shopUrl: shop.baseUrl, bareUrl: bare.baseUrl, log }));
  } finally {
    await bare.stop();
  }
}

/**
 * The write mix (cart adds and computes) on one PostgreSQL database: against one server process,
 * then against two processes at once (issue 21: several processes behind a load balancer).
 */
async function writeMixRuns(databaseUrl) {
  log('Write mix, one and two processes on one PostgreSQL ...');
  return withShop({ databaseUrl }, async (a) => {
    const one = await runWriteMix({ shopUrls: [a.baseUrl], name: 'write mix, one process', log });
    const two = await withShop({ databaseUrl }, (b) => runWriteMix({ shopUrls: [a.baseUrl, b.baseUrl], name: 'write mix, two processes', log }));
    return [one, two];
  });
}

async function withPostgresDatabase(serverUrl, body) {
  const database = await createScratchDatabase(serverUrl, 'shop_bench');
  try {
    return await body(database.url);
  } finally {
    await database.drop();
  }
}

async function main() {
  const started = Date.now();
  if (['bundle', 'lighthouse', 'ssr', 'api'].some((name) => sections.has(name))) build();
  if (sections.has('bundle')) {
    log('Bundle ...');
    const bundle = bundleReport(distDir);
    bundle.dir = path.relative(ROOT, distDir);
    report.bundle = bundle;
  }
  if (sections.has('lighthouse')) {
    log('Lighthouse ...');
    report.lighthouse = await withShop({}, (shop) => runLighthouse({ baseUrl: shop.baseUrl, log }));
  }
  if (sections.has('ssr')) {
    log('Server rendering (PGlite) ...');
    report.ssr = await withShop({}, (shop) => runPageLoad({ shopUrl: shop.baseUrl, log }));
    // The same page with the page cache off (decision 060): React renders every request.
    const rendered = await withShop({ env: { PAGE_CACHE_BYTES: '0' } }, (shop) =>
      runPageLoad({ shopUrl: shop.baseUrl, log, pageName: 'GET product page, rendered every request (PAGE_CACHE_BYTES=0)', withJson: false }),
    );
    report.ssr.push(...rendered);
  }
  if (sections.has('api')) {
    report.api = { pglite: await apiRun('PGlite', {}) };
    const pgUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
    if (pgUrl) {
      report.api.postgres = await withPostgresDatabase(pgUrl, (databaseUrl) => apiRun('PostgreSQL', { databaseUrl }));
      report.writeMix = await withPostgresDatabase(pgUrl, (databaseUrl) => writeMixRuns(databaseUrl));
    }
  }
  report.machine.loadAverageAtEnd = os.loadavg().map((n) => Number(n.toFixed(2)));
  report.durationSeconds = Math.round((Date.now() - started) / 1000);

  mkdirSync(path.join(ROOT, 'bench'), { recursive: true });
  writeFileSync(path.join(ROOT, 'bench', 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(path.join(ROOT, 'bench', 'report.md'), formatMarkdown(report));
  log(`\nWrote bench/report.md and bench/report.json (${report.durationSeconds} s).`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
