#!/usr/bin/env node
// `npm test`: every check the project has, stopping at the first failure: typecheck, lint,
// contract lint, unit + machine path tests, production build, API integration tests on PGlite and
// (when TEST_DATABASE_URL is set) on PostgreSQL with Node 24, bundle budget, the server-rendering
// e2e tests in Chromium on the machine's Node, every other e2e test in Chromium on Node 24. They run
// side by side as the machine has room, each after what it needs (docs/decisions/065, 066, 067, 069).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
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
 * Runs one task with its output kept, printed whole when it ends (so the logs of tasks running
 * side by side do not interleave). Resolves with its exit status; `stop()` ends it and its children.
 */
function runBuffered({ name, cmd, args, extra }) {
  const started = Date.now();
  console.log(`▶ ${name}`);
  const child = spawn(typeof cmd === 'function' ? cmd() : cmd, args, { env: env(extra), stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const output = [];
  child.stdout.on('data', (chunk) => output.push(chunk));
  child.stderr.on('data', (chunk) => output.push(chunk));
  const done = new Promise((resolve) => {
    child.on('close', (status, signal) => {
      const text = Buffer.concat(output).toString().trim();
      console.log(`\n=== ${name}${text ? `\n${text}` : ''}`);
      console.log(status === 0 ? `✓ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)` : `\n✗ ${name} failed${signal ? ` (${signal})` : ''}`);
      resolve(status ?? 1);
    });
  });
  const stop = () => {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  };
  return { done, stop };
}

/**
 * Node 24, the LTS operators run (issue 21 item 4, decision 052), beside the machine's Node 20: the
 * whole API suite once on each (PGlite on the machine's Node, PostgreSQL on Node 24); in a browser,
 * the server-rendering e2e tests, every kind of page with and without JavaScript, on the machine's
 * Node, and every other e2e test on Node 24, whose pages are server-rendered too (decisions 067,
 * 069). Playwright and vitest start their workers and the shop's server with the Node that runs
 * them.
 */
const lts = () => {
  const binary = ensureNodeLts();
  console.log(`(running on ${spawnSync(binary, ['--version']).stdout.toString().trim()}: ${binary})`);
  return binary;
};
/*
 * The tasks, and what each needs done first. A task runs as soon as what it needs is done and
 * the machine has room for it: `load` is about how many cores it keeps busy (a vitest run, with
 * the API servers inside its one worker, about one; the e2e run's three workers and Chromium,
 * two; a lint of two files, none). Tasks start in this order while their loads fit in the
 * machine's cores plus one (a one-core task waits on its own I/O now and then); one task always
 * runs. So the machine does not idle behind a step boundary: the two API runs, the longest, start
 * at once beside the typecheck; lint, the build, the unit tests and the server-rendering e2e
 * tests follow as room frees, and the e2e run, which fills the machine by itself, runs alone at
 * the end (docs/decisions/066, 067). Each task has its own servers, databases and ports.
 */
const MACHINE_NODE = `Node ${process.versions.node.split('.')[0]}`;
const tasks = [
  // The two API runs first: each is one vitest worker, the longest tasks before the e2e run
  // (about two minutes each alone), and they need nothing built.
  { name: 'API tests (PGlite)', cmd: 'npx', args: ['vitest', 'run', '--project', 'api'], extra: { TEST_DATABASE_URL: '' } },
  ...(process.env.TEST_DATABASE_URL
    ? [{ name: `API tests (PostgreSQL, Node ${LTS_MAJOR})`, cmd: lts, args: ['node_modules/vitest/vitest.mjs', 'run', '--project', 'api'] }]
    : []),
  // `npm run typecheck`: TypeScript 7, the compiler's native build, 10 s where 5.9 took 64 (docs/decisions/067).
  { name: 'typecheck', cmd: 'npm', args: ['run', '--silent', 'typecheck'] },
  { name: 'lint', cmd: 'npx', args: ['eslint', '.', '--max-warnings=0'] },
  { name: 'contract lint', cmd: 'npx', args: ['redocly', 'lint', 'openapi/shop.yaml', 'openapi/geocoding.yaml'], load: 0 },
  // The browser build and the server-rendering bundle (docs/decisions/025).
  { name: 'build', cmd: 'npm', args: ['run', '--silent', 'build'] },
  { name: 'unit and machine tests', cmd: 'npx', args: ['vitest', 'run', '--project', 'unit', '--project', 'unit-node', '--project', 'machines'] },
  // Size budgets of the build just made (docs/decisions/020): sizes only, no timing.
  { name: 'bundle budget', cmd: 'node', args: ['scripts/bundle-report.mjs', 'dist', '--check'], after: ['build'], load: 0 },
  {
    name: `end-to-end server rendering (Chromium, ${MACHINE_NODE})`,
    cmd: 'npx',
    // One worker: seven tests need one shop and one browser, not three. With them, the page
    // addresses against the built renderer (no browser; decision 074).
    args: ['playwright', 'test', 'tests/e2e/server-rendering.spec.ts', 'tests/e2e/page-addresses.spec.ts', '--workers=1'],
    after: ['build'],
  },
  // The e2e run has the machine to itself: its three workers keep both cores busy, and beside
  // other tasks its pages take longer and cost more (a waiting page still draws frames and polls).
  // Started beside the PGlite API run, it took 414 s instead of 288 (docs/decisions/066). The
  // server-rendering tests, just run on the machine's Node, are left out: every other test loads
  // server-rendered pages of each kind here and fails on a hydration mismatch (decision 069).
  {
    name: `end-to-end tests (Chromium, Node ${LTS_MAJOR})`,
    cmd: lts,
    args: ['node_modules/@playwright/test/cli.js', 'test', '--grep-invert', String.raw`(server-rendering|page-addresses)\.spec\.ts`],
    after: ['build'],
    load: 2,
    alone: true,
  },
];

// `npm test -- end-to-end` runs the tasks whose name contains `end-to-end`; what they need and
// is not chosen is taken as done (the e2e tests then serve the build already in dist/).
const only = process.argv.slice(2);
const chosen = tasks.filter((task) => !only.length || only.some((o) => task.name.includes(o)));
if (!chosen.length) {
  console.error(`No task is named like ${only.map((o) => `"${o}"`).join(', ')}. The tasks:\n${tasks.map((task) => `  ${task.name}`).join('\n')}`);
  process.exit(2);
}
const room = availableParallelism() + 1;
const waiting = [...chosen];
const running = new Map();
const finished = new Set(tasks.filter((task) => !chosen.includes(task)).map((task) => task.name));
const started = Date.now();
// Each task leads its own process group (so a failure can stop the others whole): an interrupt
// of `npm test` is passed on to them.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const run of running.values()) run.stop();
    process.exit(130);
  });
}

await new Promise((resolve) => {
  const next = () => {
    if (!waiting.length && !running.size) return resolve();
    let used = [...running.keys()].reduce((sum, task) => sum + (task.load ?? 1), 0);
    let blocked = [...running.keys()].some((task) => task.alone);
    for (const task of [...waiting]) {
      if (!(task.after ?? []).every((name) => finished.has(name))) continue;
      const load = task.load ?? 1;
      // A task waiting for room keeps the ones after it waiting too (a light task never takes
      // its turn), unless they need no room.
      if (load > 0 && (blocked || (running.size && (task.alone || used + load > room)))) {
        blocked = true;
        continue;
      }
      used += load;
      waiting.splice(waiting.indexOf(task), 1);
      const run = runBuffered(task);
      running.set(task, run);
      run.done.then((status) => {
        running.delete(task);
        if (status !== 0) {
          for (const other of running.values()) other.stop();
          process.exit(status);
        }
        finished.add(task.name);
        next();
      });
    }
  };
  next();
});
console.log(`\nAll checks passed (${((Date.now() - started) / 1000).toFixed(1)} s).`);
