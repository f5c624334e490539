// Draws every file under /media/ that the seed refers to, into server/seed/media/.
//   npx tsx server/seed/generate-images.ts
// The artwork is decided by the path (see products.ts and pages.ts):
//   products/<shape>/<documentId>--<finish>[--angle|--detail].svg  product silhouette
//   banners/<name>--<shape>--<finish>.svg                           banner, headline = alt text
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
import { pages } from './pages';
import { productGroups } from './product-groups';
import { products } from './products';
import { skus } from './skus';
import type { CmsMedia } from './types';

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

// ---------------------------------------------------------------------------------------------
// Silhouettes, drawn in a 1000 x 500 box. `f` is the finish colour, `d` a darker detail colour.

const esc = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function shade(hex: string, amount: number): string {
  const n = parseInt(hex.slice(1), 16);
  const ch = (v: number) => Math.max(0, Math.min(255, Math.round(v + amount * 255)));
  const [r, g, bl] = [ch((n >> 16) & 255), ch((n >> 8) & 255), ch(n & 255)];
  return `#${((1 << 24) | (r << 16) | (g << 8) | bl).toString(16).slice(1)}`;
}

function arRifle(f: string, d: string, o: { len: number; hg: number; mag: 'curve' | 'straight' | 'box'; h: number }): string {
  const end = 470 + o.hg;
  const mag =
    o.mag === 'curve'
      ? `<path d="M380 ${235 + o.h} h52 q6 60 24 98 l-50 12 q-22-44-26-110z" fill="${d}"/>`
      : o.mag === 'box'
        ? `<path d="M380 ${235 + o.h} h56 v80 h-56z" fill="${d}"/>`
        : `<path d="M388 ${235 + o.h} h34 l6 92 h-34z" fill="${d}"/>`;
  return (
    `<path d="M40 200 L205 186 V252 L70 282 Q42 286 40 268Z" fill="${f}"/>` +
    `<rect x="190" y="196" width="50" height="26" fill="${d}"/>` +
    `<path d="M230 ${168 - o.h} H470 V${238 + o.h} H235Z" fill="${f}"/>` +
    `<rect x="258" y="${150 - o.h}" width="${Math.min(o.hg + 190, 480)}" height="14" rx="2" fill="${d}"/>` +
    `<rect x="470" y="${176 - o.h / 2}" width="${o.hg}" height="${48 + o.h}" rx="6" fill="${f}"/>` +
    `<path d="M480 ${196} h${o.hg - 20}" stroke="${d}" stroke-width="6" stroke-dasharray="22 14"/>` +
    `<rect x="${end}" y="192" width="${o.len}" height="12" fill="${d}"/>` +
    `<rect x="${end + o.len - 10}" y="185" width="44" height="26" rx="3" fill="${d}"/>` +
    `<rect x="300" y="190" width="70" height="18" rx="3" fill="${d}"/>` +
    mag +
    `<path d="M290 ${238 + o.h} h38 l-16 86 h-36z" fill="${d}"/>` +
    `<path d="M330 ${238 + o.h} q0 40 50 40" fill="none" stroke="${d}" stroke-width="7"/>`
  );
}

function pistol(f: string, d: string, o: { slide: number; grip: number; frameOnly?: boolean }): string {
  const x0 = 500 - (o.slide + 40) / 2;
  const slide = `<path d="M${x0} 150 H${x0 + o.slide} V225 H${x0 + 10} Q${x0} 225 ${x0} 215Z" fill="${f}"/>` +
    Array.from({ length: 5 }, (_, n) => `<rect x="${x0 + 22 + n * 16}" y="160" width="7" height="55" fill="${d}"/>`).join('') +
    `<rect x="${x0 + o.slide - 40}" y="138" width="16" height="12" fill="${d}"/>`;
  const frame = `<path d="M${x0 + 20} 225 H${x0 + o.slide - 10} V252 H${x0 + 190} Q${x0 + 150} 252 ${x0 + 140} 272 L${x0 + 122} ${262 + o.grip} H${x0 + 22} L${x0 + 52} 260 Q${x0 + 40} 245 ${x0 + 20} 240Z" fill="${o.frameOnly ? 'none' : d}" stroke="${d}" stroke-width="${o.frameOnly ? 8 : 0}"/>` +
    `<path d="M${x0 + 140} 252 q0 40 44 36 q10-16 6-36" fill="none" stroke="${d}" stroke-width="8"/>`;
  return o.frameOnly ? frame + `<rect x="${x0 + 30}" y="232" width="${o.slide - 60}" height="10" fill="${f}"/>` : slide + frame;
}

