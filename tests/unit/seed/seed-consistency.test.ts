// Consistency of the demo seed (server/seed): skus, links, media files, layouts and variants.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dealers } from '../../../server/seed/dealers';
import { pages } from '../../../server/seed/pages';
import { discounts, finalPrice, lowStock, soldOut } from '../../../server/seed/pricing';
import { productGroups } from '../../../server/seed/product-groups';
import { products } from '../../../server/seed/products';
import { skus } from '../../../server/seed/skus';
import { builderSkus } from '../../../server/seed/builder';
import type { RichTextNode } from '../../../server/seed/content-shapes';

const MEDIA_DIR = join(process.cwd(), 'server/seed/media');
const seed = { pages, products, productGroups, skus, dealers };

/** Every string in a value, with the key it sits under. */
function strings(root: unknown): { key: string; value: string }[] {
  const out: { key: string; value: string }[] = [];
  const walk = (node: unknown, key: string): void => {
    if (typeof node === 'string') out.push({ key, value: node });
    else if (Array.isArray(node)) node.forEach((n) => walk(n, key));
    else if (node && typeof node === 'object') Object.entries(node).forEach(([k, v]) => walk(v, k));
  };
  walk(root, '');
  return out;
}

const STATIC_ROUTES = new Set([
  '/', '/limited-edition', '/about-us', '/contact-us', '/media-library', '/support', '/warranty', '/faq',
  '/reviews', '/resources', '/dealer-locator', '/dealer-registration', '/terms-of-service', '/patents',
  '/3dbuilder', '/registration',
]);

