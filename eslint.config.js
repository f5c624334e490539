import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';

/*
 * The house's rooms (issue 20 item 1, docs/decisions/058-feature-boundaries.md), after
 * bulletproof-react: src/app composes features; a feature imports src/components, src/services,
 * src/domain, src/api, src/config and machines/, never another feature or src/app; those shared
 * layers import neither; the server reaches the browser's code only for the rules both run
 * (src/domain), the generated schemas (src/api), the paths (src/config) and the page renderer.
 */
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const FEATURE_RULE = 'A feature imports only src/components, src/services, src/domain, src/api, src/config and machines/: what two features share moves down to one of those; src/app composes features (decision 058).';
const SERVER_RULE = 'The server imports only src/domain, src/api, src/config and the page renderer (decision 058).';
export const boundaryZones = [
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: ['./src/app', ...features.filter((other) => other !== feature).map((other) => `./src/features/${other}`)],
    message: FEATURE_RULE,
  })),
  {
    target: ['./src/components', './src/services', './src/domain', './src/api', './src/config'],
    from: ['./src/app', './src/features'],
    message: 'Shared code does not import src/app or a feature (decision 058).',
  },
  {
    target: ['./src/domain', './src/api', './src/config'],
    from: ['./src/components', './src/services'],
    message: 'Rules, the API layer and the config stay free of React and the app services (decision 058).',
  },
  {
    target: ['./server'],
    from: ['./src/features', './src/components', './src/services'],
    message: SERVER_RULE,
  },
  { target: ['./server'], from: './src/app', except: ['./server-entry.tsx'], message: SERVER_RULE },
];

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', '.cache', 'src/api/schema.ts', 'src/api/geocoding-schema.ts', 'server/src/db/migrations', 'test-results', 'playwright-report', 'bench/tmp'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'machines/**/*.ts', 'server/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json', '.css'] })],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Only src/api/client.ts creates an HTTP client (DESIGN.md section 1).
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/api/client.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [
          { name: 'openapi-fetch', message: 'Use the client from src/api/client.ts.' },
          // @xstate/react imports xstate's actor runtime; a static useSelector import in the shell put
          // it on every first load (decision 064). Stores: @xstate/store-react's useSelector.
          { name: '@xstate/react', importNames: ['useSelector'], message: 'Read an actor with useActorSelector or useConnect (src/services/actor-selector.ts, src/components/use-connect.ts).' },
        ],
      }],
    },
  },
  {
    // A screen's loader data is typed from the loader that feeds it (issue 20 item 4):
    // `useLoaderData<typeof loader>()` (a factory's `ReturnType<typeof createXLoader>`, a route
    // builder's `ReturnType<typeof createXRoute>['loader']`), imported with `import type`; never a
    // cast or the data's own type, which let screen and loader drift apart. React Router infers
    // what the screen gets: awaited, `data()` unwrapped, redirects left out, in the serialized
    // form a server-rendered page's data arrives in (JSON, src/services/hydration.tsx). Its own generic
    // rather than a typed wrapper hook, which would cost bytes in the first-load chunk.
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': ['error',
        {
          selector: 'CallExpression[callee.name=/^use(Route)?LoaderData$/]:not(:has(TSTypeQuery))',
          message: 'Type loader data from its loader: useLoaderData<typeof loader>().',
        },
        {
          selector: 'TSAsExpression > CallExpression.expression[callee.name=/^use(Route)?LoaderData$/]',
          message: 'No cast of loader data: type it from its loader, useLoaderData<typeof loader>().',
        },
        // A view reads a machine through useConnect (src/components/use-connect.ts) or a small
        // selector (issue 20 item 2): a whole snapshot re-renders on every change, and a
        // comparator written by hand goes stale when connect gains a field.
        {
          selector: "CallExpression[callee.name=/^use(Actor)?Selector$/] > ArrowFunctionExpression[body.type='Identifier']",
          message: 'Select what the view reads, not the whole snapshot: useConnect(actor, connect) or a small selector.',
        },
        {
          selector: "CallExpression[callee.name=/^use(Actor)?Selector$/][arguments.length>2]:not([arguments.2.name='structurallyEqual'])",
          message: 'No hand-written comparator: useConnect(actor, connect) compares connect results structurally.',
        },
      ],
    },
  },
  {
    // Machines are plain TypeScript: the Stately visualizer and the path tests must see the same
    // machine the app runs, so nothing UI- or app-specific may leak in (DESIGN.md section 1).
    // Exceptions (docs/decisions/003-machine-imports.md): the pure rules in src/domain/, and the
    // API client types/instances in *.actors.ts files, which wrap calls in fromPromise.
    files: ['machines/**/*.ts'],
    ignores: ['machines/**/*.actors.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: 'openapi-fetch', message: 'Use the client from src/api/client.ts.' }],
        patterns: [
          { group: ['react', 'react-dom', 'react-dom/*', 'react-router', 'react-router-dom', '@xstate/react'], message: 'machines/ must not import React.' },
          { regex: '(^|/)src/(?!domain/)', message: 'machines/ must not import from src/ (only src/domain).' },
        ],
      }],
    },
  },
  {
    files: ['machines/**/*.actors.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: 'openapi-fetch', message: 'Use the client from src/api/client.ts.' }],
        patterns: [
          { group: ['react', 'react-dom', 'react-dom/*', 'react-router', 'react-router-dom', '@xstate/react'], message: 'machines/ must not import React.' },
          { regex: '(^|/)src/(?!domain/|api/)', message: 'actors may import only src/api and src/domain.' },
        ],
      }],
    },
  },
);
