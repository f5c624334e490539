import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { RenderRequest, RenderResult } from '../../src/app/server-entry';
import { browserSettings, type Config } from './config';

/**
 * Server rendering of the storefront's pages (issue 16, docs/decisions/025). The renderer is the
 * server bundle Vite builds from src/app/server-entry.tsx (`npm run build` writes it to
 * dist/.ssr/), loaded once at start; the dev server loads the same module through Vite.
 */
export interface PageRenderer {
  render(request: RenderRequest): Promise<RenderResult>;
}

/** The built renderer beside the browser build, or undefined when there is none. */
export async function loadBuiltRenderer(staticDir: string): Promise<PageRenderer | undefined> {
  const file = path.join(staticDir, '.ssr', 'server-entry.js');
  if (!existsSync(file)) return undefined;
  return (await import(pathToFileURL(file).href)) as PageRenderer;
}

/**
 * fetch for the renderer's API client: the request goes through Fastify's inject, so a page's
 * loaders reach the API in-process (same routes, validation and database) and never the network.
 */
export function injectFetch(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const payload = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const answer = await app.inject({
      method: request.method as HTTPMethods,
      url: `${url.pathname}${url.search}`,
      headers: Object.fromEntries(request.headers),
      payload,
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [value]) headers.append(name, String(one));
    }
    const empty = answer.statusCode === 204 || answer.statusCode === 304 || answer.rawPayload.length === 0;
    return new Response(empty ? null : new Uint8Array(answer.rawPayload), { status: answer.statusCode, headers });
  };
}

/** The runtime settings as the page gets them (decision 001), safe inside a JSON script element. */
export function runtimeSettingsElement(config: Config): string {
  const settings = JSON.stringify(browserSettings(config)).replace(/</g, '\\u003c');
  return `<script id="runtime-settings" type="application/json">${settings}</script>`;
}

/**
 * Answers a page request with the server-rendered HTML: the route's status (404 for an unknown
 * path, product or collection; 5xx when a loader failed), `no-cache` with an ETag over the body,
 * 304 when the browser's copy is current, and HEAD like GET without a body.
 */
export async function sendPage(
  app: FastifyInstance,
  renderer: PageRenderer,
  template: string,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const config = app.config;
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === 'string') headers.set(name, value);
  }
  const result = await renderer.render({
    url: new URL(request.url, `${config.PUBLIC_URL}/`).href,
    method: request.method,
    headers,
    fetch: injectFetch(app),
    settings: browserSettings(config),
    apiOrigin: config.PUBLIC_URL,
    template,
  });
  if (result.kind === 'redirect') return reply.redirect(result.location, result.status);

  // The HTML is small and complete before its first byte is sent (server-entry.tsx): buffered,
  // it gets a validator, and a browser that has it is told so without a body.
  const chunks: Buffer[] = [];
  for await (const chunk of result.body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  const html = Buffer.concat(chunks);
  const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
  reply
    .code(result.status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('etag', etag)
    .header('vary', 'Accept-Encoding');
  if (result.status === 200 && request.headers['if-none-match'] === etag) return reply.code(304).send();
  if (request.method === 'HEAD') return reply.header('content-length', html.length).send();
  return reply.send(html);
}
