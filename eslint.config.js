import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
    // Only src/api/client.ts creates an HTTP client (DESIGN.md section 1).
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/api/client.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: 'openapi-fetch', message: 'Use the client from src/api/client.ts.' }],
      }],
    },
  },
  {
    // A screen's loader data is typed from the loader that feeds it (issue 20 item 4):
    // `useLoaderData<typeof loader>()` (a factory's `ReturnType<typeof createXLoader>`, a route
    // builder's `ReturnType<typeof createXRoute>['loader']`), imported with `import type`; never a
    // cast or the data's own type, which let screen and loader drift apart. React Router infers
    // what the screen gets: awaited, `data()` unwrapped, redirects left out, in the serialized
    // form a server-rendered page's data arrives in (JSON, src/app/hydration.tsx). Its own generic
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
          selector: "CallExpression[callee.name='useSelector'] > ArrowFunctionExpression[body.type='Identifier']",
          message: 'Select what the view reads, not the whole snapshot: useConnect(actor, connect) or a small selector.',
        },
        {
          selector: "CallExpression[callee.name='useSelector'][arguments.length>2]:not([arguments.2.name='structurallyEqual'])",
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
