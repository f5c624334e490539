import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { RenderRequest, RenderResult } from '../../src/app/server-entry';
import { browserSettings, type Config } from './config';
import { chooseEncoding, encode } from './compression';
import { etagMatches, weakEtag } from './contract/prepared-json';
import { contentVersion } from './db/seed';
import { problem } from './problem';

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

/**
 * Completes a rendered page's stylesheets from the classes it uses. A screen's own stylesheets
 * come from its route (`screenAssetLinks`); parts a screen loads with React.lazy and the server
 * renders too (home's sections below the carousel, the product page's sections below the buy box)
 * have stylesheets of their own, which the HTML needs before it paints, or those parts paint
 * unstyled and move when their script arrives (Lighthouse measured a layout shift of 0.47 on
 * home). CSS modules' class names are hashed per file (`_grid_1f5xi_14`), so each one names the
 * built stylesheet that defines it: every such stylesheet the page does not link yet is added
 * before `</head>`. Read once from the build; undefined without a manifest.
 */
export function stylesheetCompletion(staticDir: string): ((html: string) => string) | undefined {
  const file = path.join(staticDir, '.vite', 'manifest.json');
  if (!existsSync(file)) return undefined;
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
  const sheets = [...new Set(Object.values(manifest).flatMap((chunk) => chunk.css ?? []))];
  const sheetsOfClass = new Map<string, string[]>();
  for (const href of sheets) {
    const css = readFileSync(path.join(staticDir, href), 'utf8');
    for (const [, name] of css.matchAll(/\.(_[\w-]+_[\w-]{5}_\d+)/g)) {
      const known = sheetsOfClass.get(name) ?? [];
      if (!known.includes(href)) sheetsOfClass.set(name, [...known, href]);
    }
  }
  return (html) => {
    const headEnd = html.indexOf('</head>');
    if (headEnd < 0) return html;
    const linked = new Set([...html.slice(0, headEnd).matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+)"/g)].map((match) => match[1]));
    const wanted = new Set<string>();
    for (const [, classes] of html.matchAll(/\sclass="([^"]*)"/g)) {
      for (const name of classes.split(/\s+/)) {
        const defined = sheetsOfClass.get(name);
        if (defined && !defined.some((href) => linked.has(href))) wanted.add(defined[0]);
      }
    }
    if (wanted.size === 0) return html;
    const links = [...wanted].map((href) => `<link rel="stylesheet" crossorigin href="/${href}">`).join('\n    ');
    return `${html.slice(0, headEnd)}  ${links}\n  ${html.slice(headEnd)}`;
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

/** What renders the shop's pages: the renderer, the filled template, and what goes with them. */
export interface PageSource {
  renderer: PageRenderer;
  template: string;
  /** Links of the screens' built files (production only; server/src/ssr.ts screenAssetLinks). */
  screenAssets?: (screens: readonly string[]) => string;
  /** Adds the stylesheets of lazily loaded parts the page renders (production only). */
  completeStylesheets?: (html: string) => string;
  /** HTML kept per page key (production only: in development the renderer changes under it). */
  cache?: PageCache;
}

/** A page's HTML as made once: its validator and each encoding, compressed when first asked for. */
interface MadePage {
  status: number;
  html: Buffer;
  etag: string;
  encoded: Map<string, Buffer>;
}

/**
 * Pages already rendered, by their key (the URL and every loader's data, src/app/server-entry.tsx):
 * React renders a page once per distinct content, and a product page asked for again with
 * unchanged data is sent from here (decision 060). A changed price, stock level or document
 * changes the loader data and so the key. Entries live at most `maxAgeMs`, which bounds what
 * could depend on the clock, and the cache holds at most `maxBytes` of HTML, oldest use first out.
 */
export class PageCache {
  private readonly pages = new Map<string, { page: MadePage; at: number }>();
  private bytes = 0;

  constructor(
    private readonly maxBytes = 32 * 1024 * 1024,
    private readonly maxAgeMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): MadePage | undefined {
    const kept = this.pages.get(key);
    if (!kept) return undefined;
    this.pages.delete(key);
    if (this.now() - kept.at > this.maxAgeMs) {
      this.bytes -= size(kept.page);
      return undefined;
    }
    this.pages.set(key, kept); // most recently used last
    return kept.page;
  }

  set(key: string, page: MadePage): void {
    const known = this.pages.get(key);
    if (known) {
      this.pages.delete(key);
      this.bytes -= size(known.page);
    }
    this.pages.set(key, { page, at: this.now() });
    this.bytes += size(page);
    for (const [oldest, old] of this.pages) {
      if (this.bytes <= this.maxBytes) break;
      this.pages.delete(oldest);
      this.bytes -= size(old.page);
    }
  }

  /** Counts an encoding added to a page, when the page is the one kept for its key. */
  grew(key: string, page: MadePage, by: number): void {
    if (this.pages.get(key)?.page === page) this.bytes += by;
  }

  get size(): number {
    return this.pages.size;
  }
}

function size(page: MadePage): number {
  let bytes = page.html.length;
  for (const body of page.encoded.values()) bytes += body.length;
  return bytes;
}

/**
 * The path and query of a page request when the shop could have a page there, else undefined
 * (issue 39 item 2, decision 074). A page address starts with one `/` and has no empty segment,
 * no backslash, no control character or space, and percent-encoding that decodes: so joined to
 * PUBLIC_URL's origin it can only name a path on that origin. What is refused would otherwise
 * name another host, or credentials the fetch Request refuses (a 500): `//evil.example/…`,
 * `/\evil.example/…`, `//user:pass@evil.example/…`, `/.//evil.example` once its dot segment is
 * removed, an absolute-form `http://evil.example/…`. Nor does the shop ever write such an address.
 */
export function pageTarget(url: string): string | undefined {
  const queryAt = url.indexOf('?');
  const path = queryAt < 0 ? url : url.slice(0, queryAt);
  if (!path.startsWith('/') || /\/\/|\\/.test(path) || /[^\u0021-\u007e\u0080-\uffff]/.test(url)) return undefined;
  try {
    decodeURIComponent(path);
  } catch {
    return undefined;
  }
  return url;
}

/** Whether a redirect's Location is a path on this shop (never `//host` or `/\host`). */
function isLocalPath(location: string): boolean {
  return location.startsWith('/') && !/^\/[/\\]/.test(location) && !/[^\u0020-\u007e\u0080-\uffff]/.test(location);
}

const NOT_A_PAGE_MESSAGE = 'There is no page at this address.';

/**
 * The answer to an address the shop has no page at and never renders (`pageTarget`): 404, a short
 * page for a browser, the Problem body otherwise. It names no part of the address asked for.
 */
export function notAPageAnswer(request: Pick<PageRequest, 'headers' | 'method'>): PageAnswer {
  const accept = request.headers.accept;
  const html = typeof accept === 'string' && accept.includes('text/html');
  const body = Buffer.from(
    html
      ? `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Page not found | Ridgeline Arms</title></head>` +
          `<body><h1>Page not found</h1><p>${NOT_A_PAGE_MESSAGE}</p><p><a href="/">Go to the home page</a></p></body></html>\n`
      : JSON.stringify(problem(404, NOT_A_PAGE_MESSAGE)),
  );
  const headers = { 'content-type': html ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8', 'cache-control': 'no-cache' };
  return request.method === 'HEAD' ? { status: 404, headers: { ...headers, 'content-length': body.length } } : { status: 404, headers, body };
}

/**
 * A page request answered with the server-rendered HTML: the route's status (404 for an unknown
 * path, product or collection; 5xx when a loader failed), `no-cache` with an ETag over the body,
 * 304 when the browser's copy is current, and HEAD like GET without a body. Used by the shop
 * (`sendPage`) and by the dev server (server/src/dev.ts).
 *
 * The page's address is PUBLIC_URL's origin and the request's path: never the Host or
 * X-Forwarded-Host header, and never a path that could name another host (`pageTarget`). The
 * renderer answers a known page asked for under another spelling (letter case, a trailing slash,
 * dot segments, percent-encoding) with a 301 to its one address, and renders a page with only the
 * query parameters it reads, so the kept HTML is keyed on that (src/app/server-entry.tsx).
 */
export async function renderPage(app: FastifyInstance, source: PageSource, request: PageRequest): Promise<PageAnswer> {
  const config = app.config;
  const target = pageTarget(request.url);
  if (target === undefined) return notAPageAnswer(request);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    // The renderer has no use for the host the request names (PUBLIC_URL is the page's origin).
    if (typeof value === 'string' && name !== 'host' && !name.startsWith('x-forwarded-') && name !== 'forwarded') headers.set(name, value);
  }
  const result = await source.renderer.render({
    origin: new URL(config.PUBLIC_URL).origin,
    target,
    method: request.method,
    headers,
    fetch: injectFetch(app),
    settings: browserSettings(config),
    apiOrigin: config.PUBLIC_URL,
    template: source.template,
    screenAssets: source.screenAssets,
  });
  if (result.kind === 'redirect') {
    return isLocalPath(result.location) ? { status: result.status, headers: { location: result.location } } : notAPageAnswer(request);
  }

  const key = source.cache ? createHash('sha256').update(result.key).digest('base64url') : '';
  let page = source.cache?.get(key);
  if (!page) {
    // The HTML is small and complete before its first byte is sent (server-entry.tsx): buffered,
    // it gets a validator, and a browser that has it is told so without a body.
    const made = await result.html();
    const chunks: Buffer[] = [];
    for await (const chunk of made.body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
    const rendered = Buffer.concat(chunks);
    const html = source.completeStylesheets ? Buffer.from(source.completeStylesheets(rendered.toString('utf8'))) : rendered;
    const etag = weakEtag(html);
    page = { status: made.status, html, etag, encoded: new Map() };
    // Only a page that is there is kept: a failed render is made again next time, and a 404 (an
    // unknown address, product or collection, each echoed on its page) would let anyone fill the
    // cache with addresses of their own making and push the shop's pages out.
    if (made.status === 200) source.cache?.set(key, page);
  }
  const pageHeaders: Record<string, string | number> = {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-cache',
    etag: page.etag,
    vary: 'Accept-Encoding',
  };
  const ifNoneMatch = request.headers['if-none-match'];
  if (page.status === 200 && etagMatches(typeof ifNoneMatch === 'string' ? ifNoneMatch : undefined, page.etag)) {
    return { status: 304, headers: pageHeaders };
  }
  // Compressed here, once per kept page: assets are precompressed at build time.
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  let body = page.html;
  if (encoding) {
    pageHeaders['content-encoding'] = encoding;
    const known = page.encoded.get(encoding);
    body = known ?? encode(page.html, encoding);
    if (!known) {
      page.encoded.set(encoding, body);
      source.cache?.grew(key, page, body.length);
    }
  }
  if (request.method === 'HEAD') return { status: page.status, headers: { ...pageHeaders, 'content-length': body.length } };
  return { status: page.status, headers: pageHeaders, body };
}

/** The shop's answer to a page request (server/src/app.ts). */
export async function sendPage(app: FastifyInstance, source: PageSource, request: FastifyRequest, reply: FastifyReply) {
  const answer = await renderPage(app, source, request);
  return reply.code(answer.status).headers(answer.headers).send(answer.body);
}
