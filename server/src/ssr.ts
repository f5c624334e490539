import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { RenderRequest, RenderResult } from '../../src/app/server-entry';
import { browserSettings, type Config } from './config';
import { contentVersion } from './db/seed';

/**
 * Server rendering of the storefront's pages (issue 16, docs/decisions/025). The renderer is the
 * server bundle Vite builds from src/app/server-entry.tsx (`npm run build` writes it to
 * dist/.ssr/), loaded once at start; the dev server loads the same module through Vite.
 */
export interface PageRenderer {
  render(request: RenderRequest): Promise<RenderResult>;
}

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/**
 * Links for the screens a page renders (src/app/server-entry.tsx reports their source modules):
 * their stylesheets, so the server's HTML paints styled before any script, and module preloads of
 * their scripts, which hydration needs. Read from the browser build's manifest; what the entry
 * already brings (index.html links it) is left out.
 */
export function screenAssetLinks(staticDir: string): ((screens: readonly string[]) => string) | undefined {
  const file = path.join(staticDir, '.vite', 'manifest.json');
  if (!existsSync(file)) return undefined;
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const closure = (keys: readonly string[]) => {
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key) || !manifest[key]) return;
      seen.add(key);
      manifest[key].imports?.forEach(visit);
    };
    keys.forEach(visit);
    return seen;
  };
  const fromEntry = closure(entryKey ? [entryKey] : []);
  const entryCss = new Set([...fromEntry].flatMap((key) => manifest[key].css ?? []));
  const cache = new Map<string, string>();
  return (screens) => {
    const id = [...screens].sort().join('\n');
    const known = cache.get(id);
    if (known !== undefined) return known;
    const chunks = [...closure(screens.filter((screen) => manifest[screen]))].filter((key) => !fromEntry.has(key));
    const css = [...new Set(chunks.flatMap((key) => manifest[key].css ?? []))].filter((href) => !entryCss.has(href));
    const links = [
      ...css.map((href) => `<link rel="stylesheet" crossorigin href="/${href}">`),
      ...chunks.map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key].file}">`),
    ].join('\n    ');
    const html = links ? `    ${links}\n` : '';
    cache.set(id, html);
    return html;
  };
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
  const settings = JSON.stringify({ ...browserSettings(config), contentVersion: contentVersion() }).replace(/</g, '\\u003c');
  return `<script id="runtime-settings" type="application/json">${settings}</script>`;
}

export interface PageRequest {
  /** Path and query, as requested. */
  url: string;
  method: string;
  headers: Record<string, string | string[] | undefined>;
}

export interface PageAnswer {
  status: number;
  headers: Record<string, string | number>;
  /** Absent for a redirect, a 304 and HEAD. */
  body?: Buffer;
}

/**
 * A page request answered with the server-rendered HTML: the route's status (404 for an unknown
 * path, product or collection; 5xx when a loader failed), `no-cache` with an ETag over the body,
 * 304 when the browser's copy is current, and HEAD like GET without a body. Used by the shop
 * (`sendPage`) and by the dev server (server/src/dev.ts).
 */
export async function renderPage(
  app: FastifyInstance,
  renderer: PageRenderer,
  template: string,
  request: PageRequest,
  screenAssets?: (screens: readonly string[]) => string,
): Promise<PageAnswer> {
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
    screenAssets,
  });
  if (result.kind === 'redirect') return { status: result.status, headers: { location: result.location } };

  // The HTML is small and complete before its first byte is sent (server-entry.tsx): buffered,
  // it gets a validator, and a browser that has it is told so without a body.
  const chunks: Buffer[] = [];
  for await (const chunk of result.body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  const html = Buffer.concat(chunks);
  // Weak: the same page is sent in several encodings (RFC 9110 section 8.8.1).
  const etag = `W/"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
  const pageHeaders: Record<string, string | number> = {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-cache',
    etag,
    vary: 'Accept-Encoding',
  };
  if (result.status === 200 && request.headers['if-none-match'] === etag) return { status: 304, headers: pageHeaders };
  // Compressed here: assets are precompressed at build time, a page is made per request.
  const body = encode(html, request.headers['accept-encoding'], pageHeaders);
  if (request.method === 'HEAD') return { status: result.status, headers: { ...pageHeaders, 'content-length': body.length } };
  return { status: result.status, headers: pageHeaders, body };
}

/** Brotli (fast setting) or gzip when the browser accepts it; the body as it is otherwise. */
function encode(html: Buffer, accepted: string | string[] | undefined, headers: Record<string, string | number>): Buffer {
  const encodings = String(accepted ?? '');
  if (/\bbr\b/.test(encodings)) {
    headers['content-encoding'] = 'br';
    return brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: html.length } });
  }
  if (/\bgzip\b/.test(encodings)) {
    headers['content-encoding'] = 'gzip';
    return gzipSync(html, { level: 6 });
  }
  return html;
}

/** The shop's answer to a page request (server/src/app.ts). */
export async function sendPage(
  app: FastifyInstance,
  page: { renderer: PageRenderer; template: string; screenAssets?: (screens: readonly string[]) => string },
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const answer = await renderPage(app, page.renderer, page.template, request, page.screenAssets);
  return reply.code(answer.status).headers(answer.headers).send(answer.body);
}
