import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';
import { loadConfig } from './config';
import { buildApp } from './app';
import { renderPage, runtimeSettingsElement, type PageRenderer } from './ssr';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * `npm run dev`: Vite with Fast Refresh on PORT, the API on PORT + 1, proxied, so the browser sees
 * one origin exactly as with `npm start`. Pages are rendered on the server as in production
 * (docs/decisions/025): Vite loads src/app/server-entry.tsx itself, so a change to a view shows on
 * the next request without a build.
 */
async function main() {
  const config = loadConfig(process.env);
  const apiPort = config.PORT + 1;
  const { app } = await buildApp(config);
  await app.listen({ port: apiPort, host: '127.0.0.1' });
  const apiTarget = `http://127.0.0.1:${apiPort}`;

  const vite = await createServer({
    // Vite serves modules and assets; the page itself is rendered below.
    appType: 'custom',
    server: {
      port: config.PORT,
      host: config.HOST,
      strictPort: true,
      proxy: Object.fromEntries(
        [config.API_BASE_URL, '/oidc', '/auth/interaction', '/media', '/dev', '/sitemap.xml', '/robots.txt', '/payments-sandbox'].map((prefix) => [
          prefix,
          // X-Forwarded-For names the browser, so the dev mailbox tells a visitor from another
          // machine from this one (decision 028): the API only ever sees Vite's loopback address.
          { target: apiTarget, xfwd: true },
        ]),
      ),
    },
  });
  vite.middlewares.use(async (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.headers.accept?.includes('text/html')) return next();
    try {
      const url = req.originalUrl ?? req.url ?? '/';
      const html = await readFile(path.join(root, 'index.html'), 'utf8');
      const template = (await vite.transformIndexHtml(url, html)).replace('<!--runtime-settings-->', runtimeSettingsElement(config));
      const renderer = (await vite.ssrLoadModule('/src/app/server-entry.tsx')) as PageRenderer;
      const answer = await renderPage(app, { renderer, template }, { url, method: req.method, headers: req.headers });
      res.writeHead(answer.status, answer.headers);
      res.end(answer.body);
    } catch (error) {
      vite.ssrFixStacktrace(error as Error);
      next(error);
    }
  });
  await vite.listen();
  vite.printUrls();
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