function silhouette(shape: Shape, f: string): string {
  const d = shade(f, -0.16);
  const l = shade(f, 0.12);
  switch (shape) {
    case 'rifle-ar':
      return arRifle(f, d, { len: 190, hg: 300, mag: 'curve', h: 0 });
    case 'rifle-ar10':
      return arRifle(f, d, { len: 220, hg: 330, mag: 'box', h: 6 });
    case 'rifle-pcc':
      return arRifle(f, d, { len: 120, hg: 260, mag: 'straight', h: 0 });
    case 'rifle-rimfire':
      return arRifle(f, d, { len: 150, hg: 220, mag: 'straight', h: -4 });
    case 'rifle-bolt':
      return (
        `<path d="M40 232 L110 200 L330 212 L370 238 L460 232 L780 218 V240 L470 262 L400 300 L336 302 L300 262 L108 286 L40 292Z" fill="${f}"/>` +
        `<rect x="330" y="190" width="150" height="30" rx="6" fill="${d}"/><rect x="470" y="200" width="470" height="13" fill="${d}"/>` +
        `<path d="M350 190 h240 l24-14 h40 v42 h-40 l-24-14 h-240z" fill="${d}"/><circle cx="470" cy="170" r="13" fill="${d}"/>` +
        `<path d="M440 222 l14 34" stroke="${d}" stroke-width="10" stroke-linecap="round"/><circle cx="456" cy="262" r="10" fill="${d}"/>`
      );
    case 'rifle-lever':
      return (
        `<path d="M40 236 L100 204 L300 216 L320 244 L120 286 L40 292Z" fill="${f}"/>` +
        `<rect x="300" y="196" width="150" height="56" rx="8" fill="${d}"/><rect x="450" y="200" width="450" height="14" fill="${d}"/>` +
        `<rect x="450" y="218" width="380" height="12" fill="${shade(d, -0.05)}"/><path d="M450 214 H720 V244 H470Z" fill="${f}"/>` +
        `<path d="M318 252 q-10 60 50 64 q70 0 60-64" fill="none" stroke="${d}" stroke-width="10"/>`
      );
    case 'lower-receiver':
      return (
        `<path d="M250 170 H720 V260 H640 L610 330 H520 L500 260 H420 Q390 300 330 300 L300 262 H250Z" fill="${f}"/>` +
        `<rect x="520" y="260" width="90" height="70" fill="${d}"/><circle cx="300" cy="200" r="12" fill="${d}"/>` +
        `<circle cx="690" cy="200" r="12" fill="${d}"/><path d="M420 262 q20 46 80 40" fill="none" stroke="${d}" stroke-width="9"/>` +
        `<rect x="200" y="190" width="50" height="40" fill="${d}"/>`
      );
    case 'pistol-full':
      return pistol(f, d, { slide: 420, grip: 170 });
    case 'pistol-compact':
      return pistol(f, d, { slide: 380, grip: 150 });
    case 'pistol-sub':
      return pistol(f, d, { slide: 330, grip: 110 });
    case 'pistol-longslide':
      return pistol(f, d, { slide: 520, grip: 170 });
    case 'pistol-frame':
      return pistol(f, d, { slide: 420, grip: 160, frameOnly: true });
    case 'tee':
      return `<path d="M400 90 L330 110 L240 170 L285 240 L340 210 V440 H660 V210 L715 240 L760 170 L670 110 L600 90 Q500 140 400 90Z" fill="${f}"/>` +
        `<path d="M460 210 l40-40 l40 40z" fill="${l}"/>`;
    case 'hoodie':
      return `<path d="M390 110 L320 130 L220 300 L270 320 L340 230 V450 H660 V230 L730 320 L780 300 L680 130 L610 110 Q500 30 390 110Z" fill="${f}"/>` +
        `<path d="M420 330 H580 L560 400 H440Z" fill="${d}"/><path d="M470 130 v70 M530 130 v70" stroke="${l}" stroke-width="5"/>`;
    case 'cap':
      return `<path d="M300 300 Q300 130 500 120 Q700 130 700 300Z" fill="${f}"/><path d="M640 290 Q800 290 860 330 Q760 350 640 320Z" fill="${d}"/>` +
        `<rect x="440" y="200" width="120" height="60" rx="8" fill="${l}"/><path d="M500 120 V300" stroke="${d}" stroke-width="4"/>`;
    case 'jacket':
      return `<path d="M400 90 L330 110 L230 420 L290 430 L345 240 V450 H655 V240 L710 430 L770 420 L670 110 L600 90 Q500 130 400 90Z" fill="${f}"/>` +
        `<path d="M500 115 V450" stroke="${l}" stroke-width="6"/><rect x="540" y="180" width="70" height="10" fill="${d}"/>`;
    case 'optic-lpvo':
      return `<path d="M200 210 H340 L380 225 H640 L690 195 H820 V295 H690 L640 265 H380 L340 280 H200Z" fill="${f}"/>` +
        `<rect x="470" y="170" width="50" height="55" rx="6" fill="${d}"/><rect x="500" y="245" width="40" height="50" rx="6" fill="${d}"/>` +
        `<rect x="240" y="205" width="60" height="80" rx="6" fill="${d}"/>`;
    case 'optic-reddot':
      return `<path d="M350 300 V200 Q350 160 420 150 H600 Q650 160 650 210 V300Z" fill="${f}"/><rect x="400" y="190" width="200" height="80" rx="12" fill="#9fb6c4" opacity=".55"/>` +
        `<circle cx="500" cy="230" r="8" fill="${brand.orange}"/><rect x="330" y="300" width="340" height="24" rx="4" fill="${d}"/>`;
    case 'magazine-rifle':
      return `<path d="M420 80 H560 Q560 260 640 420 L520 450 Q420 270 420 80Z" fill="${f}"/><rect x="450" y="140" width="14" height="160" rx="7" fill="${l}"/>` +
        `<path d="M510 440 L650 410 L655 440 L520 470Z" fill="${d}"/>`;
    case 'magazine-pistol':
      return `<path d="M450 80 H550 L570 400 H470Z" fill="${f}"/><path d="M455 400 H590 V430 H455Z" fill="${d}"/>` +
        Array.from({ length: 6 }, (_, n) => `<circle cx="${520 + n * 2}" cy="${130 + n * 44}" r="7" fill="${l}"/>`).join('');
    case 'case-rifle':
      return `<rect x="80" y="170" width="840" height="170" rx="60" fill="${f}"/><path d="M120 185 H880" stroke="${d}" stroke-width="6" stroke-dasharray="10 6"/>` +
        `<path d="M420 170 q80-70 160 0" fill="none" stroke="${d}" stroke-width="16"/><rect x="200" y="230" width="600" height="70" rx="14" fill="${d}"/>`;
    case 'case-pistol':
      return `<rect x="270" y="140" width="460" height="280" rx="36" fill="${f}"/><path d="M300 160 H700" stroke="${d}" stroke-width="6" stroke-dasharray="10 6"/>` +
        `<path d="M430 140 q70-60 140 0" fill="none" stroke="${d}" stroke-width="14"/><rect x="330" y="220" width="340" height="150" rx="16" fill="${d}"/>`;
    case 'sling':
      return `<path d="M140 160 Q500 460 860 160" fill="none" stroke="${f}" stroke-width="34"/><path d="M330 300 Q500 400 670 300" fill="none" stroke="${d}" stroke-width="60" stroke-linecap="round"/>` +
        `<rect x="120" y="130" width="48" height="48" rx="8" fill="none" stroke="${brand.slate3}" stroke-width="10"/><rect x="832" y="130" width="48" height="48" rx="8" fill="none" stroke="${brand.slate3}" stroke-width="10"/>`;
    case 'cleaning-kit':
      return `<rect x="330" y="130" width="340" height="260" rx="30" fill="${f}"/><rect x="360" y="160" width="280" height="90" rx="14" fill="${d}"/>` +
        `<path d="M250 420 L760 110" stroke="${brand.slate3}" stroke-width="12" stroke-linecap="round"/><circle cx="760" cy="110" r="18" fill="${brand.tan}"/>`;
    case 'holster':
      return `<path d="M380 110 H640 Q660 110 660 140 V250 L600 420 H470 Q440 420 440 390 V260 L380 200Z" fill="${f}"/>` +
        `<rect x="520" y="150" width="60" height="150" rx="10" fill="${d}"/><circle cx="420" cy="160" r="9" fill="${d}"/><circle cx="620" cy="380" r="9" fill="${d}"/>`;
    case 'muzzle-device':
      return `<rect x="260" y="210" width="120" height="80" rx="6" fill="${d}"/><path d="M380 200 H740 V300 H380Z" fill="${f}"/>` +
        `<path d="M520 200 H740 M520 250 H740 M520 300 H740" stroke="${d}" stroke-width="14"/><rect x="390" y="214" width="60" height="72" fill="${d}"/>`;
    case 'service':
      return mark(300, 120, 400, f);
  }
}

