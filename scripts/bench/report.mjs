// bench/report.md from the bench's figures, each beside its target; a missed target says by how much.
import { formatReport, kb } from '../bundle-report.mjs';

export const TARGETS = {
  lighthouse: { score: 95, lcpMs: 1800, tbtMs: 150, cls: 0.05 },
  /** Issue 16: checkout's score target is 90 (the others' 95). */
  lighthouseScoreByPage: { 'checkout billing': 90 },
  /** Issue 16: p95 of the server-rendered product page at 10 connections, PGlite. */
  ssrProductP95Ms: 100,
  /** Issue 21: catalogue reads (as a browser asks) at least this share of the bare handler's rate. */
  catalogueOfBare: 0.5,
  /** Issue 21: p95 of each write at 50 connections, by database (none where the issue sets none). */
  writeP95Ms: {
    add: { postgres: 50, pglite: 120 },
    compute: { postgres: 60 },
    checkout: { postgres: 250 },
  },
  /** Issue 21: PGlite's p95 of every write within this factor of PostgreSQL's. */
  pgliteOfPostgres: 2.5,
};

/** The write rows of the API section, by the key of TARGETS.writeP95Ms. */
const WRITES = {
  add: (r) => r.name.startsWith('POST /api/Cart/guest/{token}/items'),
  compute: (r) => r.name.startsWith('POST /api/Cart/guest/{token}/compute'),
  checkout: (r) => r.name.startsWith('POST /api/Checkout/simplified'),
};
const isCatalogueRead = (r) => (r.name.startsWith('GET /api/Products') || r.name.startsWith('GET /api/cms/products')) && !r.name.includes('uncompressed');

const ms = (value) => (value === null || value === undefined ? 'n/a' : `${Math.round(value)} ms`);

/** "meets" or "misses by …" for a figure that must be at most / at least its target. */
function verdict(value, target, { atMost = true, unit = (v) => String(v) } = {}) {
  if (value === null || value === undefined) return 'no figure';
  const ok = atMost ? value <= target : value >= target;
  if (ok) return 'meets';
  return `misses by ${unit(Math.abs(value - target))}`;
}

