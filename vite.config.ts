import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    // Sourcemaps and the manifest let scripts/bundle-report.mjs see which modules each chunk
    // holds (the bundle budget of `npm test` and the bench; docs/decisions/020).
    sourcemap: true,
    manifest: true,
  },
});
