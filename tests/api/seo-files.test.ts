import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { cmsDocuments } from '../../server/src/db/schema';
import { sitemapEntries, sitemapXml } from '../../server/src/seo/sitemap';
import { startTestServer, type TestServer, statusOf } from '../support/test-server';

/** /sitemap.xml and /robots.txt (issue 16 item 4): built from the database, outside the contract. */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
// jsdom (already a dev dependency, for the unit tests) ships no types: only its DOMParser is used.
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (html: string) => { window: { DOMParser: typeof DOMParser } };
};
const { DOMParser: XmlParser } = new JSDOM('').window;

interface Url {
  loc: string;
  lastmod: string | null;
}

/** A strict XML parse (a malformed document fails the test), then the urlset's entries. */
function parseSitemap(xml: string): Url[] {
  const document = new XmlParser().parseFromString(xml, 'application/xml');
  expect(document.getElementsByTagName('parsererror')).toHaveLength(0);
  const root = document.documentElement;
  expect(root.localName).toBe('urlset');
  expect(root.namespaceURI).toBe(SITEMAP_NS);
  return [...root.children].map((url) => {
    expect(url.localName).toBe('url');
    const field = (name: string) => url.getElementsByTagNameNS(SITEMAP_NS, name)[0]?.textContent ?? null;
    return { loc: field('loc')!, lastmod: field('lastmod') };
  });
}

const types = { '/sitemap.xml': 'application/xml; charset=utf-8', '/robots.txt': 'text/plain; charset=utf-8' };

/** GET or HEAD one of the files: 200, its type, cacheable for an hour, the security headers. */
async function served(path: keyof typeof types, method = 'GET'): Promise<string> {
  const res = await fetch(`${server.baseUrl}${path}`, { method });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe(types[path]);
  expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
  expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  return res.text();
}

const sitemap = async () => parseSitemap(await served('/sitemap.xml'));

const pathOf = (loc: string) => loc.slice(server.config.PUBLIC_URL.length);

/** Content pages with a public route (catalogue-and-content.md section 2), all seeded. */
const contentPages = [
  '/',
  '/about-us',
  '/contact-us',
  '/faq',
  '/patents',
  '/support',
  '/warranty',
  '/reviews',
  '/resources',
  '/media-library',
  '/limited-edition',
  '/copy/privacy',
  '/terms-of-service',
  '/dealer-locator',
  '/dealer-registration',
  '/registration',
  '/3dbuilder',
];

describe('GET /sitemap.xml', () => {
  it('is well-formed sitemaps.org XML, cacheable for an hour, with the security headers', async () => {
    const xml = await served('/sitemap.xml');
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(parseSitemap(xml).length).toBeGreaterThan(contentPages.length);
  });

  it('gives every address absolute under PUBLIC_URL, once, with a valid lastmod where dated', async () => {
    const urls = await sitemap();
    for (const { loc, lastmod } of urls) {
      expect(loc.startsWith(`${server.config.PUBLIC_URL}/`), loc).toBe(true);
      expect(new URL(loc).origin).toBe(new URL(server.config.PUBLIC_URL).origin);
      if (lastmod !== null) expect(new Date(lastmod).toISOString()).toBe(lastmod);
    }
    expect(new Set(urls.map((u) => u.loc)).size).toBe(urls.length);
  });

  it('lists every product and collection of the database at the address the storefront links it by, dated by its document', async () => {
    const urls = await sitemap();
    const byLoc = new Map(urls.map((u) => [u.loc, u.lastmod]));
    const documents = await server.database.db
      .select({ kind: cmsDocuments.kind, key: cmsDocuments.key, updatedAt: cmsDocuments.updatedAt })
      .from(cmsDocuments)
      .where(inArray(cmsDocuments.kind, ['product', 'product-group']));
    const products = documents.filter((d) => d.kind === 'product');
    expect(products.length).toBeGreaterThan(30);
    expect(documents.length - products.length).toBeGreaterThan(5);
    for (const document of documents) {
      // The display type as the API hands it to the storefront, which links /product/{it}/{id}.
      const endpoint = document.kind === 'product' ? 'products' : 'product-groups';
      const res = await fetch(`${server.api}/cms/${endpoint}/${encodeURIComponent(document.key)}`);
      expect(res.status).toBe(200);
      const { data } = (await res.json()) as { data: { display_type: string; documentId: string } };
      expect(data.display_type).toMatch(document.kind === 'product' ? /^product-/ : /^collection-/);
      const loc = `${server.config.PUBLIC_URL}/product/${data.display_type}/${data.documentId}`;
      expect(byLoc.has(loc), `${loc} is missing`).toBe(true);
      expect(byLoc.get(loc)).toBe(document.updatedAt.toISOString());
    }
    expect(urls.filter((u) => pathOf(u.loc).startsWith('/product/'))).toHaveLength(documents.length);
  });

  it('lists home, the content pages and the fixed screens', async () => {
    const listed = (await sitemap()).map((u) => pathOf(u.loc));
    expect(listed).toEqual(expect.arrayContaining(contentPages));
    const [home] = await server.database.db
      .select({ updatedAt: cmsDocuments.updatedAt })
      .from(cmsDocuments)
      .where(and(eq(cmsDocuments.kind, 'page'), eq(cmsDocuments.key, 'home')));
    const homeUrl = (await sitemap()).find((u) => u.loc === `${server.config.PUBLIC_URL}/`);
    expect(homeUrl?.lastmod).toBe(home.updatedAt.toISOString());
  });

  it('lists nothing personal or private: no account, checkout, confirmation, sign-in, search, verification or redirect', async () => {
    const listed = (await sitemap()).map((u) => pathOf(u.loc));
    const privateSections = ['profile', 'checkout', 'confirm', 'auth', 'register', 'search', 'Newsletter', 'redirect', 'api', 'oidc', 'dev', 'media'];
    // The first segment of each address names its section (/profile/orders -> profile).
    const sections = listed.map((path) => path.split('/')[1]);
    expect(sections.filter((section) => privateSections.includes(section))).toEqual([]);
  });
});

