import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/** Unit tests in .ts that need jsdom (a document, storage, the browser's fetch and crypto). */
const DOM_TESTS = [
  'tests/unit/app-destination.test.ts',
  'tests/unit/app-session-expiry.test.ts',
  'tests/unit/document-head.test.ts',
  'tests/unit/hydration.test.ts',
  'tests/unit/oidc-session-client.test.ts',
  'tests/unit/payments/tokenizer.test.ts',
  'tests/unit/promotion/promotion.test.ts',
  'tests/unit/runtime-settings.test.ts',
];

/*
 * The unit, machine and API projects share a worker's modules between test files (`isolate: false`):
 * each file imported React, zod, xstate and the screens again, and the step took 119 s on 2 cores,
 * 59 s without (issue 20 item 5). What a file changes globally it puts back (vi.unstubAllGlobals,
 * vi.useRealTimers, cleanup); the API tests close the servers they start (decision 065).
 */
export default defineConfig({
  // React 19, as in the browser and on the server (docs/decisions/025).
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          // Views (*.tsx) and the few .ts tests that need a document or the browser's storage.
          include: ['tests/unit/**/*.test.tsx', ...DOM_TESTS],
          environment: 'jsdom',
          setupFiles: ['tests/unit/setup.ts'],
          // A screen's first import is transformed on the spot: on a shared 2-core machine a cold
          // import can take seconds.
          testTimeout: 20_000,
          isolate: false,
        },
      },
      {
        extends: true,
        // Rules, mappers, lint and docs need no document: no jsdom to build per file (issue 20 item 5).
        test: { name: 'unit-node', include: ['tests/unit/**/*.test.ts'], exclude: DOM_TESTS, environment: 'node', testTimeout: 20_000, isolate: false },
      },
      {
        extends: true,
        test: { name: 'machines', include: ['tests/machines/**/*.test.ts'], environment: 'node', isolate: false },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          // One seeded database the test servers start from, PGlite or PostgreSQL (tests/support/database-template.ts).
          globalSetup: ['tests/support/database-template.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file imported the server again (Fastify, oidc-provider, drizzle, the contract):
          // 38 s of the PGlite run and 66 s of the PostgreSQL one (decision 065). Every file
          // closes the servers it starts and restores what it mocks.
          isolate: false,
        },
      },
    ],
  },
});
