import { request as httpRequest, Agent } from 'node:http';
import { performance } from 'node:perf_hooks';
import { test as base, expect } from '@playwright/test';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../server/src/config';
import { buildApp } from '../../server/src/app';
import { loadBuiltRenderer, PageCache, renderPage, runtimeSettingsElement, type PageAnswer, type PageRenderer } from '../../server/src/ssr';
import { freePort } from '../support/test-server';
import { TEST_PASSWORD_HASH_COST } from '../support/database-template';
import { distDir } from './shop-server';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/*
 * One host for every link, one page per address (issue 39 items 2 and 3, decision 074), against the
 * built renderer (dist/.ssr) on a real shop and database. No browser: requests go through Fastify's
 * inject where it sends the address as written, over HTTP where inject would tidy it first
 * (a backslash, dot segments, an absolute-form target) or a header must be sent as a client sends it.
 */

const HOSTILE_HOSTS = ['evil.example', 'attacker.test'];

interface Shop {
  app: FastifyInstance;
  origin: string;
  port: number;
}

const test = base.extend<object, { shop: Shop }>({
  shop: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      // React's production build, as `npm start` renders with (tests/e2e/shop-server.ts).
      process.env.NODE_ENV = 'production';
      const port = await freePort();
      const config = loadConfig(
        { NODE_ENV: 'test', LOG_LEVEL: 'warn', PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` },
        { inMemoryDatabase: true, staticDir: distDir(), validateResponses: true, passwordHashCost: TEST_PASSWORD_HASH_COST },
      );
      const { app } = await buildApp(config);
      await app.listen({ port, host: '127.0.0.1' });
      await use({ app, origin: config.PUBLIC_URL, port });
      await app.close();
    },
    { scope: 'worker' },
  ],
});

interface Answer {
  status: number;
  location?: string;
  body: string;
}

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

/** A request as a client writes it: the target byte for byte, any Host header. */
function raw(shop: Shop, target: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: shop.port, path: target, headers: { accept: 'text/html', ...headers }, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

async function injected(shop: Shop, target: string, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await shop.app.inject({ method: 'GET', url: target, headers: { accept: 'text/html', ...headers } });
  const location = res.headers.location;
  return { status: res.statusCode, location: typeof location === 'string' ? location : undefined, body: res.body };
}

/**
 * What light-my-request sends for a target: WHATWG URL parsing tidies `\`, `..` and absolute
 * forms (null: a target it cannot send at all, such as `\\`).
 */
function injectSends(target: string): string | null {
  try {
    const url = new URL(target.startsWith('//') ? `http://localhost${target}` : target, 'http://localhost');
    return url.pathname + url.search;
  } catch {
    return null;
  }
}

/** Characters a client's request line cannot carry raw, percent-encoded as UTF-8 (a lone surrogate as U+FFFD). */
const asClientWrites = (target: string) =>
  target.replace(/[^\u0021-\u007e]/gu, (char) => [...Buffer.from(char, 'utf8')].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join(''));

/** Sends a target as written: inject when it keeps it as it is, else HTTP. */
function ask(shop: Shop, target: string, headers: Record<string, string> = {}): Promise<Answer> {
  return injectSends(target) === target ? injected(shop, target, headers) : raw(shop, asClientWrites(target), headers);
}

const decodeEntities = (text: string) =>
  text.replace(/&(amp|quot|#39|lt|gt|#x2f|#47);/gi, (_, name: string) => ({ amp: '&', quot: '"', '#39': "'", lt: '<', gt: '>', '#x2f': '/', '#47': '/' })[name.toLowerCase()]!);

/**
 * Every address an answer gives a browser or a crawler to follow or fetch: its URL attributes
 * (href, src, srcset, action, content) and JSON-LD addresses, resolved as a browser resolves them.
 * Text a page shows (the 404 page's address, a search box's value) is no address.
 */
function addressesIn(html: string): string[] {
  const attributes = [...html.matchAll(/\s(?:href|src|action|formaction|poster|content)="([^"]*)"/gi)].map((match) => decodeEntities(match[1]));
  const sources = [...html.matchAll(/\ssrcset="([^"]*)"/gi)].flatMap((match) => decodeEntities(match[1]).split(',').map((part) => part.trim().split(/\s+/)[0]));
  return [...attributes, ...sources, ...ownAddresses(html)];
}

/** The host a browser would go to for an address on a page of `origin`, or null when it is no URL. */
function hostOf(address: string, origin: string): string | null {
  try {
    return new URL(address, `${origin}/`).hostname;
  } catch {
    return null;
  }
}

/** The page's own addresses: canonical, og:url, og:image, twitter:image and every JSON-LD address. */
function ownAddresses(html: string): string[] {
  const attr = (pattern: RegExp) => [...html.matchAll(pattern)].map((match) => match[1].replace(/&amp;/g, '&'));
  const head = [
    ...attr(/<link[^>]*rel="canonical"[^>]*href="([^"]*)"/g),
    ...attr(/<meta[^>]*property="og:(?:url|image)"[^>]*content="([^"]*)"/g),
    ...attr(/<meta[^>]*name="twitter:image"[^>]*content="([^"]*)"/g),
  ];
  const jsonLd = [...html.matchAll(/<script[^>]*type="application\/ld\+json"[^>]*>([^<]*)<\/script>/g)].flatMap((match) => {
    const found: string[] = [];
    const visit = (value: unknown, key = '') => {
      if (typeof value === 'string' && ['url', 'item', '@id', 'logo', 'image', 'target'].includes(key)) found.push(value);
      else if (Array.isArray(value)) value.forEach((inner) => visit(inner, key));
      else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) visit(v, k);
    };
    visit(JSON.parse(match[1]));
    return found;
  });
  return [...head, ...jsonLd];
}