function routeProblem(url: string): string | null {
  const path = url.split(/[?#]/)[0];
  if (STATIC_ROUTES.has(path)) return null;
  if (/^\/copy\/(terms|privacy)$/.test(path)) return null;
  if (/^\/search\/[^/]+$/.test(path)) return null;
  const match = /^\/product\/([a-z-]+)\/([a-z0-9-]+)$/.exec(path);
  if (match) {
    const [, type, id] = match;
    if (type.startsWith('collection-')) {
      const g = productGroups.find((x) => x.documentId === id);
      return g && g.display_type === type ? null : `no ${type} collection ${id}`;
    }
    const p = products.find((x) => x.documentId === id);
    return p && p.display_type === type ? null : `no ${type} product ${id}`;
  }
  return 'not a route';
}

describe('seed catalogue', () => {
  it('has at least 30 products in every product layout', () => {
    expect(products.length).toBeGreaterThanOrEqual(30);
    expect(new Set(products.map((p) => p.display_type))).toEqual(new Set(['product-long', 'product-short', 'product-short-alt']));
    expect(new Set(products.map((p) => p.documentId)).size).toBe(products.length);
    expect(new Set(products.map((p) => p.id)).size).toBe(products.length);
  });

  it('has collections in every layout, including an empty one', () => {
    expect(productGroups.length).toBeGreaterThanOrEqual(6);
    expect(new Set(productGroups.map((g) => g.display_type))).toEqual(
      new Set(['collection-cards', 'collection-filterable-grid', 'collection-simple-grid', 'collection-tabbed-grid']),
    );
    expect(productGroups.some((g) => g.products.length === 0 && g.display_type === 'collection-simple-grid')).toBe(true);
  });

  it('covers the flags and states the pages must show', () => {
    const rows = skus;
    expect(products.some((p) => p.ffl_item && !p.receiver_item)).toBe(true);
    expect(products.some((p) => p.receiver_item && p.ffl_item)).toBe(true);
    expect(products.filter((p) => p.receiver_item).every((p) => p.ffl_item)).toBe(true);
    expect(rows.some((r) => r.qtyOnHand === 0)).toBe(true);
    expect(rows.some((r) => r.bestDiscountPercentage > 0)).toBe(true);
    expect(rows.some((r) => r.restrictedStates.includes('CA'))).toBe(true);
    expect(rows.some((r) => r.restrictedZips.some((z) => z.length === 3))).toBe(true);
    expect(rows.some((r) => r.restrictedZips.some((z) => z.length === 5))).toBe(true);
    expect(products.some((p) => p.product_variant_types.length >= 3)).toBe(true);
    expect(products.some((p) => p.skus.length === 1)).toBe(true);
    expect(products.some((p) => p.product_compatibility.some((t) => t.options.length === 0))).toBe(true);
    expect(products.some((p) => p.color_swatch.length > 0)).toBe(true);
    expect(products.some((p) => p.add_ons.length > 0)).toBe(true);
    expect(products.some((p) => p.promo_videos !== null)).toBe(true);
  });

  it('lists every product and add-on sku in skus.ts and nothing else', () => {
    const fromProducts = products.flatMap((p) => p.skus.map((s) => s.sku));
    const fromAddOns = products.flatMap((p) => p.add_ons.flatMap((a) => a.options.map((o) => o.sku)));
    const expected = new Set([...fromProducts, ...fromAddOns]);
    const actual = skus.map((r) => r.sku);
    expect(new Set(actual).size).toBe(actual.length);
    expect(new Set(fromProducts).size).toBe(fromProducts.length);
    expect(new Set(actual)).toEqual(expected);
  });

  it('marks every builder sku, and only those, as sold only in a build, and names none in any listing (decision 027)', () => {
    const buildOnly = new Set(builderSkus.filter((r) => r.buildOnly).map((r) => r.sku));
    expect(buildOnly).toEqual(new Set(builderSkus.map((r) => r.sku)));
    expect(skus.filter((r) => r.buildOnly)).toEqual([]);
    // Products, add-ons, collections and every page but the builder's own: no builder sku.
    const { builder: _builder, ...otherPages } = pages as Record<string, unknown>;
    const named = strings({ products, productGroups, otherPages }).filter(({ value }) => buildOnly.has(value));
    expect(named).toEqual([]);
  });

  it('keeps restrictions, flags and urls of sku rows in step with the products', () => {
    for (const p of products) {
      for (const s of p.skus) {
        const row = skus.find((r) => r.sku === s.sku)!;
        expect(row.productDocumentId).toBe(p.documentId);
        expect(row.isFflItem).toBe(p.ffl_item);
        expect(row.isReceiverItem).toBe(p.receiver_item);
        expect(row.restrictedStates).toEqual(s.restricted_states.map((x) => x.value));
        expect(row.restrictedZips).toEqual(s.restricted_zips.map((x) => x.zip));
        expect(row.productUrl).toBe(`/product/${p.display_type}/${p.documentId}`);
        expect(row.restrictedStates.every((st) => /^[A-Z]{2}$/.test(st))).toBe(true);
        expect(row.restrictedZips.every((z) => /^\d{3}(\d{2})?$/.test(z))).toBe(true);
      }
    }
    for (const row of skus) {
      expect(Math.round(row.price * 100) / 100).toBe(row.price);
      expect(row.price).toBeGreaterThan(0);
      expect(Number.isInteger(row.bestDiscountPercentage)).toBe(true);
      expect(row.bestDiscountPercentage).toBeGreaterThanOrEqual(0);
      expect(row.bestDiscountPercentage).toBeLessThanOrEqual(100);
    }
  });

  it('prices each add-on at the final price of its sku', () => {
    for (const p of products)
      for (const option of p.add_ons.flatMap((a) => a.options)) {
        const row = skus.find((r) => r.sku === option.sku)!;
        expect(option.add_on_price, option.sku).toBe(finalPrice(row.price, row.bestDiscountPercentage));
      }
  });

  it('names only existing skus in the pricing tables', () => {
    const all = new Set(skus.map((r) => r.sku));
    for (const sku of [...Object.keys(discounts), ...soldOut, ...Object.keys(lowStock)]) expect(all.has(sku), sku).toBe(true);
  });

  it("gives every sku exactly one option of each of its product's variant types", () => {
    for (const p of products) {
      const seen = new Set<string>();
      for (const s of p.skus) {
        expect(s.product_variant_options.length, s.sku).toBe(p.product_variant_types.length);
        p.product_variant_types.forEach((type, n) => {
          const chosen = s.product_variant_options[n];
          expect(chosen.product_variant_type.documentId).toBe(type.documentId);
          expect(chosen.product_variant_type.display_title).toBe(type.display_title);
          expect(type.product_variant_options).toContainEqual({ id: chosen.id, title: chosen.title, value: chosen.value });
        });
        const key = s.product_variant_options.map((o) => o.id).join('/');
        expect(seen.has(key), `${s.sku} repeats a combination`).toBe(false);
        seen.add(key);
      }
      // Every option offered is reachable by at least one sku.
      for (const type of p.product_variant_types)
        for (const option of type.product_variant_options)
          expect(p.skus.some((s) => s.product_variant_options.some((o) => o.id === option.id)), `${p.documentId} ${option.title}`).toBe(true);
    }
  });

  it('keeps collection filters and tags consistent', () => {
    for (const g of productGroups) {
      for (const ref of g.products) {
        const p = products.find((x) => x.documentId === ref.documentId)!;
        expect(ref.title).toBe(p.title);
        expect(ref.skus.map((s) => s.sku)).toEqual(p.skus.map((s) => s.sku));
        for (const tag of ref.filter_tags) {
          const filter = g.filters.find((f) => f.category === tag.filter_category);
          expect(filter?.values, `${g.documentId} ${tag.filter_category}`).toContain(tag.filter_value);
        }
      }
      for (const f of g.filters)
        for (const value of f.values)
          expect(g.products.some((r) => r.filter_tags.some((t) => t.filter_category === f.category && t.filter_value === value)), `${g.documentId} ${value}`).toBe(true);
      if (g.display_type === 'collection-tabbed-grid') expect(g.products.every((r) => r.tag)).toBe(true);
    }
    const rifles = productGroups.find((g) => g.documentId === 'all-rifles')!;
    expect(rifles.filters.map((f) => f.category)).toEqual(expect.arrayContaining(['Host Manufacturer', 'Model']));
    expect(rifles.filters.some((f) => !f.multi)).toBe(true);
  });
});

describe('seed content', () => {
  it('has every page slug the app requests', () => {
    for (const slug of ['app', 'footer', 'home', 'aboutus', 'contactus', 'dealerlocator', 'dealerregistration', 'faq', 'limitededition', 'medialibrary', 'warranty', 'resources', 'support', 'patent', 'terms', 'privacy'])
      expect(pages).toHaveProperty(slug);
    expect(pages.app.main_navigation.map((m) => m.title)).toEqual(['Rifles', 'Pistols', 'Apparel', 'Support']);
    for (const menu of pages.app.main_navigation) {
      expect(menu.categories.length).toBeGreaterThan(0);
      expect(menu.child_navigations.length).toBeGreaterThanOrEqual(2);
      expect(menu.child_navigations.length).toBeLessThanOrEqual(4);
    }
    expect(pages.footer.nav_links.length).toBeGreaterThanOrEqual(9);
    expect(pages.home.home_carousel_cards).toHaveLength(5);
    expect(pages.home.home_image_link_ribbon).toHaveLength(6);
    expect(pages.faq.faq_items.length).toBeGreaterThanOrEqual(10);
  });

  it('points every internal link at a real route and an existing document', () => {
    const problems = strings(seed)
      .filter(({ value }) => value.startsWith('/') && !value.startsWith('/media/'))
      .map(({ value }) => [value, routeProblem(value)] as const)
      .filter(([, problem]) => problem !== null);
    expect(problems).toEqual([]);
  });

  it('uses no outside address except reserved example domains', () => {
    const outside = strings(seed)
      .map(({ value }) => value)
      .filter((v) => /^[a-z]+:\/\//i.test(v) && !/^https:\/\/[a-z0-9.-]+\.example(\/|$)/.test(v));
    expect(outside).toEqual([]);
  });

  it('serves every /media reference from a file', () => {
    const urls = new Set(strings(seed).map(({ value }) => value).filter((v) => v.startsWith('/media/')));
    expect(urls.size).toBeGreaterThan(100);
    const missing = [...urls].filter((url) => !existsSync(join(MEDIA_DIR, url.slice('/media/'.length))));
    expect(missing).toEqual([]);
  });

  it('keeps generated files small and valid', () => {
    const walk = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? walk(join(dir, name)) : [join(dir, name)]));
    for (const file of walk(MEDIA_DIR)) {
      const bytes = readFileSync(file);
      if (file.endsWith('.svg')) {
        expect(bytes.length, file).toBeLessThan(6 * 1024);
        expect(bytes.toString('utf8').startsWith('<svg xmlns="http://www.w3.org/2000/svg"'), file).toBe(true);
      }
      if (file.endsWith('.pdf')) expect(bytes.subarray(0, 5).toString('latin1'), file).toBe('%PDF-');
    }
  });

  it('uses every rich-text block type and text modifier', () => {
    const types = new Set<string>();
    const mods = new Set<string>();
    const levels = new Set<number>();
    const formats = new Set<string>();
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) return node.forEach(walk);
      if (!node || typeof node !== 'object') return;
      const n = node as RichTextNode & Record<string, unknown>;
      if (n.type === 'text') {
        for (const m of ['bold', 'italic', 'underline', 'strikethrough', 'code']) if (n[m]) mods.add(m);
      } else if (typeof n.type === 'string' && Array.isArray(n.children)) {
        types.add(n.type);
        if (n.type === 'heading') levels.add(n.level as number);
        if (n.type === 'list') formats.add(n.format as string);
      }
      Object.values(n).forEach(walk);
    };
    walk(pages);
    expect([...types].sort()).toEqual(['code', 'heading', 'image', 'link', 'list', 'list-item', 'paragraph', 'quote']);
    expect([...mods].sort()).toEqual(['bold', 'code', 'italic', 'strikethrough', 'underline']);
    expect([...formats].sort()).toEqual(['ordered', 'unordered']);
    expect(levels.size).toBeGreaterThanOrEqual(4);
  });

  it('has at least 25 dealers spread over many states', () => {
    expect(dealers.length).toBeGreaterThanOrEqual(25);
    expect(new Set(dealers.map((d) => d.state)).size).toBeGreaterThanOrEqual(20);
    expect(new Set(dealers.map((d) => d.id)).size).toBe(dealers.length);
    for (const d of dealers) {
      expect(d.postalCode).toMatch(/^\d{5}$/);
      expect(d.address2).toBe(`${d.city}, ${d.state} ${d.postalCode}`);
      expect(d.phoneNumber).toMatch(/^\(\d{3}\) 555-01\d{2}$/);
      expect(d.latitude).toBeGreaterThan(18);
      expect(d.latitude).toBeLessThan(72);
      expect(d.longitude).toBeGreaterThan(-170);
      expect(d.longitude).toBeLessThan(-66);
    }
  });
});
