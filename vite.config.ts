import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * React Router 7's package exports point every condition at its development build
 * (remix-run/react-router#12532); the production build next to it differs only in
 * ENABLE_DEV_WARNINGS = false, which lets the minifier drop the warnings. Builds use it.
 */
function reactRouterProduction() {
  const dir = path.join(path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist', 'production');
  return [
    { find: /^react-router$/, replacement: path.join(dir, 'index.mjs') },
    { find: /^react-router\/dom$/, replacement: path.join(dir, 'dom-export.mjs') },
  ];
}

export default defineConfig(({ command }) => ({
  plugins: [react()],
  resolve: command === 'build' ? { alias: reactRouterProduction() } : {},
  build: {
    outDir: 'dist',
    // Sourcemaps and the manifest let scripts/bundle-report.mjs see which modules each chunk
    // holds (the bundle budget of `npm test` and the bench; docs/decisions/020).
    sourcemap: true,
    manifest: true,
  },
}));
