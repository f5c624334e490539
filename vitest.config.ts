import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { preactAliases, reactAriaOnPreact } from './scripts/preact-renderer';

// ES module builds of the libraries whose entry for Node is CommonJS, so their react and react-dom
// imports meet the aliases (a CommonJS require would load React itself).
const moduleFile = (name: string, file: string) =>
  path.join(path.dirname(createRequire(import.meta.url).resolve(`${name}/package.json`)), file);
const esmEntries = [
  { find: /^@testing-library\/react$/, replacement: moduleFile('@testing-library/react', 'dist/@testing-library/react.esm.js') },
  { find: /^react-router-dom$/, replacement: moduleFile('react-router-dom', 'dist/index.mjs') },
  { find: /^react-router$/, replacement: moduleFile('react-router', 'dist/development/index.mjs') },
  { find: /^react-router\/dom$/, replacement: moduleFile('react-router', 'dist/development/dom-export.mjs') },
  { find: /^@xstate\/react$/, replacement: moduleFile('@xstate/react', 'dist/xstate-react.development.esm.js') },
];

export default defineConfig({
  // The same renderer as the build: React's API, rendered by Preact (docs/decisions/024).
  plugins: [reactAriaOnPreact()],
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  resolve: { alias: [...esmEntries, ...preactAliases()] },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // Libraries that import react or react-dom go through the aliases too, so Testing
          // Library, React Router and React Aria render with Preact here as in the browser.
          server: { deps: { inline: true } },
          // use-sync-external-store is CommonJS only: bundled for the tests with the aliases applied.
          deps: { optimizer: { client: { enabled: true, include: ['use-sync-external-store/shim', 'use-sync-external-store/shim/with-selector'] } } },
        },
      },
      {
        extends: true,
        test: { name: 'machines', include: ['tests/machines/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
