// Draws every file under /media/ that the seed refers to, into server/seed/media/.
//   npx tsx server/seed/generate-images.ts
// The artwork is decided by the path (see products.ts and pages.ts):
//   products/<shape>/<documentId>--<finish>[--angle|--detail].svg  product silhouette, one look per
//                                                                   documentId (silhouettes.ts), no text
//   banners/<name>--<shape>--<finish>.svg                           banner art, no text: pages set
//                                                                   the headline as text (decision 044)
//   hero/<name>--<shape>--<finish>.svg                              home slide art, no text
//   ribbon/<name>--<shape>--<finish>.svg                            ribbon tile (no text), alt = title
//   nav/<name>--<shape>--<finish>[--hover].svg                      menu and support cards
//   icons/social-<network>.svg, brand/logo.svg                      icons and logo
//   downloads/<name>.pdf                                            small valid PDF
// Files that are not drawn here (the promo video) are listed in KEEP and left alone.
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brand, finishes, isFinishKey, isShape, type Shape } from './palette';
import { mark, silhouette } from './silhouettes';
import { pages } from './pages';
import { productGroups } from './product-groups';
import { products } from './products';
import { skus } from './skus';
import type { CmsMedia } from './content-shapes';

const OUT = join(dirname(fileURLToPath(import.meta.url)), 'media');
const KEEP = new Set(['video']);
const FONT = "font-family=\"'Helvetica Neue',Arial,sans-serif\"";

// ---------------------------------------------------------------------------------------------
// Collect every /media reference (Media objects keep their alt text and size)

export function collectMedia(root: unknown): { media: Map<string, CmsMedia>; urls: Set<string> } {
  const found = new Map<string, CmsMedia>();
  const urls = new Set<string>();
  const walk = (node: unknown): void => {
    if (typeof node === 'string') {
      if (node.startsWith('/media/')) urls.add(node.split('#')[0]);
      return;
    }
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(walk);
    const record = node as Record<string, unknown>;
    if (typeof record.url === 'string' && typeof record.alternativeText === 'string') {
      found.set(record.url, record as unknown as CmsMedia);
    }
    Object.values(record).forEach(walk);
  };
  walk(root);
  return { media: found, urls };
}

const esc = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The seeded model drawn on banner, hero, ribbon and menu art of `shape` in `finish`: the first
 * product whose images use that shape and finish (so the Ember banners show the Ember Editions).
 */
function modelFor(shape: Shape | undefined, finish: string | undefined): string {
  if (!shape || shape === 'service') return '';
  const prefix = `/media/products/${shape}/`;
  const urls = products.map((product) => product.image?.url ?? '').filter((url) => url.startsWith(prefix));
  const match = urls.find((url) => finish && url.includes(`--${finish}`)) ?? urls[0] ?? '';
  return match.slice(prefix.length).split('--')[0];
}

// ---------------------------------------------------------------------------------------------
// Compositions

const svg = (w: number, h: number, body: string, label: string): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" aria-label="${esc(label)}">${body}</svg>\n`;

function ridges(w: number, h: number, opacity = 1): string {
  const y = h * 0.62;
  return (
    `<path d="M0 ${y} L${w * 0.14} ${y - h * 0.16} L${w * 0.22} ${y - h * 0.08} L${w * 0.38} ${y - h * 0.26} L${w * 0.55} ${y - h * 0.06} L${w * 0.7} ${y - h * 0.2} L${w * 0.86} ${y - h * 0.04} L${w} ${y - h * 0.14} V${h} H0Z" fill="${brand.slate2}" opacity="${opacity}"/>` +
    `<path d="M0 ${y + h * 0.12} L${w * 0.2} ${y - h * 0.02} L${w * 0.42} ${y + h * 0.1} L${w * 0.64} ${y - h * 0.04} L${w} ${y + h * 0.08} V${h} H0Z" fill="${brand.olive}" opacity="${0.55 * opacity}"/>`
  );
}