/**
 * What is wrong with an answer: a 5xx, a Location or an address on the page that names a hostile
 * host, or one of a page's own addresses (canonical, og:*, twitter:image, JSON-LD) off PUBLIC_URL.
 * Collected, then checked with one expect: Playwright's expect records a step per call, and a
 * page has hundreds of addresses.
 */
function problemsOf(shop: Shop, answer: Answer): string[] {
  const problems: string[] = [];
  if (answer.status >= 500) problems.push(`answered ${answer.status}`);
  if (answer.location !== undefined && new URL(answer.location, `${shop.origin}/`).origin !== shop.origin) problems.push(`moved to ${answer.location}`);
  for (const address of addressesIn(answer.body)) {
    if (HOSTILE_HOSTS.includes(hostOf(address, shop.origin) ?? '')) problems.push(`links ${address}`);
  }
  if (answer.status === 200 && answer.body.startsWith('<!doctype html>')) {
    for (const address of ownAddresses(answer.body)) {
      // Images may come from the content's own absolute addresses; the page's addresses are the shop's.
      const contentImage = /^https?:\/\//.test(address) && !HOSTILE_HOSTS.includes(new URL(address).hostname);
      if (!address.startsWith(`${shop.origin}/`) && !contentImage) problems.push(`names itself at ${address}`);
    }
  }
  return problems;
}

function expectNoOtherHost(shop: Shop, answer: Answer, what: string) {
  expect(problemsOf(shop, answer), what).toEqual([]);
}

const canonicalOf = (html: string) => /<link[^>]*rel="canonical"[^>]*href="([^"]*)"/.exec(html)?.[1];

const PRODUCT = '/product/product-long/rk-15-carbine';
const RIFLES = '/product/collection-filterable-grid/all-rifles';
const PISTOLS = '/product/collection-tabbed-grid/pistols';

