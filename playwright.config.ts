import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests drive Debian's Chromium (never a downloaded browser) against the built shop,
 * started by tests/e2e/global-setup.ts on a free port with a fresh in-memory database.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  // A step that waits for a redirect chain (sign-in callback, token exchange, profile) can take
  // more than the default 5 s on a loaded 2-core machine without being slow to a shopper.
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    trace: 'retain-on-failure',
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