function productArt(item: CmsMedia, shape: Shape, id: string, finish: string, view: string | undefined): string {
  const f = isFinishKey(finish) ? finishes[finish].hex : brand.slate3;
  // Long guns fill more of the frame so they read at card size; everything is centred on (600, 400).
  const k = shape.startsWith('rifle-') ? 1.14 : 1;
  const transform = view === 'angle' ? `translate(600 430) rotate(-9) scale(${(0.94 * k).toFixed(3)}) translate(-500 -250)` : `translate(600 400) scale(${k}) translate(-500 -250)`;
  const viewBox = view === 'detail' ? '300 200 600 400' : '0 0 1200 800';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}" width="${item.width || 1200}" height="${item.height || 800}" role="img" aria-label="${esc(item.alternativeText)}">` +
    `<rect width="1200" height="800" fill="${brand.paper}"/><ellipse cx="600" cy="640" rx="430" ry="26" fill="#000" opacity=".08"/>` +
    `<g transform="${transform}">${silhouette(shape, f, id)}</g>` +
    `</svg>\n`
  );
}

/**
 * Banner art: the ground and the product, no words. Every page that shows a banner sets its
 * headline as text (collections over the clear left side, content pages under the image). A
 * second gallery picture (`-2`) shows the product close up.
 */
const GROUND = `<linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${brand.slate}"/><stop offset="1" stop-color="${brand.slate2}"/></linearGradient>`;
/** A soft light edge, so a black product still stands out on the dark ground. */
const GLOW = `<filter id="o" x="-10%" y="-10%" width="120%" height="120%"><feDropShadow dx="0" dy="0" stdDeviation="6" flood-color="${brand.tan}" flood-opacity=".75"/></filter>`;

function bannerArt(item: CmsMedia, name: string, shape: Shape | undefined, finish: string | undefined): string {
  const w = item.width || 1600;
  const h = item.height || 700;
  const f = finish && isFinishKey(finish) ? finishes[finish].hex : brand.tan;
  const closeUp = /-2$/.test(name);
  // Wide banners keep the left side clear for a headline; gallery pictures (3:2 and squarer) centre the product.
  const gallery = w / h < 1.8;
  const scale = closeUp ? (w * 1.3) / 1000 : gallery ? (w * 0.84) / 1000 : Math.min((w * 0.5) / 1000, (h * 0.7) / 500);
  const x = closeUp ? w * 0.5 - 560 * scale : gallery ? w * 0.08 : w * 0.46;
  const art = shape ? `<g transform="translate(${Math.round(x)} ${Math.round((gallery || closeUp ? h * 0.58 : h * 0.52) - 250 * scale)}) scale(${scale.toFixed(3)})" filter="url(#o)">${silhouette(shape, f, modelFor(shape, finish))}</g>` : '';
  return svg(
    w,
    h,
    `<defs>${GROUND}${GLOW}</defs>` +
      `<rect width="${w}" height="${h}" fill="url(#g)"/>${ridges(w, h, 0.9)}${art}`,
    item.alternativeText,
  );
}

/**
 * Home carousel art (decision 043): the banner's ground and silhouette with no words; the
 * storefront sets the headline and its button as text over the clear left side.
 */
function heroArt(item: CmsMedia, shape: Shape | undefined, finish: string | undefined): string {
  const w = item.width || 1600;
  const h = item.height || 700;
  const f = finish && isFinishKey(finish) ? finishes[finish].hex : brand.tan;
  const scale = (w * 0.48) / 1000;
  const art = shape ? `<g transform="translate(${w * 0.47} ${h * 0.56 - 250 * scale}) scale(${scale})" filter="url(#o)">${silhouette(shape, f, modelFor(shape, finish))}</g>` : '';
  return svg(
    w,
    h,
    `<defs>${GROUND}${GLOW}</defs>` +
      `<rect width="${w}" height="${h}" fill="url(#g)"/>${ridges(w, h, 0.9)}${art}`,
    item.alternativeText,
  );
}

