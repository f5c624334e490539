import { createServer, type Plugin } from 'vite';
import { browserSettings, loadConfig } from './config';
import { buildApp } from './app';

/**
 * `npm run dev`: Vite with hot reload on PORT, the API on PORT + 1, proxied, so the browser sees
 * one origin exactly as with `npm start`.
 */
async function main() {
  const config = loadConfig(process.env);
  const apiPort = config.PORT + 1;
  const { app } = await buildApp(config);
  await app.listen({ port: apiPort, host: '127.0.0.1' });
  const apiTarget = `http://127.0.0.1:${apiPort}`;

  const runtimeSettings: Plugin = {
    name: 'runtime-settings',
    transformIndexHtml(html) {
      const settings = JSON.stringify(browserSettings(config)).replace(/</g, '\\u003c');
      return html.replace(
        '<!--runtime-settings-->',
        `<script id="runtime-settings" type="application/json">${settings}</script>`,
      );
    },
  };
  const vite = await createServer({
    plugins: [runtimeSettings],
    server: {
      port: config.PORT,
      host: config.HOST,
      strictPort: true,
      proxy: Object.fromEntries(
        [config.API_BASE_URL, '/oidc', '/auth/interaction', '/media', '/dev'].map((prefix) => [prefix, { target: apiTarget }]),
      ),
    },
  });
  await vite.listen();
  vite.printUrls();
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