/** The ridgeline mark: three peaks in a 100 x 60 box. */
function mark(x: number, y: number, w: number, color: string): string {
  const k = w / 100;
  return `<path transform="translate(${x} ${y}) scale(${k})" d="M0 60 L28 18 L42 36 L64 4 L100 60Z M10 60 L28 32 L36 44 L22 60Z" fill="${color}" fill-rule="evenodd"/>`;
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

function productArt(item: CmsMedia, shape: Shape, finish: string, view: string | undefined): string {
  const f = isFinishKey(finish) ? finishes[finish].hex : brand.slate3;
  const label = item.alternativeText.split(' in ')[0];
  const transform = view === 'angle' ? 'translate(130 230) rotate(-9 500 250) scale(.94)' : 'translate(100 150)';
  const viewBox = view === 'detail' ? '300 200 600 400' : '0 0 1200 800';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}" width="1200" height="800" role="img" aria-label="${esc(item.alternativeText)}">` +
    `<rect width="1200" height="800" fill="${brand.paper}"/><ellipse cx="600" cy="640" rx="430" ry="26" fill="#000" opacity=".08"/>` +
    `<g transform="${transform}">${silhouette(shape, f)}</g>` +
    (view === 'detail' ? '' : `<text x="60" y="740" ${FONT} font-size="30" font-weight="700" fill="${brand.slate}">${esc(label.toUpperCase())}</text>`) +
    (view === 'detail' ? '' : `<rect x="60" y="756" width="80" height="6" fill="${brand.orange}"/>`) +
    `</svg>\n`
  );
}