/**
 * Ribbon tiles are artwork only: the storefront prints the tile's title under the image, so a
 * title baked into the picture would show it twice. Menu and support cards keep their title bar.
 */
function ribbonArt(item: CmsMedia, shape: Shape | undefined, finish: string | undefined): string {
  const w = item.width;
  const h = item.height;
  const f = finish && isFinishKey(finish) ? finishes[finish].hex : brand.tan;
  const scale = (w * 0.8) / 1000;
  return svg(
    w,
    h,
    `<rect width="${w}" height="${h}" fill="${brand.tan}"/>` +
      (shape ? `<g transform="translate(${w * 0.1} ${(h - 500 * scale) / 2}) scale(${scale})">${silhouette(shape, f, modelFor(shape, finish))}</g>` : ''),
    item.alternativeText,
  );
}

function tileArt(item: CmsMedia, shape: Shape | undefined, finish: string | undefined, hover: boolean): string {
  const w = item.width;
  const h = item.height;
  const f = finish && isFinishKey(finish) ? finishes[finish].hex : brand.tan;
  const bg = hover ? brand.slate3 : brand.slate2;
  const scale = (w * 0.8) / 1000;
  const title = item.alternativeText.replace(' (highlighted)', '');
  return svg(
    w,
    h,
    `<rect width="${w}" height="${h}" fill="${bg}"/>${ridges(w, h, 0.5)}` +
      (shape ? `<g transform="translate(${w * 0.1} ${h * 0.12}) scale(${scale})">${silhouette(shape, f, modelFor(shape, finish))}</g>` : '') +
      `<rect y="${h * 0.78}" width="${w}" height="${h * 0.22}" fill="${brand.slate}" opacity=".82"/>` +
      `<text x="${w * 0.06}" y="${h * 0.91}" ${FONT} font-size="${Math.round(h * 0.075)}" font-weight="700" fill="${brand.paper}">${esc(title.toUpperCase())}</text>` +
      (hover ? `<rect x="4" y="4" width="${w - 8}" height="${h - 8}" fill="none" stroke="${brand.orange}" stroke-width="8"/><text x="${w * 0.94}" y="${h * 0.91}" text-anchor="end" ${FONT} font-size="${Math.round(h * 0.06)}" fill="${brand.orange}">SHOP →</text>` : ''),
    item.alternativeText,
  );
}

const socialPaths: Record<string, string> = {
  instagram: `<rect x="3" y="3" width="18" height="18" rx="5" fill="none" stroke="${brand.tan}" stroke-width="2"/><circle cx="12" cy="12" r="4" fill="none" stroke="${brand.tan}" stroke-width="2"/><circle cx="17.2" cy="6.8" r="1.2" fill="${brand.tan}"/>`,
  facebook: `<path d="M13.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.6-1.5h1.6V4.4c-.3 0-1.2-.1-2.3-.1-2.3 0-3.9 1.4-3.9 4v2.2H8v3h2.5V21z" fill="${brand.tan}"/>`,
  youtube: `<rect x="2" y="5" width="20" height="14" rx="4" fill="${brand.tan}"/><path d="M10 9v6l5.2-3z" fill="${brand.slate}"/>`,
  x: `<path d="M4 4l16 16M20 4L4 20" stroke="${brand.tan}" stroke-width="2.4" stroke-linecap="round"/>`,
};

function logoArt(item: CmsMedia): string {
  return svg(
    item.width,
    item.height,
    mark(8, 14, 84, brand.tan) +
      `<text x="104" y="46" ${FONT} font-size="34" font-weight="800" letter-spacing="2" fill="${brand.paper}">RIDGELINE</text>` +
      `<text x="106" y="70" ${FONT} font-size="16" font-weight="600" letter-spacing="9" fill="${brand.orange}">ARMS</text>`,
    item.alternativeText,
  );
}

// ---------------------------------------------------------------------------------------------
// PDF: one page of Helvetica text, with a correct cross-reference table.

