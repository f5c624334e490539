// The seed's generated images (server/seed/generate-images.ts, decision 044): pictures only, one
// look per model, the same bytes every run, and their size in the markup.
import { describe, expect, it } from 'vitest';
import { collectMedia, render } from '../../../server/seed/generate-images';
import { pages } from '../../../server/seed/pages';
import { productGroups } from '../../../server/seed/product-groups';
import { products } from '../../../server/seed/products';
import { skus } from '../../../server/seed/skus';

const { media, urls } = collectMedia({ pages, products, productGroups, skus: skus.map((row) => row.imageUrl) });
for (const url of media.keys()) urls.add(url);
const svgs = [...urls].filter((url) => url.endsWith('.svg')).sort();
const draw = (url: string): string => String(render(url.replace(/^\/media\//, ''), media.get(url)));

describe('seed images', () => {
  it('bake no words into product, banner and hero pictures', () => {
    const pictures = svgs.filter((url) => /^\/media\/(products|banners|hero)\//.test(url));
    expect(pictures.length).toBeGreaterThan(200);
    for (const url of pictures) expect(draw(url), url).not.toContain('<text');
  });

  it('keep their width and height in the file, as the seed declares them', () => {
    for (const url of svgs) {
      const item = media.get(url);
      if (!item) continue;
      const out = draw(url);
      expect(out, url).toContain(` width="${item.width}" height="${item.height}"`);
    }
  });

  it('draw every model of a shape differently, in every finish', () => {
    const byShape = new Map<string, Map<string, string>>();
    const front = /^\/media\/products\/([^/]+)\/((?:(?!--)[^/])+)--[a-z]+\.svg$/;
    for (const url of svgs.filter((u) => front.test(u))) {
      const [, shape, id] = front.exec(url)!;
      // The same finish for every model, so only the model can make the drawings differ.
      const drawing = String(render(`products/${shape}/${id}--blk.svg`, undefined)).replace(/aria-label="[^"]*"/, '');
      const models = byShape.get(shape) ?? new Map<string, string>();
      models.set(id, drawing);
      byShape.set(shape, models);
    }
    for (const [shape, models] of byShape) {
      expect(new Set(models.values()).size, shape).toBe(models.size);
    }
    expect(byShape.get('rifle-ar')?.size).toBeGreaterThanOrEqual(4);
  });

  it('are the same bytes every run and stay small', () => {
    for (const url of svgs) {
      const out = draw(url);
      expect(draw(url), url).toBe(out);
      expect(Buffer.byteLength(out), url).toBeLessThan(4096);
    }
  });
});
