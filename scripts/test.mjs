#!/usr/bin/env node
// `npm test`: every check the project has, in order, stopping at the first failure.
// (typecheck | lint | contract lint) -> (unit + machine path tests | production build) -> (API
// integration tests on PGlite | on PostgreSQL with Node 24, when TEST_DATABASE_URL is set) ->
// bundle budget -> e2e in Chromium -> e2e smoke journeys on Node 24. Steps joined by | share
// nothing and run side by side (docs/decisions/065).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { ensureNodeLts, LTS_MAJOR } from './node-lts.mjs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(
    `\nChromium was not found at ${chromium}.\n` +
      'The end-to-end tests drive Debian\'s Chromium (no downloaded browsers). Install it with:\n' +
      '  sudo apt-get update && sudo apt-get install -y chromium\n' +
      'or point CHROMIUM_PATH at a Chromium binary.\n',
  );
  process.exit(1);
}

const env = (extra) => ({ ...process.env, ...(extra ?? {}), REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' });

/**
 * The static checks read the sources and share nothing, so they run side by side (issue 20 item
 * 6); each one's output is printed whole when it ends, so the logs do not interleave.
 */
const staticChecks = [
  ['typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
  ['lint', 'npx', ['eslint', '.', '--max-warnings=0']],
  ['contract lint', 'npx', ['redocly', 'lint', 'openapi/shop.yaml', 'openapi/geocoding.yaml']],
];

function runBuffered([name, cmd, args, extra]) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(typeof cmd === 'function' ? cmd() : cmd, args, { env: env(extra), stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (status) => {
      const text = Buffer.concat(output).toString().trim();
      console.log(`\n=== ${name}${text ? `\n${text}` : ''}`);
      console.log(status === 0 ? `✓ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)` : `\n✗ ${name} failed`);
      resolve(status ?? 1);
    });
  });
}

/**
 * Node 24, the LTS operators run (issue 21 item 4, decision 052), beside the machine's Node 20: the
 * whole API suite once on each (PGlite on the machine's Node, PostgreSQL on Node 24), and the
 * smoke journeys in a browser on Node 24 after the full e2e run on the machine's Node. Playwright
 * and vitest start their workers and the shop's server with the Node that runs them.
 */
const lts = () => {
  const binary = ensureNodeLts();
  console.log(`(running on ${spawnSync(binary, ['--version']).stdout.toString().trim()}: ${binary})`);
  return binary;
};
/*
 * Each of these runs its tests in one process, on about one core (a vitest worker; the API
 * servers run in it), so two of them side by side fill the 2-core machine: the unit tests beside
 * the build, and the two database runs of the API suite beside each other. Each has its own
 * servers, databases and ports.
 */
const apiRuns = [['API tests (PGlite)', 'npx', ['vitest', 'run', '--project', 'api'], { TEST_DATABASE_URL: '' }]];
if (process.env.TEST_DATABASE_URL) {
  apiRuns.push([`API tests (PostgreSQL, Node ${LTS_MAJOR})`, lts, ['node_modules/vitest/vitest.mjs', 'run', '--project', 'api']]);
}
const steps = [
  ['static checks', staticChecks],
  [
    'unit and machine tests, build',
    [
      ['unit and machine tests', 'npx', ['vitest', 'run', '--project', 'unit', '--project', 'unit-node', '--project', 'machines']],
      // The browser build and the server-rendering bundle beside it (docs/decisions/025).
      ['build', 'npm', ['run', '--silent', 'build']],
    ],
  ],
  ['API tests', apiRuns],
];
// Size budgets of the build just made (docs/decisions/020): sizes only, no timing.
steps.push(['bundle budget', 'node', ['scripts/bundle-report.mjs', 'dist', '--check']]);
steps.push(['end-to-end tests (Chromium)', 'npx', ['playwright', 'test']]);
const SMOKE_JOURNEYS = ['tests/e2e/server-rendering.spec.ts', 'tests/e2e/checkout.spec.ts', 'tests/e2e/identity.spec.ts'];
const SMOKE_GREP = 'without JavaScript|after hydration|a guest buys a non-FFL item|a signed-in customer with default addresses buys an FFL item|signing out resets the cart';
steps.push([
  `end-to-end smoke journeys (Chromium, Node ${LTS_MAJOR})`,
  lts,
  ['node_modules/@playwright/test/cli.js', 'test', ...SMOKE_JOURNEYS, '--grep', SMOKE_GREP],
]);

const only = process.argv.slice(2);
const selected = (name) => !only.length || only.some((o) => name.includes(o));
for (const [name, cmd, args, extra] of steps) {
  if (Array.isArray(cmd)) {
    // `npm test -- build` runs the build alone; `npm test -- 'static checks'` the whole group.
    const named = cmd.filter(([check]) => selected(check));
    const checks = named.length ? named : selected(name) ? cmd : [];
    if (!checks.length) continue;
    const started = Date.now();
    const statuses = await Promise.all(checks.map(runBuffered));
    if (statuses.some((status) => status !== 0)) process.exit(statuses.find((status) => status !== 0));
    console.log(`✓ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    continue;
  }
  if (!selected(name)) continue;
  console.log(`\n=== ${name}`);
  const started = Date.now();
  const result = spawnSync(typeof cmd === 'function' ? cmd() : cmd, args, { stdio: 'inherit', env: env(extra) });
  if (result.status !== 0) {
    console.error(`\n✗ ${name} failed`);
    process.exit(result.status ?? 1);
  }
  console.log(`✓ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
console.log('\nAll checks passed.');
