import { asc, desc, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { cmsDocuments } from '../db/schema';
import type { CmsKind } from '../catalogue/content';
import { escapeHtml } from '../identity/pages';
import {
  collectionDisplayTypes,
  copyUrl,
  paths,
  productDisplayTypes,
  productUrl,
  type DisplayType,
} from '../../../src/config/paths';

/**
 * /sitemap.xml and /robots.txt (issue 16 item 4). Not operations of the contract (like /media):
 * plain routes, so the contract's request and response validation never sees them.
 */

export const SITEMAP_PATH = '/sitemap.xml';
export const ROBOTS_PATH = '/robots.txt';

/**
 * Content documents are written only by the seed (docs/decisions/021), but the sitemap is read
 * from the database, not from the seed files, and is rebuilt at most this long after a change.
 */
const SITEMAP_CACHE_MS = 60_000;
const CACHE_CONTROL = 'public, max-age=3600';

/**
 * Screens the storefront shows only with their content page (the page is the screen's whole
 * content, e.g. the builder's definition): listed when that page is in the database. Copy pages:
 * `/copy/privacy` is the privacy policy; any other copy id shows the terms, which are listed once,
 * at /terms-of-service (src/features/content/map-copy.ts).
 */
const contentScreens: [path: string, page: string][] = [
  [paths.aboutUs, 'aboutus'],
  [paths.contactUs, 'contactus'],
  [paths.faq, 'faq'],
  [paths.patents, 'patent'],
  [paths.support, 'support'],
  [paths.warranty, 'warranty'],
  [paths.resources, 'resources'],
  [paths.mediaLibrary, 'medialibrary'],
  [paths.limitedEdition, 'limitededition'],
  [paths.termsOfService, 'terms'],
  [copyUrl('privacy'), 'privacy'],
  [paths.builder3d, 'builder'],
];

/**
 * Screens that work from the API whatever the content says (home, the reviews list, the dealer
 * forms and map, product registration): always listed, dated by their page when there is one.
 * Not listed: the account area, checkout and confirmation, sign-in and registration redirects,
 * search results, newsletter verification links and the redirect page (personal, or not pages).
 */
const fixedScreens: [path: string, page?: string][] = [
  [paths.home, 'home'],
  [paths.reviews],
  [paths.dealerLocator, 'dealerlocator'],
  [paths.dealerRegistration, 'dealerregistration'],
  [paths.productRegistration],
];

/** The layouts a product or collection document can be shown in (its routes in paths.ts). */
const layouts: Partial<Record<CmsKind, readonly string[]>> = {
  product: productDisplayTypes,
  'product-group': collectionDisplayTypes,
};

export interface SitemapEntry {
  /** Path on the shop, from `/`. */
  path: string;
  lastmod?: Date;
}

/**
 * Every public page of the shop from the database: home and the fixed screens, the content pages
 * that exist, and every product and collection at the address the storefront links it by
 * (`/product/{display_type}/{documentId}`). A document whose display type has no route is
 * never shown by the storefront, so it is left out. The builder's parts are skus without a
 * content document (sold only as builds), so they have no page here either.
 */
export async function sitemapEntries(db: Db): Promise<SitemapEntry[]> {
  const rows = await db
    .select({
      kind: cmsDocuments.kind,
      key: cmsDocuments.key,
      displayType: sql<string | null>`${cmsDocuments.data}->>'display_type'`,
      updatedAt: cmsDocuments.updatedAt,
    })
    .from(cmsDocuments)
    // Collections ('product-group') before products, as the menus lead to them; then by key.
    .orderBy(desc(cmsDocuments.kind), asc(cmsDocuments.key));
  const pageUpdated = new Map(rows.filter((row) => row.kind === 'page').map((row) => [row.key, row.updatedAt]));
  const screens: SitemapEntry[] = [
    ...fixedScreens.map(([path, page]) => ({ path, lastmod: page ? pageUpdated.get(page) : undefined })),
    ...contentScreens
      .filter(([, page]) => pageUpdated.has(page))
      .map(([path, page]) => ({ path, lastmod: pageUpdated.get(page) })),
  ];
  const catalogue = rows
    .filter((row) => row.displayType && layouts[row.kind as CmsKind]?.includes(row.displayType))
    .map((row) => ({ path: productUrl(row.displayType as DisplayType, row.key), lastmod: row.updatedAt }));
  return [...screens, ...catalogue];
}

/**
 * A sitemaps.org urlset with absolute, escaped addresses. One file holds up to 50,000 addresses;
 * the catalogue is far below that, so no sitemap index is needed.
 */
export function sitemapXml(publicUrl: string, entries: SitemapEntry[]): string {
  const urls = entries.map(({ path, lastmod }) => {
    const date = lastmod ? `<lastmod>${escapeHtml(lastmod.toISOString())}</lastmod>` : '';
    return `<url><loc>${escapeHtml(publicUrl + path)}</loc>${date}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/**
 * What crawlers are asked to leave alone (not access control: the private routes check the
 * visitor themselves). Paths are matched as prefixes, the longest matching rule wins (RFC 9309).
 */
export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    // Personal screens: the account area, checkout, order confirmations.
    `Disallow: ${paths.profile}`,
    `Disallow: ${paths.checkout}`,
    'Disallow: /confirm',
    // Sign-in callbacks, the identity provider and its sign-in pages: no content, only redirects
    // and forms; /register only redirects to the provider's registration.
    'Disallow: /auth/',
    'Disallow: /oidc/',
    `Disallow: ${paths.register}`,
    // A verification link subscribes its owner when followed: never by a crawler.
    'Disallow: /Newsletter/verify/',
    // Search results: one page per typed text, an endless space of thin copies of the catalogue.
    'Disallow: /search/',
    // The shop API answers JSON to the storefront, never a page, and is never linked. A crawler
    // that runs a page's JavaScript may still read the public content, prices and reviews the
    // page is built from, so those stay open (all but the product search, as above).
    'Disallow: /api/',
    'Allow: /api/cms/',
    'Allow: /api/Products',
    'Allow: /api/Reviews',
    'Disallow: /api/cms/products/search/',
    // The development mailbox (never registered in production; listed anyway, so a server that
    // runs without NODE_ENV=production does not get other people's mail crawled).
    'Disallow: /dev/',
    '',
    `Sitemap: ${publicUrl}${SITEMAP_PATH}`,
    '',
  ].join('\n');
}

/**
 * GET (and HEAD, which Fastify adds to every GET route) /sitemap.xml and /robots.txt. The
 * sitemap is built from the database at most once a minute, or again once the catalogue changed;
 * concurrent requests share one build
 * and a failed build (database away: 503 through the error handler) is not kept.
 */
export function registerSeoFiles(app: FastifyInstance): void {
  const publicUrl = app.config.PUBLIC_URL;
  let cached: { builtAt: number; xml: Promise<string> } | undefined;
  app.onCatalogueChange(() => {
    cached = undefined;
  });
  const sitemap = () => {
    if (!cached || Date.now() - cached.builtAt >= SITEMAP_CACHE_MS) {
      const xml = sitemapEntries(app.db).then((entries) => sitemapXml(publicUrl, entries));
      const entry = { builtAt: Date.now(), xml };
      cached = entry;
      xml.catch(() => {
        if (cached === entry) cached = undefined;
      });
    }
    return cached.xml;
  };

  app.get(SITEMAP_PATH, async (_request, reply) => {
    const xml = await sitemap();
    return reply.header('cache-control', CACHE_CONTROL).type('application/xml; charset=utf-8').send(xml);
  });

  const robots = robotsTxt(publicUrl);
  app.get(ROBOTS_PATH, async (_request, reply) =>
    reply.header('cache-control', CACHE_CONTROL).type('text/plain; charset=utf-8').send(robots),
  );
}
