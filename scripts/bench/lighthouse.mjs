// Lighthouse (mobile profile, simulated throttling: its defaults) on Debian's Chromium through
// chrome-launcher; each page 3 times, medians reported. Checkout billing needs a cart: a guest
// cart is made through the API and its guestToken put in localStorage before the page loads.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from '@playwright/test';

export const RUNS = 3;
const MAX_RETRIES = 2;
export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const GUEST_TOKEN_KEY = 'guestToken'; // machines/cart/cart.types.ts

export const PAGES = [
  { name: 'home', path: '/' },
  { name: 'collection', path: '/product/collection-filterable-grid/all-rifles' },
  { name: 'product', path: '/product/product-long/rk-15-carbine' },
  { name: 'checkout billing', path: '/checkout', needsCart: true },
];

const median = (values) => {
  const sorted = values.filter((v) => typeof v === 'number').sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : null;
};

async function guestCartToken(baseUrl) {
  const { guestToken } = await (await fetch(`${baseUrl}/api/Auth/guest`, { method: 'POST' })).json();
  const res = await fetch(`${baseUrl}/api/Cart/guest/${guestToken}/items`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify([{ productId: 'CASE42-BLK', quantity: 1 }]),
  });
  if (!res.ok) throw new Error(`guest cart for the checkout run: ${res.status} ${await res.text()}`);
  return guestToken;
}

/**
 * Puts the guest token into the origin's localStorage from a page that loads none of the app
 * (the favicon), then empties the HTTP cache, so the measured load is still a cold one.
 */
async function seedStorage(port, baseUrl, token) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    const page = await context.newPage();
    await page.goto(`${baseUrl}/favicon.svg`);
    await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [GUEST_TOKEN_KEY, token]);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await page.close();
  } finally {
    // Disconnects Playwright; Chromium itself belongs to chrome-launcher.
    await browser.close().catch(() => {});
  }
}

function figures(lhr) {
  const audit = (id) => lhr.audits[id]?.numericValue ?? null;
  const scripts = lhr.audits['resource-summary']?.details?.items?.find((item) => item.resourceType === 'script');
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const scriptFiles = requests
    .filter((item) => item.resourceType === 'Script')
    .map((item) => ({ url: new URL(item.url).pathname, transferBytes: item.transferSize, bytes: item.resourceSize }))
    .sort((a, b) => b.transferBytes - a.transferBytes);
  return {
    score: lhr.categories.performance.score === null ? null : Math.round(lhr.categories.performance.score * 100),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    fcpMs: audit('first-contentful-paint'),
    scriptTransferBytes: scripts?.transferSize ?? null,
    /** Every script the load fetched (lazy chunks fetched right after the first render too). */
    scriptFiles,
    warnings: lhr.runWarnings ?? [],
    error: lhr.runtimeError?.message ?? null,
  };
}

export async function runLighthouse({ baseUrl, log = console.log }) {
  const results = [];
  for (const page of PAGES) {
    const runs = [];
    let failures = 0;
    for (let i = 0; i < RUNS; i++) {
      const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
      try {
        const flags = { port: chrome.port, logLevel: 'error', output: 'json', onlyCategories: ['performance'] };
        if (page.needsCart) {
          await seedStorage(chrome.port, baseUrl, await guestCartToken(baseUrl));
          flags.disableStorageReset = true; // keep the guest token; the cache was emptied above
        }
        const result = await lighthouse(`${baseUrl}${page.path}`, flags);
        const run = figures(result.lhr);
        if (page.needsCart && result.lhr.finalDisplayedUrl && !new URL(result.lhr.finalDisplayedUrl).pathname.startsWith('/checkout')) {
          run.error = `ended on ${result.lhr.finalDisplayedUrl}, not the checkout`;
        }
        log(`  ${page.name} run ${i + 1}: score ${run.score}, LCP ${Math.round(run.lcpMs)} ms, TBT ${Math.round(run.tbtMs)} ms, CLS ${run.cls?.toFixed(3)}${run.error ? ` (${run.error})` : ''}`);
        // Lighthouse sometimes loses the trace on a busy machine: such a run is repeated (twice
        // at most per page) rather than counted.
        if (run.error && failures < MAX_RETRIES) {
          failures += 1;
          i -= 1;
        } else {
          runs.push(run);
        }
      } finally {
        await chrome.kill();
      }
    }
    results.push({
      name: page.name,
      path: page.path,
      runs,
      median: {
        score: median(runs.map((r) => r.score)),
        lcpMs: median(runs.map((r) => r.lcpMs)),
        tbtMs: median(runs.map((r) => r.tbtMs)),
        cls: median(runs.map((r) => r.cls)),
        fcpMs: median(runs.map((r) => r.fcpMs)),
        scriptTransferBytes: median(runs.map((r) => r.scriptTransferBytes)),
      },
    });
  }
  return results;
}
