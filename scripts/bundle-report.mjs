#!/usr/bin/env node
// Bundle figures and budgets from a production build (issue 10, docs/decisions/020).
//
//   node scripts/bundle-report.mjs [dist-dir] [--check] [--json] [--packages[=route]]
//
// Reads Vite's manifest (`build.manifest` in vite.config.ts) and the chunks' sourcemaps. For
// each route below, the first-load JavaScript is the entry chunk, the route's screen chunk
// (its `lazy` Component, fetched before the route renders) and every chunk they import
// statically, transitively; the first-load CSS is the CSS those chunks carry. Sizes are gzip
// (level 9, what a server with compression sends) and raw bytes.
//
// The forbidden-code check looks at module ids: every source a first-load chunk's sourcemap
// names (so a library inlined into any chunk is found, whatever the file is called), plus the
// manifest's module ids of those chunks. `--check` exits 1 when a budget fails and says by how
// much. `--packages` attributes the bytes of the home route's (or `--packages=product`'s) first-load JavaScript to packages
// and source folders (from the sourcemaps' mappings), for finding what to trim.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** The routes measured: the screen module(s) the router fetches before rendering each. */
export const ROUTES = [
  { name: 'home', url: '/', screens: ['src/features/home/home-screen.tsx'] },
  {
    name: 'collection',
    url: '/product/collection-filterable-grid/all-rifles',
    screens: ['src/features/catalogue/collection-filterable-screen.tsx'],
  },
  { name: 'product', url: '/product/product-long/rk-15-carbine', screens: ['src/features/product/product-screen.tsx'] },
  { name: 'checkout', url: '/checkout', screens: ['src/features/checkout/checkout-screen.tsx'] },
];