test('a path that starts with // or /\\, or names a host or credentials, answers 404 and names no other host', async ({ shop }) => {
  const targets = [
    `//evil.example${PRODUCT}`,
    `///evil.example${PRODUCT}`,
    '//user:pass@evil.example/faq',
    '/\\evil.example/faq',
    '/\\\\evil.example/faq',
    '/\\/evil.example/faq',
    '//\\evil.example/faq',
    '/.//evil.example/faq',
    '/faq//evil.example',
    'http://evil.example/faq',
    'http://user:pass@evil.example/faq',
  ];
  for (const target of targets) {
    // Over HTTP, as written (inject would tidy most of them into something else first).
    const answer = await raw(shop, target);
    expect(answer.status, target).toBe(404);
    expect(answer.location, target).toBeUndefined();
    expectNoOtherHost(shop, answer, target);
    expect(answer.body, target).toContain('There is no page at this address.');
  }
  // Without text/html in Accept, the Problem body.
  const json = await raw(shop, `//evil.example${PRODUCT}`, { accept: 'application/json' });
  expect(JSON.parse(json.body)).toEqual({ status: 404, title: 'Not Found', message: 'There is no page at this address.' });
});

test('another spelling of a known page answers 301 to its one address, keeping the query', async ({ shop }) => {
  const moves: [string, string][] = [
    ['/FAQ', '/faq'],
    ['/Faq/', '/faq'],
    ['/about-us/', '/about-us'],
    [`${PRODUCT}/`, PRODUCT],
    ['/PRODUCT/Product-Long/rk-15-carbine?utm_source=x&b=%20', `${PRODUCT}?utm_source=x&b=%20`],
    ['/fa%71', '/faq'],
    [`${RIFLES.toUpperCase().replace('ALL-RIFLES', 'all-rifles')}/?sort=price-asc`, `${RIFLES}?sort=price-asc`],
    ['/newsletter/verify/abc', '/Newsletter/verify/abc'],
    ['/Profile/Orders/', '/profile/orders'],
    // A product opened under another layout moves to its own (decision 042), query and all.
    ['/product/product-short/rk-15-carbine?utm_source=x', `${PRODUCT}?utm_source=x`],
  ];
  for (const [target, location] of moves) {
    const answer = await ask(shop, target);
    expect([answer.status, answer.location], target).toEqual([301, location]);
  }
  // Dot segments, which browsers remove and a raw client may send.
  expect(await raw(shop, '/product/../faq?x=1')).toMatchObject({ status: 301, location: '/faq?x=1' });
  // The one address itself is the page, with its canonical link.
  for (const target of ['/faq', PRODUCT, '/']) {
    const answer = await injected(shop, `${target}?utm_source=newsletter`);
    expect(answer.status, target).toBe(200);
    expect(canonicalOf(answer.body), target).toBe(`${shop.origin}${target}`);
  }
});

test('a malformed id answers 404, never 5xx: characters no id holds, odd percent-encoding, over-long', async ({ shop }) => {
  const targets = [
    `${PRODUCT}%3F%22x`,
    `${PRODUCT}%22%3E%3Cscript%3E`,
    `/product/product-long/${'a'.repeat(300)}`,
    `/product/collection-filterable-grid/${'b'.repeat(3000)}`,
    `${RIFLES}%3F%22x`,
    '/product/product-long/%E0%A4%A',
    '/%E0%A4%A',
    '/search/%',
    '/faq%',
    '/product/product-long/%C0%AF',
  ];
  for (const target of targets) {
    const answer = await ask(shop, target);
    expect(answer.status, target).toBe(404);
  }
});

test('a hostile Host, X-Forwarded-Host or Forwarded header never reaches a page, the sitemap or robots.txt', async ({ shop }) => {
  const headerSets: Record<string, string>[] = [
    { host: 'evil.example' },
    { host: 'evil.example:8080', 'x-forwarded-host': 'attacker.test', 'x-forwarded-proto': 'https' },
    { 'x-forwarded-host': 'evil.example' },
    { forwarded: 'host=evil.example;proto=https', 'x-forwarded-server': 'attacker.test' },
  ];
  for (const headers of headerSets) {
    for (const target of ['/', PRODUCT, RIFLES, PISTOLS, '/faq', '/no-such-page', '/sitemap.xml', '/robots.txt', '/FAQ/']) {
      const what = `${target} with ${JSON.stringify(headers)}`;
      const answer = await raw(shop, target, headers);
      expectNoOtherHost(shop, answer, what);
      if (target === '/sitemap.xml' || target === '/robots.txt') {
        expect(answer.body, what).toContain(`${shop.origin}/`);
        expect(answer.body, what).not.toMatch(/evil\.example|attacker\.test/);
      }
    }
  }
});

