import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests drive Debian's Chromium (never a downloaded browser) against the built shop.
 * Each worker starts its own shop on a free port with a fresh in-memory database
 * (tests/e2e/shop-server.ts, the `shop` fixture of tests/e2e/fixtures.ts), so the workers run
 * side by side without sharing data. A test spends most of its time waiting on a page (a redirect
 * chain, a map drawn on the CPU, a debounce), so a worker uses about half a core: E2E_WORKERS
 * (default 3) of them fill the 2-core machine CI runs on (docs/decisions/065).
 */
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  globalSetup: './tests/e2e/shop-server.ts',
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 3),
  retries: 0,
  // Time limits catch a test that hangs; they measure nothing. Three workers share two cores, so a
  // test takes up to three times as long as it does alone: the whole browse journey, 9 s alone,
  // ran out of 30 s on a loaded machine (decision 065).
  timeout: 60_000,
  // A step that waits for a redirect chain (sign-in callback, token exchange, profile) can take
  // more than the default 5 s on a loaded 2-core machine without being slow to a shopper.
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    // No trace by default: recording one (a DOM snapshot per action, a screencast) cost a quarter of
    // the suite's CPU, for files CI does not keep. `npx playwright test --trace on` records them.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-gpu',
        // WebGL on the CPU, so the dealer map (mapbox-gl) renders a real canvas headless.
        '--use-angle=swiftshader',
        '--enable-unsafe-swiftshader',
      ],
    },
  },
});