export function formatMarkdown(report) {
  const lines = [];
  const m = report.machine;
  lines.push('# Benchmark report');
  lines.push('');
  lines.push('Written by `npm run bench` (scripts/bench/run.mjs; docs/decisions/020). Figures, not tests: nothing here is asserted by `npm test`.');
  lines.push('');
  lines.push(`- Date: ${report.date}`);
  lines.push(`- Machine: ${m.cores} cores (${m.cpu}), ${m.memoryGiB} GiB memory, ${m.platform}`);
  lines.push(`- Node: ${m.node}`);
  lines.push(`- Load average (1, 5, 15 min) at start: ${m.loadAverage.join(', ')}; at end: ${(m.loadAverageAtEnd ?? []).join(', ')}`);
  // Only the load before the run tells whether other work was running: by the end, the bench's
  // own servers and load generator have raised it.
  const busy = m.loadAverage[0] > m.cores * 0.5;
  if (busy) {
    lines.push(
      `- **The machine was not quiet**: other work was running when the bench started (1-minute load average above ${m.cores * 0.5}), so the timings (Lighthouse and API) are pessimistic; the bundle sizes are not affected.`,
    );
  }
  lines.push(`- Sections: ${report.sections.join(', ')}; took ${report.durationSeconds} s`);
  lines.push('');

  if (report.bundle) {
    lines.push('## Bundle (production build)');
    lines.push('');
    lines.push(
      "First-load = the entry chunk, the route's screen chunk and everything they import statically (what the browser must fetch before the route renders); sizes from `scripts/bundle-report.mjs`.",
    );
    lines.push('');
    lines.push(...formatReport(report.bundle));
    lines.push('');
  }

  if (report.lighthouse) {
    const t = TARGETS.lighthouse;
    lines.push('## Lighthouse (mobile, simulated throttling, median of 3 runs)');
    lines.push('');
    lines.push(`Targets: score >= ${t.score} (checkout >= ${TARGETS.lighthouseScoreByPage['checkout billing']}), LCP <= ${t.lcpMs / 1000} s, TBT <= ${t.tbtMs} ms, CLS <= ${t.cls}. Chromium: /usr/bin/chromium, headless.`);
    lines.push('');
    lines.push('| page | score | LCP | TBT | CLS | FCP | JS transferred |');
    lines.push('|---|---:|---:|---:|---:|---:|---:|');
    const misses = [];
    for (const page of report.lighthouse) {
      const x = page.median;
      lines.push(
        `| ${page.name} (\`${page.path}\`) | ${x.score ?? 'n/a'} | ${ms(x.lcpMs)} | ${ms(x.tbtMs)} | ${x.cls === null ? 'n/a' : x.cls.toFixed(3)} | ${ms(x.fcpMs)} | ${x.scriptTransferBytes === null ? 'n/a' : kb(x.scriptTransferBytes)} |`,
      );
      const checks = [
        ['score', verdict(x.score, TARGETS.lighthouseScoreByPage[page.name] ?? t.score, { atMost: false, unit: (v) => `${v} points` })],
        ['LCP', verdict(x.lcpMs, t.lcpMs, { unit: ms })],
        ['TBT', verdict(x.tbtMs, t.tbtMs, { unit: ms })],
        ['CLS', verdict(x.cls, t.cls, { unit: (v) => v.toFixed(3) })],
      ];
      for (const [name, result] of checks) if (result !== 'meets') misses.push(`${page.name}: ${name} ${result}`);
      const errors = page.runs.map((run) => run.error).filter(Boolean);
      if (errors.length) misses.push(`${page.name}: run errors: ${errors.join('; ')}`);
    }
    lines.push('');
    lines.push('Scripts fetched during the load (first run; includes lazy chunks requested right after the first render):');
    lines.push('');
    for (const page of report.lighthouse) {
      const files = page.runs.find((run) => run.scriptFiles?.length)?.scriptFiles ?? [];
      if (files.length === 0) continue;
      const transfer = files.reduce((sum, f) => sum + f.transferBytes, 0);
      const size = files.reduce((sum, f) => sum + f.bytes, 0);
      const compressed = size > 0 && transfer < size * 0.8;
      lines.push(
        `- ${page.name}: ${files.length} files, ${kb(transfer)} transferred for ${kb(size)} of script (${compressed ? 'compressed' : 'sent without compression'}); largest: ${files
          .slice(0, 4)
          .map((f) => `\`${f.url.replace(/^\/assets\//, '')}\` ${kb(f.transferBytes)}`)
          .join(', ')}`,
      );
    }
    lines.push('');
    lines.push(misses.length ? 'Missed targets:' : 'Every Lighthouse target is met.');
    if (misses.length) {
      lines.push('');
      for (const miss of misses) lines.push(`- ${miss}`);
    }
    lines.push('');
    lines.push('Single runs (score / LCP / TBT / CLS):');
    lines.push('');
    for (const page of report.lighthouse) {
      lines.push(
        `- ${page.name}: ${page.runs.map((r) => `${r.score} / ${ms(r.lcpMs)} / ${ms(r.tbtMs)} / ${r.cls === null ? 'n/a' : r.cls.toFixed(3)}`).join('; ')}`,
      );
    }
    lines.push('');
  }

  if (report.ssr) {
    lines.push('## Server rendering (autocannon, production server, PGlite, 127.0.0.1)');
    lines.push('');
    lines.push('The product page as HTML rendered by React on the server, beside the JSON read of the same product, each for 5 s at 10 connections after 2 s of the same load to warm up, asked for compressed as a browser asks. The first row is the shop as it runs: its loaders run on every request and React renders a page once per distinct URL and loader data (decision 060). The last row is a second server with that cache off, where React renders every request.');
    lines.push('');
    lines.push('| request | req/s | p50 | p95 | p99 | requests | non-2xx |');
    lines.push('|---|---:|---:|---:|---:|---:|---:|');
    for (const r of report.ssr) {
      lines.push(`| ${r.name} (\`${r.path}\`) | ${r.rps} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${r.requests} | ${r.non2xx} |`);
    }
    const page = report.ssr[0];
    const rendered = report.ssr.find((r) => r.name.includes('rendered every request'));
    lines.push('');
    lines.push(`- product page p95 <= ${TARGETS.ssrProductP95Ms} ms: ${ms(page.p95)}, ${verdict(page.p95, TARGETS.ssrProductP95Ms, { unit: ms })}`);
    if (rendered) {
      lines.push(`- the same with React rendering every request: ${ms(rendered.p95)}, ${verdict(rendered.p95, TARGETS.ssrProductP95Ms, { unit: ms })}`);
    }
    lines.push('');
  }

  if (report.api) {
    lines.push('## API load (autocannon, production server, 127.0.0.1)');
    lines.push('');
    lines.push(
      'Each endpoint for 5 s (checkout: until its prepared carts are used) at 50 connections, beside a bare Fastify handler measured in the same run. Latencies are over every response. Catalogue reads are asked for as a browser asks (accepting brotli and gzip), and again uncompressed.',
    );
    for (const [db, results] of Object.entries(report.api)) {
      lines.push('');
      lines.push(`### ${db === 'pglite' ? 'PGlite (embedded, files in a temp dir)' : 'PostgreSQL'}`);
      lines.push('');
      lines.push('| endpoint | req/s | of bare | p50 | p95 | p99 | requests | non-2xx |');
      lines.push('|---|---:|---:|---:|---:|---:|---:|---:|');
      for (const r of results) {
        lines.push(
          `| ${r.name} | ${r.rps} | ${(r.ofBare * 100).toFixed(1)}% | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${r.requests} | ${r.non2xx}${r.errors ? ` (+${r.errors} errors)` : ''} |`,
        );
      }
      const notes = results.filter((r) => r.note).map((r) => `${r.name}: ${r.note}`);
      if (notes.length) {
        lines.push('');
        for (const note of notes) lines.push(`- ${note}`);
      }
      lines.push('');
      lines.push(`Targets (${db === 'pglite' ? 'PGlite' : 'PostgreSQL'}, issue 21):`);
      lines.push('');
      for (const r of results.filter(isCatalogueRead)) {
        lines.push(
          `- ${r.name} >= ${TARGETS.catalogueOfBare * 100}% of the bare handler's rate: ${(r.ofBare * 100).toFixed(1)}%, ${verdict(r.ofBare, TARGETS.catalogueOfBare, { atMost: false, unit: (v) => `${(v * 100).toFixed(1)} points` })}`,
        );
      }
      for (const [write, byDb] of Object.entries(TARGETS.writeP95Ms)) {
        const r = results.find(WRITES[write]);
        if (!r || byDb[db] === undefined) continue;
        lines.push(`- ${r.name} p95 <= ${byDb[db]} ms at ${r.connections} connections: ${ms(r.p95)}, ${verdict(r.p95, byDb[db], { unit: ms })}`);
      }
      const failed = results.filter((r) => r.non2xx > 0 || r.errors > 0);
      for (const r of failed) lines.push(`- ${r.name}: ${r.non2xx} non-2xx answers (${JSON.stringify(r.statuses)}), ${r.errors} errors`);
    }
    if (report.api.pglite && report.api.postgres) {
      lines.push('');
      lines.push(`PGlite within ${TARGETS.pgliteOfPostgres}x of PostgreSQL on every write (p95):`);
      lines.push('');
      for (const match of Object.values(WRITES)) {
        const lite = report.api.pglite.find(match);
        const pg = report.api.postgres.find(match);
        if (!lite || !pg || !lite.p95 || !pg.p95) continue;
        const factor = lite.p95 / pg.p95;
        lines.push(
          `- ${lite.name}: ${ms(lite.p95)} against ${ms(pg.p95)}, ${factor.toFixed(2)}x, ${verdict(factor, TARGETS.pgliteOfPostgres, { unit: (v) => `${v.toFixed(2)}x` })}`,
        );
      }
    }
    if (report.writeMix) {
      lines.push('');
      lines.push('### Write mix on one PostgreSQL: one process, then two');
      lines.push('');
      lines.push(
        `Cart adds and computes in turn for a pool of guests, ${report.writeMix[0].connections} connections in all, spread evenly over the processes (each a production server on the same database), ${report.writeMix[0].seconds} s. The rate is the processes' combined rate.`,
      );
      lines.push('');
      lines.push('| run | processes | req/s (combined) | p50 | p95 | p99 | requests | non-2xx |');
      lines.push('|---|---:|---:|---:|---:|---:|---:|---:|');
      for (const r of report.writeMix) {
        lines.push(`| ${r.name} | ${r.processes} | ${r.rps} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${r.requests} | ${r.non2xx} |`);
      }
      const [one, two] = report.writeMix;
      if (one && two && one.rps) {
        lines.push('');
        const gain = two.rps / one.rps;
        const why =
          gain < 1.2
            ? ` On ${report.machine.cores} cores the server processes, PostgreSQL and the load generator share the same CPUs, so a second process has no core of its own here.`
            : '';
        lines.push(`- Two processes: ${gain.toFixed(2)}x one process's rate, with no failed write.${why}`.replace(', with no failed write', two.non2xx || two.errors ? `, with ${two.non2xx} non-2xx and ${two.errors} errors` : ', with no failed write'));
      }
    }
    if (!report.api.postgres) {
      lines.push('');
      lines.push('PostgreSQL: not measured in this run (set BENCH_DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL server).');
    }
    lines.push('');
  }
  return `${lines.join('\n')}\n`;
}