test('a query parameter the page does not read renders it once: the page is kept by its address and the parameters it reads', async ({ shop }) => {
  const dist = distDir();
  const built = (await loadBuiltRenderer(dist)) as PageRenderer;
  let renders = 0;
  const renderer: PageRenderer = {
    async render(request) {
      const result = await built.render(request);
      if (result.kind !== 'page') return result;
      return {
        ...result,
        html: () => {
          renders += 1;
          return result.html();
        },
      };
    },
  };
  const template = readFileSync(path.join(dist, 'index.html'), 'utf8').replace('<!--runtime-settings-->', runtimeSettingsElement(shop.app.config));
  const source = { renderer, template, cache: new PageCache() };
  const page = async (url: string): Promise<PageAnswer> => renderPage(shop.app, source, { url, method: 'GET', headers: {} });

  const first = await page(`${PRODUCT}?utm_source=x`);
  const second = await page(`${PRODUCT}?utm_source=y&fbclid=z`);
  const bare = await page(PRODUCT);
  expect([first.status, second.status, bare.status]).toEqual([200, 200, 200]);
  expect(renders).toBe(1);
  expect(second.body?.equals(first.body!)).toBe(true);
  // The unread parameter is nowhere in the page: its HTML is the same for everyone.
  expect(first.body?.toString()).not.toContain('utm_source');

  // A collection's view is read: another sort is another page; an unread parameter beside it is not.
  renders = 0;
  await page(`${RIFLES}?sort=price-asc`);
  await page(`${RIFLES}?sort=price-asc&utm_campaign=spring`);
  await page(`${RIFLES}?utm_campaign=spring&sort=price-asc`);
  await page(RIFLES);
  expect(renders).toBe(2);
  // The tabbed grid reads its tab.
  renders = 0;
  await page(`${PISTOLS}?activeFilter=x&ref=mail`);
  await page(`${PISTOLS}?activeFilter=x`);
  expect(renders).toBe(1);
  // Unknown addresses are not kept: anyone could fill the cache with them.
  const sizeBefore = source.cache.size;
  await page('/no-such-page-1');
  await page('/no-such-page-2');
  expect(source.cache.size).toBe(sizeBefore);
});

/** Known addresses, as the shop links them. */
const KNOWN = [
  '/',
  '/faq',
  '/about-us',
  '/contact-us',
  '/support',
  '/warranty',
  '/copy/privacy',
  '/terms-of-service',
  '/dealer-locator',
  '/3dbuilder',
  '/search/rifle',
  '/checkout',
  '/confirm/1',
  '/profile/orders',
  '/Newsletter/verify/token',
  '/redirect',
  PRODUCT,
  RIFLES,
  PISTOLS,
  '/product/collection-cards/limited-edition',
  '/product/collection-simple-grid/apparel',
];

const hostile = fc.constantFrom(...HOSTILE_HOSTS);
const segmentChar = fc.constantFrom(...'abcXYZ-_.~!$&\'()*+,;=:@%/\\?#[] "<>^`{|}');

