import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import { reactRouterAliases } from './scripts/package-files';
import react from '@vitejs/plugin-react';

/**
 * Writes a .br and a .gz beside every compressible build asset, once, at build time; the server
 * sends them to browsers that accept them (@fastify/static `preCompressed`). Without this every
 * script went out uncompressed (bench report, decision 020).
 */
function precompressAssets(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress-assets',
    apply: (config, { command }) => command === 'build' && !config.build?.ssr,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const dir = path.join(outDir, 'assets');
      const files = (await readdir(dir)).filter((name) => /\.(js|css|svg|json)$/.test(name));
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(dir, name);
          const body = await readFile(file);
          if (body.length < 1024) return;
          const [br, gz] = await Promise.all([
            promisify(brotliCompress)(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }),
            promisify(gzip)(body, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

/**
 * The server renderer must link the stylesheets (and preload the scripts) of the screens it
 * renders, or the page would paint unstyled until the screen's chunk arrives. In the server
 * bundle, each lazy screen import of a route file tells the renderer which source module it
 * loads (`globalThis.__ssrScreen`, set per request by src/app/server-entry.tsx); the server maps
 * it to the browser build's files through Vite's manifest (server/src/ssr.ts).
 */
function reportScreensToRenderer(): Plugin {
  const routeFile = /\/src\/(app\/(router|route-services)|features\/[^/]+\/[^/]+-routes)\.tsx?$/;
  return {
    name: 'report-screens-to-renderer',
    async transform(code, id, options) {
      const forServer = options?.ssr === true || this.environment?.config.consumer === 'server';
      if (!forServer || !routeFile.test(id.split('?')[0])) return null;
      const imports = [...code.matchAll(/\bimport\((['"])(\.{1,2}\/[^'"]+)\1\)/g)];
      if (imports.length === 0) return null;
      let out = code;
      for (const match of imports.reverse()) {
        const resolved = await this.resolve(match[2], id);
        if (!resolved) continue;
        const source = path.relative(process.cwd(), resolved.id.split('?')[0]).split(path.sep).join('/');
        const call = `(globalThis.__ssrScreen?.(${JSON.stringify(source)}), ${match[0]})`;
        out = out.slice(0, match.index) + call + out.slice(match.index + match[0].length);
      }
      return { code: out, map: null };
    },
  };
}

/** The server bundle (src/app/server-entry.tsx), beside the browser build, never served (decision 025). */
const SSR_OUT_DIR = 'dist/.ssr';

export default defineConfig(({ command, isSsrBuild }) => ({
  // React 19 renders the storefront, in the browser and on the server (docs/decisions/025);
  // the dev server refreshes components in place (Fast Refresh).
  plugins: [react(), precompressAssets(), reportScreensToRenderer()],
  // The server bundle imports React Router from node_modules like react-router-dom does: an alias
  // there would give it a second copy of the router's contexts.
  resolve: { alias: command === 'build' && !isSsrBuild ? reactRouterAliases('production') : [] },
  build: isSsrBuild ? { outDir: SSR_OUT_DIR, emptyOutDir: true, copyPublicDir: false, sourcemap: true } : {
    outDir: 'dist',
    // Sourcemaps and the manifest let scripts/bundle-report.mjs see which modules each chunk
    // holds (the bundle budget of `npm test` and the bench; docs/decisions/020).
    // 'hidden': the maps are written but not referenced from the served scripts, and the server
    // never serves *.map (server/src/app.ts installSpa, decision 028); keep them for an error
    // reporter's upload if you have one.
    sourcemap: 'hidden',
    manifest: true,
    rolldownOptions: {
      onwarn(warning, warn) {
        // "use client" marks server-component boundaries; a client-only build has none.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && warning.message.includes('"use client"')) return;
        warn(warning);
      },
    },
  },
}));