function bannerArt(item: CmsMedia, shape: Shape | undefined, finish: string | undefined): string {
  const w = item.width || 1600;
  const h = item.height || 700;
  const [headline, sub] = item.alternativeText.split(' — ');
  const size = Math.round(Math.min(w / 18, h / 7));
  const f = finish && isFinishKey(finish) ? finishes[finish].hex : brand.tan;
  const art = shape
    ? `<g transform="translate(${w * 0.5} ${h * 0.6 - 250 * ((w * 0.5) / 1000)}) scale(${(w * 0.5) / 1000})">${silhouette(shape, f)}</g>`
    : '';
  return svg(
    w,
    h,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${brand.slate}"/><stop offset="1" stop-color="${brand.slate2}"/></linearGradient></defs>` +
      `<rect width="${w}" height="${h}" fill="url(#g)"/>${ridges(w, h, 0.9)}${art}` +
      `<rect x="${w * 0.05}" y="${h * 0.3 - size * 1.2}" width="${size * 1.6}" height="${Math.max(4, size / 7)}" fill="${brand.orange}"/>` +
      `<text x="${w * 0.05}" y="${h * 0.3 + size * 0.2}" ${FONT} font-size="${size}" font-weight="800" fill="${brand.paper}">${esc(headline)}</text>` +
      (sub ? `<text x="${w * 0.05}" y="${h * 0.3 + size * 1.3}" ${FONT} font-size="${Math.round(size * 0.45)}" fill="${brand.tan}">${esc(sub)}</text>` : ''),
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
  const art = shape ? `<g transform="translate(${w * 0.47} ${h * 0.56 - 250 * scale}) scale(${scale})">${silhouette(shape, f)}</g>` : '';
  return svg(
    w,
    h,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${brand.slate}"/><stop offset="1" stop-color="${brand.slate2}"/></linearGradient></defs>` +
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
      (shape ? `<g transform="translate(${w * 0.1} ${(h - 500 * scale) / 2}) scale(${scale})">${silhouette(shape, f)}</g>` : ''),
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
      (shape ? `<g transform="translate(${w * 0.1} ${h * 0.12}) scale(${scale})">${silhouette(shape, f)}</g>` : '') +
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
    return isShape(shapeDir) ? productArt(fallback, shapeDir, tokens[1], view) : null;
  }
  if (folder === 'banners') return bannerArt(fallback, shape, finish);
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