/** One change to a path: each an attack of issue 39 or a way a real address gets mangled. */
const mutation: fc.Arbitrary<(path: string) => string> = fc.oneof(
  fc.constant((p: string) => p.toUpperCase()),
  fc.array(fc.boolean(), { minLength: 1, maxLength: 40 }).map((flips) => (p: string) => [...p].map((c, i) => (flips[i % flips.length] ? c.toUpperCase() : c)).join('')),
  fc.constant((p: string) => `${p}/`),
  fc.tuple(fc.constantFrom('//', '///', '/\\', '/\\\\', '//\\', '/%2F/', '/%5C', '//user:pass@', '//user@', '/.//', '/\\/'), hostile).map(
    ([prefix, host]) => (p: string) => `${prefix}${host}${p}`,
  ),
  fc.constant((p: string) => p.replace(/\//g, '\\')),
  fc.nat(5).map((at) => (p: string) => p.replace(/\//g, (slash, offset: number) => (offset === at ? '//' : slash))),
  fc.constantFrom('/./', '/../', '/x/../', '/%2e%2e/', '/.%2E/').map((dots) => (p: string) => `${dots}${p.slice(1)}`),
  fc.nat(60).map((at) => (p: string) => {
    const i = at % p.length;
    return `${p.slice(0, i)}%${p.charCodeAt(i).toString(16).padStart(2, '0')}${p.slice(i + 1)}`;
  }),
  fc.constantFrom('%', '%G1', '%E0%A4%A', '%C0%AF', '%00', '%3F%22x', '%2F', '%252F', '%0d%0aLocation:%20//evil.example').map((odd) => (p: string) => `${p}${odd}`),
  fc.integer({ min: 200, max: 4000 }).map((n) => (p: string) => `${p}/${'a'.repeat(n)}`),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }).map((text) => (p: string) => `${p}/${encodeURIComponent(text)}`),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 6 }).map((text) => (p: string) => `${p}${text}`),
  fc.string({ unit: segmentChar, minLength: 1, maxLength: 10 }).map((text) => (p: string) => `${p}/${text}`),
);

const queryValue = fc.oneof(
  fc.string({ maxLength: 12 }).map(encodeURIComponent),
  hostile.map((host) => encodeURIComponent(`//${host}/x`)),
  hostile.map((host) => `http://${host}/`),
  fc.constantFrom('price-asc', 'price-desc', 'x', '', '%', '%E0%A4%A'),
);
const query = fc
  .array(fc.tuple(fc.constantFrom('utm_source', 'fbclid', 'sort', 'q', 'filter.Caliber', 'activeFilter', 't', 'x', '__proto__', 'redirect'), queryValue), { maxLength: 4 })
  .map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}` : ''));

const pagePath = fc
  .tuple(fc.constantFrom(...KNOWN, '/no-such-page'), fc.array(mutation, { maxLength: 3 }), query)
  .map(([known, changes, search]) => changes.reduce((p, change) => change(p), known) + search);

const headers = fc.oneof(
  { weight: 3, arbitrary: fc.constant({}) },
  { weight: 1, arbitrary: hostile.map((host): Record<string, string> => ({ host })) },
  { weight: 1, arbitrary: hostile.map((host): Record<string, string> => ({ 'x-forwarded-host': host, 'x-forwarded-proto': 'https' })) },
);

test('1,000 generated page paths: none answers 5xx, none answers with another host in its body or Location', async ({ shop }) => {
  test.setTimeout(300_000);
  const runs = Number(process.env.PAGE_FUZZ_RUNS ?? 1000);
  const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  let overHttp = 0;
  await fc.assert(
    fc.asyncProperty(pagePath, headers, async (target, extra) => {
      // A hostile Host header goes over HTTP, as a client sends it.
      if ('host' in extra || injectSends(target) !== target) overHttp += 1;
      const answer = 'host' in extra ? await raw(shop, asClientWrites(target), extra) : await ask(shop, target, extra);
      const problems = problemsOf(shop, answer);
      if (problems.length) expect(problems, `${target} ${JSON.stringify(extra)}`).toEqual([]);
    }),
    { numRuns: runs, seed, endOnFailure: true },
  );
  const cpu = process.cpuUsage(cpuStarted);
  console.log(
    `page address fuzz: ${runs} paths (${overHttp} over HTTP) in ${((performance.now() - started) / 1000).toFixed(1)} s, ` +
      `${((cpu.user + cpu.system) / 1e6).toFixed(1)} CPU-seconds`,
  );
});