/** Lazy chunks reported by name: the chunk whose modules include the pattern. */
export const NAMED_LAZY = [
  { name: 'map (mapbox-gl)', pattern: /node_modules\/mapbox-gl\// },
  { name: 'builder (Babylon)', pattern: /node_modules\/@babylonjs\// },
];

/**
 * Code that must never be in a first-load chunk (DESIGN.md section 6, issue 10). The captcha rule
 * is about the widgets and the solver (altcha, altcha-lib, react-google-recaptcha): the small
 * checkbox component (src/components/captcha.tsx) may sit in a form on a first load, since it
 * imports them only when ticked or rendered with a reCAPTCHA key.
 */
export const FORBIDDEN = [
  { what: 'mapbox-gl', pattern: /node_modules\/mapbox-gl\// },
  { what: 'Babylon', pattern: /node_modules\/@babylonjs\// },
  { what: 'captcha (altcha)', pattern: /node_modules\/altcha(-lib)?\// },
  { what: 'captcha (react-google-recaptcha)', pattern: /node_modules\/(react-google-recaptcha|react-async-script)\// },
  // The card provider's script is served by the server and injected on the payment step only
  // (src/features/checkout/tokenizer.ts); its source must never be bundled.
  { what: 'payment script', pattern: /server\/src\/payments\/|accept(core)?\.js$/i },
  { what: 'Stately inspector', pattern: /node_modules\/@statelyai\/inspect\// },
];

/** Chunks of bundler-made code only, named by the bundler (Rolldown's runtime, Vite's preload helper). */
const BUNDLER_HELPERS = new Set(['rolldown-runtime', 'preload-helper']);

export const BUDGETS = {
  /**
   * First-load JavaScript per route, gzip bytes: issue 16's targets with React 19 rendering the
   * storefront (decision 025). Where a route misses its target, a no-growth `ceiling` just above
   * today's size is what `npm test` enforces; the target is still reported with its miss, until
   * the levers of decision 025 (the app's actors after hydration, React Aria off the product
   * page's first load) meet it and the ceiling goes. The product page met it (149.8 kB, decision
   * 042: the sections below the buy box and React Aria load after the first paint), so its
   * target is enforced. Collections keep to the product page's figure too (decision 051: the
   * phone filter drawer had put React Aria back into the filterable grid's first load). The
   * actors after hydration (decision 057) took 8.4 kB off every route, and @xstate/react loading
   * with them (decision 064) another 9.3 kB: home meets its target (124.3 kB), and the ceiling
   * that held it until then is gone. A route that misses a target may carry a `ceiling` again.
   */
  firstLoadJsGzip: {
    home: { target: 125 * 1024 },
    collection: { target: 150 * 1024 },
    product: { target: 150 * 1024 },
  },
};

/** kB here is 1024 bytes (the unit the issue's "about 158 kB" was measured in); JSON has bytes. */
const KB = 1024;
export const kb = (bytes) => `${(bytes / KB).toFixed(1)} kB`;

function readManifest(dir) {
  const file = path.join(dir, '.vite', 'manifest.json');
  if (!existsSync(file)) {
    throw new Error(`${file} is missing: build with build.manifest enabled (vite.config.ts) first.`);
  }
  return JSON.parse(readFileSync(file, 'utf8'));
}

function sizes(dir, file, cache) {
  if (!cache.has(file)) {
    const bytes = readFileSync(path.join(dir, file));
    cache.set(file, { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length });
  }
  return cache.get(file);
}

/** Source ids a chunk's sourcemap names, relative to the project root. */
function chunkModules(dir, file, cache) {
  if (cache.has(file)) return cache.get(file);
  const mapFile = path.join(dir, `${file}.map`);
  let modules = null;
  if (existsSync(mapFile)) {
    const map = JSON.parse(readFileSync(mapFile, 'utf8'));
    const base = path.dirname(path.join(dir, file));
    modules = map.sources.map((source) => normalizeSource(path.resolve(base, map.sourceRoot ?? '', source)));
  }
  cache.set(file, modules);
  return modules;
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
function normalizeSource(absolute) {
  const rel = path.relative(ROOT, absolute).split(path.sep).join('/');
  // Sources outside the project (a build in /tmp) still keep their node_modules/... tail.
  const nm = rel.lastIndexOf('node_modules/');
  return nm > 0 ? rel.slice(nm) : rel;
}

/** The manifest keys reachable by static imports from the given keys (including them). */
function staticClosure(manifest, keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The manifest has no "${key}": was it renamed? Update ROUTES in scripts/bundle-report.mjs.`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return [...seen];
}

/** Every figure of the report for the build in `dir`. */
export function bundleReport(dir = 'dist') {
  const manifest = readManifest(dir);
  const sizeCache = new Map();
  const moduleCache = new Map();
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error('The manifest has no entry chunk.');

  const measure = (keys) => {
    const jsFiles = [...new Set(keys.map((key) => manifest[key].file).filter((file) => file.endsWith('.js')))];
    const cssFiles = [...new Set(keys.flatMap((key) => manifest[key].css ?? []))];
    const sum = (files) =>
      files.reduce(
        (total, file) => {
          const size = sizes(dir, file, sizeCache);
          return { raw: total.raw + size.raw, gzip: total.gzip + size.gzip };
        },
        { raw: 0, gzip: 0 },
      );
    return { js: { ...sum(jsFiles), files: jsFiles }, css: { ...sum(cssFiles), files: cssFiles } };
  };

  const firstLoadChunks = new Set();
  const routes = ROUTES.map((route) => {
    const keys = staticClosure(manifest, [entryKey, ...route.screens]);
    keys.forEach((key) => firstLoadChunks.add(key));
    return { ...route, ...measure(keys), chunkKeys: keys };
  });

  const forbidden = [];
  const missingMaps = [];
  for (const route of routes) {
    for (const key of route.chunkKeys) {
      const chunk = manifest[key];
      let modules = chunkModules(dir, chunk.file, moduleCache);
      // The bundler's own runtime helpers and Vite's preload helper (virtual modules: no sourcemap).
      if (modules === null && BUNDLER_HELPERS.has(chunk.name) && !chunk.src) modules = [];
      if (modules === null) missingMaps.push(chunk.file);
      const ids = [...(modules ?? []), chunk.src ?? key];
      for (const rule of FORBIDDEN) {
        const hit = ids.find((id) => rule.pattern.test(id));
        if (hit) forbidden.push({ route: route.name, what: rule.what, file: chunk.file, module: hit });
      }
    }
  }

  // Lazy chunks: every JS chunk not in any measured first load, largest first.
  const lazy = Object.entries(manifest)
    .filter(([key, chunk]) => chunk.file.endsWith('.js') && !firstLoadChunks.has(key))
    .map(([key, chunk]) => ({ key, file: chunk.file, ...sizes(dir, chunk.file, sizeCache) }))
    .sort((a, b) => b.gzip - a.gzip);
  const named = NAMED_LAZY.map(({ name, pattern }) => {
    const match = lazy.find((chunk) => (chunkModules(dir, chunk.file, moduleCache) ?? []).some((id) => pattern.test(id)));
    return { name, chunk: match ?? null };
  });

  return {
    dir,
    entry: manifest[entryKey].file,
    routes: routes.map(({ chunkKeys: _chunkKeys, ...route }) => route),
    lazy: { named, largest: lazy.slice(0, 8) },
    forbidden,
    missingMaps: [...new Set(missingMaps)],
    budgets: checkBudgets(routes, forbidden, missingMaps),
  };
}

function checkBudgets(routes, forbidden, missingMaps) {
  const results = [];
  const within = (size, limit) => (size <= limit ? `${kb(limit - size)} to spare` : `over by ${kb(size - limit)}`);
  for (const [name, { target, ceiling }] of Object.entries(BUDGETS.firstLoadJsGzip)) {
    const size = routes.find((candidate) => candidate.name === name).js.gzip;
    results.push({
      name: `${name} first-load JavaScript <= ${kb(target)} gzip (issue 16 target${ceiling ? ', reported' : ''})`,
      ok: size <= target,
      enforced: !ceiling,
      actual: kb(size),
      detail: within(size, target),
    });
    if (ceiling) {
      results.push({
        name: `${name} first-load JavaScript <= ${kb(ceiling)} gzip (no-growth ceiling until the target is met)`,
        ok: size <= ceiling,
        enforced: true,
        actual: kb(size),
        detail: within(size, ceiling),
      });
    }
  }
  const byRule = new Map();
  for (const hit of forbidden) byRule.set(hit.what, [...(byRule.get(hit.what) ?? []), hit]);
  results.push({
    name: 'no mapbox-gl, Babylon, captcha, payment script or inspector code in a first-load chunk',
    ok: forbidden.length === 0 && missingMaps.length === 0,
    enforced: true,
    actual: forbidden.length === 0 ? 'none found' : `${forbidden.length} finding(s)`,
    detail:
      missingMaps.length > 0
        ? `no sourcemap for ${[...new Set(missingMaps)].join(', ')}: cannot see which modules are inside (keep build.sourcemap on)`
        : [...byRule].map(([what, hits]) => `${what} on ${[...new Set(hits.map((h) => h.route))].join(', ')} (${hits[0].module} in ${hits[0].file})`).join('; '),
  });
  return results;
}

/**
 * Bytes of the given chunks attributed to their sources through the sourcemaps' mappings
 * (each generated segment counts until the next one), grouped by package or source folder.
 * Raw minified bytes; gzip shares are roughly proportional.
 */
export async function attributePackages(dir, files) {
  const { decode } = await import('@jridgewell/sourcemap-codec');
  const totals = new Map();
  for (const file of files) {
    const code = readFileSync(path.join(dir, file), 'utf8');
    const mapFile = path.join(dir, `${file}.map`);
    if (!existsSync(mapFile)) continue;
    const map = JSON.parse(readFileSync(mapFile, 'utf8'));
    const base = path.dirname(path.join(dir, file));
    const groups = map.sources.map((source) => groupOf(normalizeSource(path.resolve(base, map.sourceRoot ?? '', source))));
    const lines = code.split('\n');
    decode(map.mappings).forEach((segments, lineIndex) => {
      const line = lines[lineIndex] ?? '';
      segments.forEach((segment, i) => {
        const end = i + 1 < segments.length ? segments[i + 1][0] : line.length;
        const group = segment.length > 1 ? groups[segment[1]] : '(no source)';
        totals.set(group, (totals.get(group) ?? 0) + Math.max(0, end - segment[0]));
      });
    });
  }
  return [...totals].sort((a, b) => b[1] - a[1]);
}

function groupOf(id) {
  const nm = id.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const parts = id.slice(nm + 'node_modules/'.length).split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  const parts = id.split('/');
  return parts.slice(0, Math.min(parts.length - 1, 3)).join('/') || id;
}

/** The report as Markdown lines (also used by the bench). */
export function formatReport(report) {
  const lines = [];
  lines.push('kB = 1024 bytes, gzip level 9.');
  lines.push('');
  lines.push('| route | URL | first-load JS (gzip) | first-load CSS (gzip) | JS raw | chunks |');
  lines.push('|---|---|---:|---:|---:|---:|');
  for (const route of report.routes) {
    lines.push(
      `| ${route.name} | \`${route.url}\` | ${kb(route.js.gzip)} | ${kb(route.css.gzip)} | ${kb(route.js.raw)} | ${route.js.files.length} |`,
    );
  }
  lines.push('');
  lines.push('Largest lazy chunks (gzip):');
  lines.push('');
  for (const { name, chunk } of report.lazy.named) {
    lines.push(`- ${name}: ${chunk ? `${kb(chunk.gzip)} (\`${chunk.file}\`, ${kb(chunk.raw)} raw)` : 'no such chunk in this build'}`);
  }
  for (const chunk of report.lazy.largest.slice(0, 5)) {
    lines.push(`- \`${chunk.file}\`: ${kb(chunk.gzip)}`);
  }
  lines.push('');
  lines.push('Budgets:');
  lines.push('');
  for (const budget of report.budgets) {
    const verdict = budget.ok ? 'PASS' : budget.enforced ? 'FAIL' : 'MISS';
    lines.push(`- ${verdict} ${budget.name}: ${budget.actual}${budget.detail ? ` (${budget.detail})` : ''}`);
  }
  return lines;
}

async function main() {
  const args = process.argv.slice(2);
  const dir = args.find((arg) => !arg.startsWith('--')) ?? 'dist';
  const report = bundleReport(dir);
  if (args.includes('--json')) {
    console.log(JSON.stringify(report, null, 2));
  } else {
    console.log(`Bundle of ${path.resolve(dir)} (entry ${report.entry})\n`);
    console.log(formatReport(report).join('\n'));
  }
  const packagesArg = args.find((arg) => arg === '--packages' || arg.startsWith('--packages='));
  if (packagesArg) {
    const routeName = packagesArg.split('=')[1] ?? 'home';
    const route = report.routes.find((candidate) => candidate.name === routeName);
    if (!route) throw new Error(`No route named ${routeName} (${report.routes.map((r) => r.name).join(', ')})`);
    const totals = await attributePackages(dir, route.js.files);
    const all = totals.reduce((sum, [, bytes]) => sum + bytes, 0);
    console.log(`\n${routeName} first-load JavaScript by package or folder (minified bytes, ${kb(all)} attributed):`);
    for (const [group, bytes] of totals.slice(0, 40)) {
      console.log(`${kb(bytes).padStart(10)}  ${((bytes / all) * 100).toFixed(1).padStart(5)}%  ${group}`);
    }
  }
  if (args.includes('--check')) {
    for (const missed of report.budgets.filter((budget) => !budget.ok && !budget.enforced)) {
      console.warn(`\nTarget missed (reported, not enforced): ${missed.name}: ${missed.actual} (${missed.detail})`);
    }
    const failed = report.budgets.filter((budget) => !budget.ok && budget.enforced);
    if (failed.length > 0) {
      console.error(`\n${failed.length} bundle budget(s) failed:`);
      for (const budget of failed) console.error(`  - ${budget.name}: ${budget.actual} (${budget.detail})`);
      process.exit(1);
    }
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
