import { defineConfig } from 'vitest/config';
import { packageFile, reactRouterAliases } from './scripts/package-files';
import { preactAliases, reactAriaOnPreact, reactAriaPatches } from './scripts/preact-renderer';

// ES module builds of the libraries whose entry for Node is CommonJS, so their react and react-dom
// imports meet the aliases (a CommonJS require would load React itself).
const esmEntries = [
  { find: /^@testing-library\/react$/, replacement: packageFile('@testing-library/react', 'dist/@testing-library/react.esm.js') },
  { find: /^react-router-dom$/, replacement: packageFile('react-router-dom', 'dist/index.mjs') },
  ...reactRouterAliases('development'),
  { find: /^@xstate\/react$/, replacement: packageFile('@xstate/react', 'dist/xstate-react.development.esm.js') },
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
          setupFiles: ['tests/unit/setup.ts'],
          // A first import of a screen's libraries is transformed on the spot (see setup.ts).
          testTimeout: 20_000,
          // Every library goes through Vite here, so the aliases reach the imports of Testing
          // Library, React Router, React Aria and the rest: they render with Preact, as in the
          // browser. (A narrower list left some on Node's loader, which imported React itself.)
          server: { deps: { inline: true } },
          // use-sync-external-store and use-isomorphic-layout-effect are CommonJS only: bundled
          // for the tests with the aliases applied. React Aria too, with its Preact patches, as the
          // dev server does: transforming its hundreds of modules on first import took the FAQ
          // screen (its Disclosure) up to 10 s to appear on a loaded machine.
          deps: { optimizer: { client: { enabled: true, include: ['use-sync-external-store/shim', 'use-sync-external-store/shim/with-selector', 'use-isomorphic-layout-effect', 'react-aria-components'], rolldownOptions: { plugins: [reactAriaPatches()] } } } },
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