describe('GET /robots.txt', () => {
  it('keeps crawlers out of the personal routes and names the sitemap, which answers', async () => {
    const lines = (await served('/robots.txt')).split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toEqual(
      expect.arrayContaining([
        'Disallow: /profile',
        'Disallow: /checkout',
        'Disallow: /confirm',
        'Disallow: /auth/',
        'Disallow: /oidc/',
        'Disallow: /api/',
        'Disallow: /search/',
        'Disallow: /Newsletter/verify/',
        'Disallow: /dev/',
      ]),
    );
    const sitemapLine = lines.find((line) => line.startsWith('Sitemap: '));
    expect(sitemapLine).toBe(`Sitemap: ${server.config.PUBLIC_URL}/sitemap.xml`);
    expect(await statusOf(sitemapLine!.slice('Sitemap: '.length))).toBe(200);
  });

  it('allows every address of the sitemap and refuses the private ones (longest matching rule, RFC 9309)', async () => {
    const rules = (await served('/robots.txt'))
      .split('\n')
      .map((line) => /^(Allow|Disallow): (\S+)$/.exec(line))
      .filter((match) => match !== null)
      .map(([, kind, prefix]) => ({ allow: kind === 'Allow', prefix }));
    const allowed = (path: string) => {
      const matching = rules.filter((rule) => path.startsWith(rule.prefix));
      const longest = Math.max(0, ...matching.map((rule) => rule.prefix.length));
      return matching.length === 0 || matching.some((rule) => rule.allow && rule.prefix.length === longest);
    };
    const blocked = (await sitemap()).map((u) => pathOf(u.loc)).filter((path) => !allowed(path));
    expect(blocked).toEqual([]);
    for (const path of ['/profile/orders/3', '/checkout?stepId=payment', '/confirm/12', '/auth/callback', '/register', '/search/rk-15', '/Newsletter/verify/abc', '/api/Cart', '/api/User/profile', '/api/cms/products/search/rifle', '/oidc/auth', '/dev/mailbox']) {
      expect(allowed(path), path).toBe(false);
    }
    for (const path of ['/registration', '/api/cms/page/home', '/api/Products', '/api/Reviews?productId=rk-15-carbine', '/media/brand/logo.svg']) {
      expect(allowed(path), path).toBe(true);
    }
  });
});

describe('HEAD', () => {
  it.each(Object.keys(types) as (keyof typeof types)[])('%s answers 200 with the headers of GET and no body', async (path) => {
    expect(await served(path, 'HEAD')).toBe('');
  });
});

describe('the sitemap follows the database', () => {
  // Read through the builder itself: the served sitemap may be up to a minute old (sitemap.ts).
  const build = async () => parseSitemap(sitemapXml(server.config.PUBLIC_URL, await sitemapEntries(server.database.db)));

  it('adds a new product (escaped), leaves out documents with no route, and drops a content page that is removed', async () => {
    const db = server.database.db;
    const odd = { kind: 'product', key: `o'neil&sons<1>`, title: 'Odd', data: { display_type: 'product-short' } };
    const noRoute = { kind: 'product', key: 'no-route', title: 'No route', data: { display_type: 'product-unknown' } };
    const groupAsProduct = { kind: 'product-group', key: 'wrong-layout', title: 'Wrong', data: { display_type: 'product-long' } };
    const [patents] = await db.select().from(cmsDocuments).where(and(eq(cmsDocuments.kind, 'page'), eq(cmsDocuments.key, 'patent')));
    await db.insert(cmsDocuments).values([odd, noRoute, groupAsProduct]);
    await db.delete(cmsDocuments).where(and(eq(cmsDocuments.kind, 'page'), eq(cmsDocuments.key, 'patent')));
    try {
      const paths = (await build()).map((u) => pathOf(u.loc));
      expect(paths).toContain(`/product/product-short/o'neil%26sons%3C1%3E`);
      expect(paths.filter((p) => p.includes('no-route') || p.includes('wrong-layout'))).toEqual([]);
      expect(paths).not.toContain('/patents');
      // Fixed screens do not need their page.
      expect(paths).toContain('/dealer-locator');
    } finally {
      await db.delete(cmsDocuments).where(inArray(cmsDocuments.key, [odd.key, noRoute.key, groupAsProduct.key]));
      await db.insert(cmsDocuments).values(patents);
    }
    expect((await build()).map((u) => pathOf(u.loc))).toContain('/patents');
  });

  it('escapes every value it writes', () => {
    const xml = sitemapXml('https://shop.example', [{ path: `/a?b=1&c=<2>"'` }]);
    expect(xml).toContain('<loc>https://shop.example/a?b=1&amp;c=&lt;2&gt;&quot;&#39;</loc>');
    expect(parseSitemap(xml)).toEqual([{ loc: `https://shop.example/a?b=1&c=<2>"'`, lastmod: null }]);
  });
});