export function pdf(title: string, lines: string[]): Buffer {
  const clean = (text: string) => text.replace(/[^\x20-\x7e]/g, '-').replace(/([\\()])/g, '\\$1');
  const content =
    `BT /F1 24 Tf 72 720 Td (${clean(title)}) Tj ET\n` +
    lines.map((line, n) => `BT /F1 12 Tf 72 ${680 - n * 18} Td (${clean(line)}) Tj ET`).join('\n') +
    '\n';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}endstream`,
    `<< /Title (${clean(title)}) /Author (Ridgeline Arms) /Producer (Ridgeline seed generator) >>`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, n) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${n + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((off) => `${String(off).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const pdfTitle = (file: string): string =>
  file
    .replace(/\.pdf$/, '')
    .split('-')
    .map((word) => (/^(rk|rp)$/.test(word) ? word.toUpperCase() : word === 'owners' ? "Owner's" : word[0].toUpperCase() + word.slice(1)))
    .join(' ')
    .replace(/(RK|RP) (\d+)/, '$1-$2');

// ---------------------------------------------------------------------------------------------

export function render(path: string, item: CmsMedia | undefined): string | Buffer | null {
  const [folder, ...rest] = path.split('/');
  const file = rest.join('/');
  const stem = file.replace(/\.[a-z0-9]+$/, '');
  const tokens = stem.split('/').pop()!.split('--');
  const shape = tokens.find((tk) => isShape(tk)) as Shape | undefined;
  const finish = tokens.slice(1).find((tk) => isFinishKey(tk));
  const fallback: CmsMedia = item ?? { url: `/media/${path}`, alternativeText: stem, width: 600, height: 400 };
  if (folder === 'downloads') {
    return pdf(`Ridgeline Arms - ${pdfTitle(file)}`, [
      'Demo document for the Ridgeline Arms storefront.',
      'Ridgeline Arms is a fictional brand; this file stands in for the real PDF.',
      'Ridgeline Arms, LLC - 4120 W Foundry Lane - Boise, ID 83714',
    ]);
  }
  if (folder === 'products') {
    const [shapeDir] = rest;
    const view = tokens[2];
    return isShape(shapeDir) ? productArt(fallback, shapeDir, tokens[0], tokens[1], view) : null;
  }
  if (folder === 'banners') return bannerArt(fallback, tokens[0], shape, finish);
  if (folder === 'hero') return heroArt(fallback, shape, finish);
  if (folder === 'ribbon') return ribbonArt(fallback, shape, finish);
  if (folder === 'nav') return tileArt(fallback, shape, finish, tokens.includes('hover'));
  if (folder === 'icons') {
    const network = stem.replace(/^social-/, '');
    return socialPaths[network] ? svg(24, 24, socialPaths[network], fallback.alternativeText) : null;
  }
  if (folder === 'brand') return logoArt(fallback);
  return null;
}

function main(): void {
  const { media, urls } = collectMedia({ pages, products, productGroups, skus: skus.map((row) => row.imageUrl) });
  for (const url of media.keys()) urls.add(url);
  // Start clean so renamed content leaves no stale files behind (kept folders excepted).
  mkdirSync(OUT, { recursive: true });
  for (const entry of readdirSync(OUT)) if (!KEEP.has(entry)) rmSync(join(OUT, entry), { recursive: true, force: true });

  let written = 0;
  let largest = 0;
  const missing: string[] = [];
  for (const url of [...urls].sort()) {
    const path = url.replace(/^\/media\//, '');
    if (KEEP.has(path.split('/')[0])) continue;
    const output = render(path, media.get(url));
    if (output === null) {
      missing.push(url);
      continue;
    }
    const target = join(OUT, path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, output);
    written++;
    largest = Math.max(largest, statSync(target).size);
  }
  console.log(`wrote ${written} files to ${OUT}; largest ${largest} bytes`);
  if (missing.length) {
    console.error(`no artwork rule for:\n  ${missing.join('\n  ')}`);
    process.exitCode = 1;
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
