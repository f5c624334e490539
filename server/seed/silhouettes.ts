// Product silhouettes for the seed images (generate-images.ts), drawn in a 1000 x 500 box.
// Every model gets its own look: the seeded models have a hand-picked build below, and any other
// documentId gets one picked by a hash of the id, so a new product is drawn the same way every run.
// The finish colour fills the parts a buyer chooses the colour of; no text is ever drawn here.
import { brand, type Shape } from './palette';

// ---------------------------------------------------------------------------------------------
// Colours

export function shade(hex: string, amount: number): string {
  const n = parseInt(hex.slice(1), 16);
  const ch = (v: number) => Math.max(0, Math.min(255, Math.round(v + amount * 255)));
  const [r, g, bl] = [ch((n >> 16) & 255), ch((n >> 8) & 255), ch(n & 255)];
  return `#${((1 << 24) | (r << 16) | (g << 8) | bl).toString(16).slice(1)}`;
}

function luminance(hex: string): number {
  const n = parseInt(hex.slice(1), 16);
  return (0.299 * ((n >> 16) & 255) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255)) / 255;
}

/** f: finish; d: the finish a step off (slides, panels); e: detail lines on the finish; m: black metal and polymer. */
interface Tone {
  f: string;
  d: string;
  e: string;
  m: string;
  l: string;
}

function tones(f: string): Tone {
  const dark = luminance(f) < 0.3;
  return { f, d: shade(f, dark ? 0.07 : -0.1), e: shade(f, dark ? 0.2 : -0.24), m: dark ? '#131517' : '#2a2e32', l: shade(f, 0.16) };
}

// ---------------------------------------------------------------------------------------------
// Model options: hand-picked for the seeded models, hashed for anything else

function hash(text: string): number {
  let h = 2166136261;
  for (let n = 0; n < text.length; n++) h = Math.imul(h ^ text.charCodeAt(n), 16777619);
  return h >>> 0;
}

/** A deterministic choice from `list` for this id and option name. */
function pick<T>(id: string, name: string, list: readonly T[]): T {
  return list[hash(`${id}:${name}`) % list.length];
}

interface RifleOptions {
  stock: 'collapsible' | 'fixed' | 'precision' | 'skeleton';
  guard: 'ribbed' | 'quad' | 'mlok' | 'slim';
  guardLen: number;
  barrel: number;
  heavy: boolean;
  muzzle: 'bird' | 'brake' | 'can' | 'prong' | 'none';
  optic: 'irons' | 'reddot' | 'lpvo' | 'scope';
  mag: 'curve' | 'short' | 'box' | 'stick' | 'small';
  grip: 'a2' | 'vertical';
  extra: 'none' | 'bipod' | 'vfg';
}

const rifles: Record<string, RifleOptions> = {
  'rk-15-carbine': { stock: 'collapsible', guard: 'ribbed', guardLen: 230, barrel: 150, heavy: false, muzzle: 'bird', optic: 'irons', mag: 'curve', grip: 'a2', extra: 'none' },
  'rk-15-sport': { stock: 'fixed', guard: 'quad', guardLen: 250, barrel: 150, heavy: false, muzzle: 'bird', optic: 'reddot', mag: 'short', grip: 'a2', extra: 'none' },
  'rk-15-pro': { stock: 'precision', guard: 'mlok', guardLen: 360, barrel: 70, heavy: true, muzzle: 'brake', optic: 'lpvo', mag: 'curve', grip: 'vertical', extra: 'bipod' },
  'rk-15-ember-edition': { stock: 'skeleton', guard: 'mlok', guardLen: 330, barrel: 60, heavy: false, muzzle: 'prong', optic: 'reddot', mag: 'curve', grip: 'vertical', extra: 'vfg' },
  'rk-10-marksman': { stock: 'precision', guard: 'mlok', guardLen: 340, barrel: 130, heavy: true, muzzle: 'brake', optic: 'scope', mag: 'box', grip: 'vertical', extra: 'bipod' },
  'rk-10-hunter': { stock: 'fixed', guard: 'slim', guardLen: 280, barrel: 130, heavy: false, muzzle: 'can', optic: 'scope', mag: 'box', grip: 'a2', extra: 'none' },
  'ridgeback-pcc-9': { stock: 'collapsible', guard: 'mlok', guardLen: 200, barrel: 40, heavy: false, muzzle: 'can', optic: 'reddot', mag: 'stick', grip: 'a2', extra: 'vfg' },
  'rk-22-trainer': { stock: 'collapsible', guard: 'slim', guardLen: 220, barrel: 150, heavy: false, muzzle: 'none', optic: 'irons', mag: 'small', grip: 'a2', extra: 'none' },
};

function rifleOptions(shape: Shape, id: string): RifleOptions {
  const known = rifles[id];
  if (known) return known;
  const guardLen = pick(id, 'guardLen', [220, 260, 300, 340]);
  return {
    stock: pick(id, 'stock', ['collapsible', 'fixed', 'precision', 'skeleton'] as const),
    guard: pick(id, 'guard', ['ribbed', 'quad', 'mlok', 'slim'] as const),
    guardLen,
    barrel: pick(id, 'barrel', [60, 100, 140]),
    heavy: pick(id, 'heavy', [true, false]),
    muzzle: pick(id, 'muzzle', ['bird', 'brake', 'can', 'prong'] as const),
    optic: pick(id, 'optic', ['irons', 'reddot', 'lpvo', 'scope'] as const),
    mag: shape === 'rifle-ar10' ? 'box' : shape === 'rifle-pcc' ? 'stick' : shape === 'rifle-rimfire' ? 'small' : pick(id, 'mag', ['curve', 'short'] as const),
    grip: pick(id, 'grip', ['a2', 'vertical'] as const),
    extra: pick(id, 'extra', ['none', 'bipod', 'vfg'] as const),
  };
}

interface PistolOptions {
  slide: number;
  grip: number;
  height: number;
  serrations: 'rear' | 'both' | 'none';
  optic: boolean;
  comp: boolean;
  windows: boolean;
  light: boolean;
  hammer: boolean;
  extMag: boolean;
  bull: number;
}

const pistolBase: Record<string, Pick<PistolOptions, 'slide' | 'grip' | 'height'>> = {
  'pistol-full': { slide: 370, grip: 190, height: 78 },
  'pistol-compact': { slide: 340, grip: 172, height: 76 },
  'pistol-sub': { slide: 300, grip: 130, height: 74 },
  'pistol-longslide': { slide: 450, grip: 190, height: 78 },
  'pistol-frame': { slide: 360, grip: 180, height: 76 },
};

const pistols: Record<string, Partial<PistolOptions>> = {
  'rp-9-compact': { serrations: 'rear', optic: false, comp: false, windows: false, light: false, hammer: false, extMag: false, bull: 0 },
  'rp-9-ember-edition': { serrations: 'both', optic: true, comp: false, windows: true, light: false, hammer: false, extMag: false, bull: 0 },
  'rp-9-full-size': { serrations: 'both', optic: false, comp: false, windows: false, light: true, hammer: false, extMag: false, bull: 0 },
  'rp-45-full-size': { serrations: 'rear', optic: false, comp: false, windows: false, light: false, hammer: true, extMag: false, bull: 0, height: 90, slide: 390 },
  'rp-22-target': { serrations: 'none', optic: true, comp: false, windows: false, light: false, hammer: false, extMag: false, bull: 130, slide: 300, height: 66 },
  'rp-9-subcompact': { serrations: 'both', optic: true, comp: false, windows: false, light: false, hammer: false, extMag: true, bull: 0 },
  'rp-380-pocket': { serrations: 'none', optic: false, comp: false, windows: false, light: false, hammer: true, extMag: false, bull: 0, slide: 250, grip: 110, height: 64 },
  'rp-10-longslide': { serrations: 'both', optic: true, comp: true, windows: true, light: false, hammer: false, extMag: true, bull: 0 },
};

function pistolOptions(shape: Shape, id: string): PistolOptions {
  const base = pistolBase[shape] ?? pistolBase['pistol-full'];
  const hashed: PistolOptions = {
    ...base,
    serrations: pick(id, 'serrations', ['rear', 'both', 'none'] as const),
    optic: pick(id, 'optic', [true, false]),
    comp: shape === 'pistol-longslide' ? pick(id, 'comp', [true, false]) : false,
    windows: pick(id, 'windows', [true, false, false]),
    light: pick(id, 'light', [true, false, false]),
    hammer: pick(id, 'hammer', [true, false, false]),
    extMag: pick(id, 'extMag', [true, false]),
    bull: 0,
  };
  return { ...hashed, ...pistols[id] };
}

// ---------------------------------------------------------------------------------------------
// Rifles

function rifleAr(t: Tone, o: RifleOptions): string {
  const { f, m } = t;
  const parts: string[] = [];
  // Stock, attached at x 300 with the bore line at y 200.
  const stock = {
    collapsible:
      `<rect x="170" y="184" width="140" height="22" fill="${m}"/>` +
      `<path d="M78 172 H236 V188 L228 236 L118 268 Q90 274 84 258 L78 238Z" fill="${f}"/>` +
      `<path d="M100 200 H214" stroke="${t.e}" stroke-width="8"/><rect x="66" y="168" width="16" height="104" rx="4" fill="${m}"/>`,
    fixed: `<path d="M62 176 L304 174 V226 L74 284 Q56 288 58 266Z" fill="${f}"/><rect x="48" y="172" width="16" height="116" rx="4" fill="${m}"/>`,
    precision:
      `<path d="M56 154 H150 V168 H206 V150 H304 V224 H178 L154 264 H124 L116 292 H56Z" fill="${f}"/>` +
      `<path d="M150 168 V150 M206 168 H150" stroke="${t.e}" stroke-width="8"/><rect x="42" y="150" width="16" height="146" rx="4" fill="${m}"/>`,
    skeleton: `<path d="M70 172 H304 V226 L160 274 H70Z M108 194 V250 H154 L262 214 V194Z" fill="${f}" fill-rule="evenodd"/><rect x="58" y="168" width="14" height="110" rx="4" fill="${m}"/>`,
  }[o.stock];
  parts.push(stock);
  // Receiver, grip, trigger guard and magazine.
  const grip = o.grip === 'a2' ? `<path d="M322 236 h42 l-22 92 h-42 l8-26z" fill="${m}"/>` : `<path d="M324 236 h42 l-4 96 h-42z" fill="${m}"/>`;
  const mag = {
    curve: `<path d="M386 238 h52 q8 62 32 106 l-50 14 q-28-52-34-120z" fill="${m}"/>`,
    short: `<path d="M386 238 h52 q4 34 14 58 l-50 10 q-14-30-16-68z" fill="${m}"/>`,
    box: `<path d="M380 238 h64 l6 92 h-66z" fill="${m}"/><path d="M390 262 h46" stroke="${t.l}" stroke-width="4"/>`,
    stick: `<path d="M398 238 h30 l8 128 h-30z" fill="${m}"/>`,
    small: `<path d="M394 238 h40 l4 54 h-40z" fill="${m}"/>`,
  }[o.mag];
  parts.push(
    grip + mag,
    `<path d="M300 164 H484 V214 H300Z" fill="${f}"/><path d="M306 212 H470 V238 L452 252 H336 L312 238Z" fill="${f}"/>`,
    `<rect x="360" y="180" width="60" height="16" rx="3" fill="${t.e}"/><circle cx="444" cy="188" r="7" fill="${t.e}"/>`,
    `<path d="M346 252 q4 28 38 28 h44" fill="none" stroke="${f}" stroke-width="7"/>`,
  );
  // Handguard, barrel and muzzle device.
  const g0 = 484;
  const g1 = g0 + o.guardLen;
  const guard = {
    ribbed:
      `<rect x="${g0}" y="170" width="${o.guardLen}" height="56" rx="26" fill="${f}"/><rect x="${g0 - 4}" y="164" width="14" height="68" rx="3" fill="${m}"/>` +
      `<path d="M${g0 + 24} 198 H${g1 - 20}" stroke="${t.e}" stroke-width="40" stroke-dasharray="6 18"/>`,
    quad:
      `<rect x="${g0}" y="158" width="${o.guardLen}" height="80" rx="4" fill="${f}"/>` +
      `<path d="M${g0 + 6} 162 H${g1 - 6} M${g0 + 6} 234 H${g1 - 6}" stroke="${t.e}" stroke-width="8" stroke-dasharray="8 8"/>`,
    mlok:
      `<rect x="${g0}" y="166" width="${o.guardLen}" height="62" rx="10" fill="${f}"/><path d="M${g0 + 4} 164 H${g1 - 4}" stroke="${t.e}" stroke-width="5" stroke-dasharray="6 6"/>` +
      `<path d="M${g0 + 24} 198 H${g1 - 16}" stroke="${t.e}" stroke-width="12" stroke-dasharray="30 14" stroke-linecap="round"/>`,
    slim: `<rect x="${g0}" y="172" width="${o.guardLen}" height="50" rx="22" fill="${f}"/><path d="M${g0 + 30} 197 H${g1 - 20}" stroke="${t.e}" stroke-width="14" stroke-dasharray="14 36" stroke-linecap="round"/>`,
  }[o.guard];
  const bore = o.heavy ? 11 : 7;
  const b1 = g1 + o.barrel;
  parts.push(`<rect x="${g1 - 10}" y="${200 - bore}" width="${o.barrel + 10}" height="${bore * 2}" fill="${m}"/>`, guard);
  if (o.guard === 'ribbed') parts.push(`<path d="M${g1 + 2} 194 v-24 l12-40 h10 l6 64z" fill="${m}"/>`);
  let end = b1;
  if (o.muzzle === 'bird') {
    parts.push(`<rect x="${b1}" y="188" width="44" height="24" rx="3" fill="${m}"/><path d="M${b1 + 14} 192 v8 M${b1 + 28} 192 v8" stroke="${t.l}" stroke-width="5"/>`);
    end += 44;
  } else if (o.muzzle === 'brake') {
    parts.push(`<rect x="${b1}" y="184" width="64" height="32" rx="4" fill="${m}"/><path d="M${b1 + 14} 188 v24 M${b1 + 30} 188 v24 M${b1 + 46} 188 v24" stroke="${t.l}" stroke-width="6"/>`);
    end += 64;
  } else if (o.muzzle === 'can') {
    parts.push(`<rect x="${b1}" y="176" width="170" height="48" rx="10" fill="${m}"/><path d="M${b1 + 20} 182 v36 M${b1 + 150} 182 v36" stroke="${t.l}" stroke-width="4"/>`);
    end += 170;
  } else if (o.muzzle === 'prong') {
    parts.push(`<rect x="${b1}" y="188" width="20" height="24" fill="${m}"/><path d="M${b1 + 18} 190 h40 M${b1 + 18} 200 h40 M${b1 + 18} 210 h40" stroke="${m}" stroke-width="7"/>`);
    end += 58;
  }
  // Sights or optic on the receiver's rail.
  const optic = {
    irons:
      `<path d="M304 164 v-30 h30 l8 30z" fill="${m}"/><circle cx="319" cy="144" r="5" fill="${t.l}"/>` +
      (o.guard === 'ribbed' ? '' : `<path d="M${g1 - 34} 166 v-34 h20 l6 34z" fill="${m}"/>`),
    reddot: `<rect x="372" y="148" width="64" height="16" fill="${m}"/><path d="M366 150 v-44 q0-12 12-12 h52 q12 0 12 12 v44z" fill="${m}"/><circle cx="404" cy="124" r="9" fill="${brand.orange}"/>`,
    lpvo:
      `<rect x="330" y="140" width="16" height="26" fill="${m}"/><rect x="420" y="140" width="16" height="26" fill="${m}"/>` +
      `<path d="M250 100 H306 L330 112 H456 L482 96 H548 V150 H482 L456 134 H330 L306 146 H250Z" fill="${m}"/><rect x="376" y="84" width="26" height="30" rx="3" fill="${m}"/>`,
    scope:
      `<rect x="340" y="138" width="18" height="28" fill="${m}"/><rect x="440" y="138" width="18" height="28" fill="${m}"/>` +
      `<path d="M236 98 H292 L322 112 H480 L520 84 H610 V158 H520 L480 136 H322 L292 150 H236Z" fill="${m}"/><rect x="386" y="78" width="34" height="36" rx="4" fill="${m}"/><rect x="396" y="134" width="24" height="24" rx="3" fill="${m}"/>`,
  }[o.optic];
  parts.push(optic);
  if (o.extra === 'bipod') parts.push(`<path d="M${g1 - 60} 226 l-56 112 M${g1 - 44} 226 l40 112" stroke="${m}" stroke-width="11" stroke-linecap="round"/><rect x="${g1 - 70}" y="222" width="36" height="18" fill="${m}"/>`);
  if (o.extra === 'vfg') parts.push(`<rect x="${g0 + Math.round(o.guardLen * 0.45)}" y="220" width="32" height="78" rx="10" fill="${m}"/>`);
  return fit(parts.join(''), o.stock === 'precision' ? 42 : 48, Math.max(end, 560));
}

/** Centres a drawing that spans x0..x1 in the 1000-wide box, shrinking it when it is too long. */
function fit(body: string, x0: number, x1: number): string {
  const width = x1 - x0;
  const scale = Math.min(1, 940 / width);
  const dx = 500 - ((x0 + x1) / 2) * scale;
  const dy = 250 - 250 * scale;
  return scale === 1 ? `<g transform="translate(${Math.round(dx)} 0)">${body}</g>` : `<g transform="translate(${Math.round(dx)} ${Math.round(dy)}) scale(${scale.toFixed(3)})">${body}</g>`;
}

function rifleBolt(t: Tone, id: string): string {
  const { f, m } = t;
  const special = id === 'summit-copper-canyon-edition' || (!(id === 'summit-bolt-action') && pick(id, 'bolt', [true, false]));
  const stock = special
    ? // Thumbhole stock with a raised comb.
      `<path d="M40 232 L96 184 L332 206 L372 238 L462 232 L760 220 V244 L470 262 L400 300 L340 302 L304 266 L108 292 L40 298Z M196 226 L292 226 Q306 250 284 262 L206 266Z" fill="${f}" fill-rule="evenodd"/>`
    : `<path d="M40 236 L110 200 L330 212 L370 238 L460 232 L800 218 V242 L470 262 L400 300 L336 302 L300 262 L108 288 L40 294Z" fill="${f}"/><path d="M120 236 L300 224" stroke="${t.e}" stroke-width="6"/>`;
  const barrelEnd = special ? 880 : 950;
  return (
    stock +
    `<rect x="40" y="${special ? 184 : 202}" width="14" height="${special ? 116 : 94}" rx="4" fill="${m}"/>` +
    `<rect x="330" y="190" width="150" height="30" rx="6" fill="${m}"/><rect x="470" y="198" width="${barrelEnd - 470}" height="${special ? 18 : 13}" fill="${m}"/>` +
    (special
      ? `<rect x="${barrelEnd}" y="190" width="70" height="34" rx="4" fill="${m}"/><path d="M${barrelEnd + 16} 194 v26 M${barrelEnd + 34} 194 v26 M${barrelEnd + 52} 194 v26" stroke="${t.l}" stroke-width="6"/>` +
        `<path d="M300 168 h60 l30 12 h170 l36-28 h88 v70 h-88 l-36-22 h-170 l-30 12 h-60z" fill="${m}"/><rect x="450" y="150" width="30" height="36" rx="4" fill="${m}"/>` +
        `<path d="M380 238 h64" stroke="${brand.tan}" stroke-width="10"/>`
      : `<path d="M350 190 h240 l24-14 h40 v42 h-40 l-24-14 h-240z" fill="${m}"/><rect x="452" y="170" width="24" height="22" rx="3" fill="${m}"/>`) +
    `<path d="M440 222 l14 34" stroke="${m}" stroke-width="10" stroke-linecap="round"/><circle cx="456" cy="262" r="10" fill="${m}"/>` +
    `<path d="M372 262 q-4 34 36 36 h30" fill="none" stroke="${m}" stroke-width="7"/>`
  );
}

function rifleLever(t: Tone, id: string): string {
  const { f, m } = t;
  const big = id !== 'trailhand-lever-action' && pick(id, 'loop', [true, false]);
  return (
    `<path d="M40 236 L100 204 L300 216 L320 244 L120 286 L40 292Z" fill="${f}"/><rect x="32" y="232" width="12" height="62" rx="3" fill="${m}"/>` +
    `<rect x="300" y="194" width="150" height="58" rx="8" fill="${m}"/><circle cx="338" cy="214" r="8" fill="${t.l}"/>` +
    `<rect x="450" y="198" width="470" height="15" fill="${m}"/><rect x="450" y="218" width="400" height="13" fill="${m}"/>` +
    `<path d="M450 214 H720 Q736 230 720 246 H470Z" fill="${f}"/><rect x="860" y="214" width="20" height="20" fill="${m}"/>` +
    `<path d="M908 198 v-18 h10 v18z M400 194 v-14 h16 v14z" fill="${m}"/>` +
    (big
      ? `<path d="M316 252 q-16 86 60 86 q76 0 66-86" fill="none" stroke="${m}" stroke-width="12"/>`
      : `<path d="M318 252 q-10 60 50 64 q70 0 60-64" fill="none" stroke="${m}" stroke-width="10"/>`)
  );
}

// ---------------------------------------------------------------------------------------------
// Pistols: drawn with the muzzle to the right, slide top at y 0, then scaled and centred.

function pistolArt(t: Tone, o: PistolOptions, frameOnly: boolean): string {
  const { f, d, e, m } = t;
  const L = o.slide;
  const H = o.height;
  const G = o.grip;
  const parts: string[] = [];
  const slant = Math.round(G * 0.2);
  // Grip and frame.
  parts.push(
    `<path d="M4 ${H - 6} H${L - 16} V${H + 30} H${Math.round(L * 0.5)} L${Math.round(L * 0.42)} ${H + 34} H130 L${130 - slant} ${H + G} H${-8 - slant} L-6 ${H + 40} Q-14 ${H + 10} -22 ${H + 2} Z" fill="${f}"/>`,
    `<path d="M126 ${H + 30} q4 44 56 42 q26 0 30-42" fill="none" stroke="${f}" stroke-width="11"/>`,
    `<path d="M150 ${H + 30} q6 20 2 34" stroke="${m}" stroke-width="8" stroke-linecap="round" fill="none"/>`,
    `<path d="M${Math.round(66 - slant * 0.15)} ${H + 46} L${Math.round(56 - slant * 0.9)} ${H + G - 22}" stroke="${e}" stroke-width="54" stroke-dasharray="3 9"/>`,
    `<rect x="${-14 - slant}" y="${H + G - 4}" width="${140}" height="${o.extMag ? 30 : 14}" rx="4" fill="${m}"/>`,
  );
  if (!frameOnly && !o.light) parts.push(`<path d="M${Math.round(L * 0.52)} ${H + 34} H${L - 24}" stroke="${e}" stroke-width="6" stroke-dasharray="8 6"/>`);
  if (o.light && !frameOnly) parts.push(`<rect x="${Math.round(L * 0.52)}" y="${H + 26}" width="${Math.round(L * 0.48) - 10}" height="40" rx="8" fill="${m}"/><rect x="${L - 22}" y="${H + 30}" width="10" height="32" fill="${brand.tan}"/>`);
  if (frameOnly) {
    parts.push(`<path d="M10 ${H - 10} H${L - 20}" stroke="${e}" stroke-width="10" stroke-dasharray="20 12"/><rect x="40" y="${H - 20}" width="50" height="16" fill="${m}"/><rect x="${L - 90}" y="${H - 20}" width="50" height="16" fill="${m}"/>`);
    return pistolFit(parts.join(''), o, -30 - slant, L);
  }
  // Slide.
  if (o.bull) parts.push(`<rect x="${L - 10}" y="10" width="${o.bull + 10}" height="34" fill="${m}"/><path d="M${L + o.bull - 16} 10 v-16 h10 v16z" fill="${m}"/>`);
  parts.push(`<path d="M0 0 H${L} V${H} H-6 Q-10 ${H} -10 ${H - 10} V8 Q-10 0 0 0Z" fill="${d}"/>`);
  if (o.hammer) parts.push(`<path d="M-8 10 h-20 q-10 0 -10 10 v14 h30z" fill="${m}"/>`);
  const lines = (x: number) => Array.from({ length: 5 }, (_, n) => `M${x + n * 12} 10 V${H - 14}`).join(' ');
  if (o.serrations !== 'none') parts.push(`<path d="${lines(14)}${o.serrations === 'both' ? ` ${lines(L - 86)}` : ''}" stroke="${e}" stroke-width="5"/>`);
  if (o.windows) parts.push(`<path d="M${Math.round(L * 0.42)} 10 h${Math.round(L * 0.16)} v18 h-${Math.round(L * 0.16)}z M${Math.round(L * 0.62)} 10 h${Math.round(L * 0.12)} v18 h-${Math.round(L * 0.12)}z" fill="${m}"/>`);
  parts.push(`<rect x="${L - 32}" y="${H - 26}" width="22" height="14" rx="2" fill="${e}"/><rect x="${Math.round(L * 0.3)}" y="${H - 22}" width="${Math.round(L * 0.22)}" height="10" fill="${e}"/>`);
  if (o.optic) parts.push(`<path d="M${Math.round(L * 0.12)} 0 v-34 q0-10 10-10 h58 q10 0 10 10 v34z" fill="${m}"/><circle cx="${Math.round(L * 0.12) + 58}" cy="-20" r="7" fill="${brand.orange}"/>`);
  else parts.push(`<rect x="10" y="-12" width="24" height="12" fill="${m}"/>`);
  let right = L + o.bull;
  if (o.comp) {
    parts.push(`<path d="M${L} 0 h64 q8 0 8 8 v${H - 22} h-72z" fill="${f}"/><path d="M${L + 16} 2 v18 M${L + 34} 2 v18 M${L + 52} 2 v18" stroke="${m}" stroke-width="8"/>`);
    right += 72;
  } else if (!o.bull) parts.push(`<rect x="${L - 24}" y="-12" width="12" height="12" fill="${m}"/>`);
  return pistolFit(parts.join(''), o, (o.hammer ? -40 : -26) - slant, right);
}

function pistolFit(body: string, o: PistolOptions, x0: number, x1: number): string {
  const scale = 1.4;
  const top = o.optic ? -44 : -16;
  const bottom = o.height + o.grip + (o.extMag ? 30 : 14);
  const dx = Math.round(500 - ((x0 + x1) / 2) * scale);
  const dy = Math.round(250 - ((top + bottom) / 2) * scale);
  return `<g transform="translate(${dx} ${dy}) scale(${scale})">${body}</g>`;
}

// ---------------------------------------------------------------------------------------------
// Apparel and gear

/** The ridgeline mark: three peaks in a 100 x 60 box. */
export function mark(x: number, y: number, w: number, color: string): string {
  const k = w / 100;
  return `<path transform="translate(${x} ${y}) scale(${k})" d="M0 60 L28 18 L42 36 L64 4 L100 60Z M10 60 L28 32 L36 44 L22 60Z" fill="${color}" fill-rule="evenodd"/>`;
}

function tee(t: Tone, id: string): string {
  const big = id === 'ember-edition-tee' || (id !== 'logo-tee' && pick(id, 'print', [true, false]));
  const ink = luminance(t.f) > 0.55 ? brand.slate : brand.paper;
  return (
    `<path d="M400 90 L330 110 L240 170 L285 240 L340 210 V440 H660 V210 L715 240 L760 170 L670 110 L600 90 Q500 140 400 90Z" fill="${t.f}"/>` +
    `<path d="M400 90 Q500 140 600 90" fill="none" stroke="${t.e}" stroke-width="10"/>` +
    (big
      ? mark(400, 200, 200, ink) + `<path d="M252 180 L290 236 M748 180 L710 236" stroke="${brand.slate}" stroke-width="16"/>`
      : mark(560, 180, 60, ink))
  );
}

function cap(t: Tone, id: string): string {
  const trucker = id === 'ridgeline-trucker' || (id !== 'range-cap' && pick(id, 'trucker', [true, false]));
  if (trucker) {
    return (
      `<path d="M300 300 Q300 130 500 110 Q640 120 690 220 L700 300Z" fill="${t.f}"/>` +
      `<path d="M560 118 Q660 140 690 220 L700 300 H560Z" fill="${brand.paper}" opacity=".35"/><path d="M580 140 V296 M620 150 V296 M660 180 V296" stroke="${t.e}" stroke-width="5"/>` +
      `<path d="M640 284 H870 Q890 300 870 318 H640Z" fill="${t.d}"/><rect x="380" y="180" width="140" height="70" rx="6" fill="${brand.paper}"/>` +
      mark(405, 195, 90, brand.slate)
    );
  }
  return (
    `<path d="M300 300 Q300 130 500 120 Q700 130 700 300Z" fill="${t.f}"/><path d="M640 290 Q800 290 860 330 Q760 350 640 320Z" fill="${t.d}"/>` +
    `<path d="M500 120 V300 M420 130 Q400 200 410 300" stroke="${t.e}" stroke-width="5" fill="none"/><circle cx="500" cy="122" r="10" fill="${t.e}"/>` +
    `<rect x="530" y="200" width="90" height="56" rx="8" fill="${brand.tan}"/>` +
    mark(545, 212, 60, brand.slate)
  );
}

function lowerReceiver(t: Tone, id: string): string {
  const big = id === 'rk-10-stripped-lower' || (id !== 'rk-15-stripped-lower' && pick(id, 'big', [true, false]));
  const body =
    `<path d="M250 170 H720 V260 H640 L610 330 H520 L500 260 H420 Q390 300 330 300 L300 262 H250Z" fill="${t.f}"/>` +
    `<rect x="520" y="260" width="90" height="70" fill="${t.e}"/><circle cx="300" cy="200" r="12" fill="${t.e}"/>` +
    `<circle cx="690" cy="200" r="12" fill="${t.e}"/><path d="M420 262 q20 46 80 40" fill="none" stroke="${t.e}" stroke-width="9"/>` +
    `<rect x="200" y="190" width="50" height="40" fill="${t.m}"/><circle cx="470" cy="215" r="9" fill="${t.e}"/>`;
  return big
    ? `<g transform="translate(-70 -70) scale(1.15)">${body}<path d="M270 176 l40 40 M640 176 l40 40" stroke="${t.e}" stroke-width="8"/><rect x="520" y="330" width="90" height="24" fill="${t.f}"/></g>`
    : body;
}

/** Services: the mark, and beside it the work (a sight-in reticle, engraving scrolls, action gears). */
function service(t: Tone, id: string): string {
  if (!id) return mark(300, 120, 400, t.f);
  const kind = /sight/.test(id) ? 'reticle' : /engrav/.test(id) ? 'scroll' : /action|trigger/.test(id) ? 'gear' : pick(id, 'service', ['reticle', 'scroll', 'gear'] as const);
  const art = {
    reticle: `<circle cx="680" cy="250" r="120" fill="none" stroke="${t.m}" stroke-width="22"/><path d="M680 110 V220 M680 280 V390 M540 250 H650 M710 250 H820" stroke="${t.m}" stroke-width="12"/><circle cx="680" cy="250" r="12" fill="${brand.orange}"/>`,
    scroll: `<path d="M540 330 q50-120 100 0 t100 0 M560 200 q40-80 80 0 t80 0 t60 -10" fill="none" stroke="${t.m}" stroke-width="18" stroke-linecap="round"/><path d="M820 110 L700 360" stroke="${brand.orange}" stroke-width="14" stroke-linecap="round"/>`,
    gear: `<circle cx="680" cy="250" r="100" fill="none" stroke="${t.m}" stroke-width="46" stroke-dasharray="26 26"/><circle cx="680" cy="250" r="88" fill="${t.m}"/><circle cx="680" cy="250" r="34" fill="${brand.paper}"/>`,
  }[kind];
  return mark(120, 150, 340, t.f) + art;
}

/** The silhouette of a product of `shape` in finish colour `f`; `id` (the documentId) picks the model's variation. */
export function silhouette(shape: Shape, f: string, id = ''): string {
  const t = tones(f);
  const { d, l } = { d: shade(f, -0.16), l: t.l };
  switch (shape) {
    case 'rifle-ar':
    case 'rifle-ar10':
    case 'rifle-pcc':
    case 'rifle-rimfire':
      return rifleAr(t, rifleOptions(shape, id || { 'rifle-ar': 'rk-15-carbine', 'rifle-ar10': 'rk-10-marksman', 'rifle-pcc': 'ridgeback-pcc-9', 'rifle-rimfire': 'rk-22-trainer' }[shape]));
    case 'rifle-bolt':
      return rifleBolt(t, id || 'summit-bolt-action');
    case 'rifle-lever':
      return rifleLever(t, id || 'trailhand-lever-action');
    case 'lower-receiver':
      return lowerReceiver(t, id || 'rk-15-stripped-lower');
    case 'pistol-full':
    case 'pistol-compact':
    case 'pistol-sub':
    case 'pistol-longslide':
    case 'pistol-frame':
      return pistolArt(t, pistolOptions(shape, id || `${shape}-default`), shape === 'pistol-frame');
    case 'tee':
      return tee(t, id || 'logo-tee');
    case 'hoodie':
      return (
        `<path d="M390 110 L320 130 L220 300 L270 320 L340 230 V450 H660 V230 L730 320 L780 300 L680 130 L610 110 Q500 30 390 110Z" fill="${f}"/>` +
        `<path d="M430 110 Q500 70 570 110 Q540 160 500 160 Q460 160 430 110Z" fill="${t.e}"/>` +
        `<path d="M420 330 H580 L560 400 H440Z" fill="${d}"/><path d="M470 150 v70 M530 150 v70" stroke="${l}" stroke-width="6"/>` +
        `<path d="M340 420 H660" stroke="${t.e}" stroke-width="14"/>`
      );
    case 'cap':
      return cap(t, id || 'range-cap');
    case 'jacket':
      return (
        `<path d="M400 90 L330 110 L230 420 L290 430 L345 240 V450 H655 V240 L710 430 L770 420 L670 110 L600 90 Q500 130 400 90Z" fill="${f}"/>` +
        `<path d="M420 70 L500 120 L580 70 L600 90 L500 150 L400 90Z" fill="${t.e}"/>` +
        `<path d="M500 130 V450" stroke="${l}" stroke-width="6"/><path d="M380 300 l60 -14 M620 300 l-60 -14" stroke="${t.e}" stroke-width="8"/><rect x="540" y="180" width="70" height="10" fill="${d}"/>`
      );
    case 'optic-lpvo':
      return (
        `<path d="M200 210 H340 L380 225 H640 L690 195 H820 V295 H690 L640 265 H380 L340 280 H200Z" fill="${f}"/>` +
        `<rect x="470" y="170" width="50" height="55" rx="6" fill="${t.m}"/><rect x="500" y="245" width="40" height="50" rx="6" fill="${t.m}"/>` +
        `<rect x="240" y="205" width="60" height="80" rx="6" fill="${t.e}"/><rect x="400" y="280" width="40" height="50" fill="${t.m}"/><rect x="580" y="280" width="40" height="50" fill="${t.m}"/><rect x="360" y="326" width="300" height="20" rx="3" fill="${t.m}"/>`
      );
    case 'optic-reddot':
      return (
        `<path d="M350 300 V200 Q350 160 420 150 H600 Q650 160 650 210 V300Z" fill="${f}"/><rect x="400" y="190" width="200" height="80" rx="12" fill="#9fb6c4" opacity=".55"/>` +
        `<circle cx="500" cy="230" r="8" fill="${brand.orange}"/><rect x="330" y="300" width="340" height="24" rx="4" fill="${d}"/><rect x="655" y="220" width="24" height="50" rx="4" fill="${t.e}"/>`
      );
    case 'magazine-rifle':
      return (
        `<path d="M420 80 H560 Q560 260 640 420 L520 450 Q420 270 420 80Z" fill="${f}"/><rect x="450" y="140" width="14" height="160" rx="7" fill="${l}"/>` +
        `<path d="M470 110 H540 M478 130 H546" stroke="${t.e}" stroke-width="6"/><path d="M510 440 L650 410 L655 440 L520 470Z" fill="${d}"/>`
      );
    case 'magazine-pistol':
      return (
        `<path d="M450 80 H550 L570 400 H470Z" fill="${f}"/><path d="M455 400 H590 V430 H455Z" fill="${d}"/><path d="M460 70 h80 l-6 18 h-68z" fill="${brand.tan}"/>` +
        Array.from({ length: 6 }, (_, n) => `<circle cx="${520 + n * 2}" cy="${130 + n * 44}" r="7" fill="${l}"/>`).join('')
      );
    case 'case-rifle':
      return (
        `<rect x="80" y="170" width="840" height="170" rx="60" fill="${f}"/><path d="M120 185 H880" stroke="${d}" stroke-width="6" stroke-dasharray="10 6"/>` +
        `<path d="M420 170 q80-70 160 0" fill="none" stroke="${d}" stroke-width="16"/><rect x="200" y="230" width="600" height="70" rx="14" fill="${d}"/>`
      );
    case 'case-pistol':
      return (
        `<rect x="270" y="140" width="460" height="280" rx="36" fill="${f}"/><path d="M300 160 H700" stroke="${d}" stroke-width="6" stroke-dasharray="10 6"/>` +
        `<path d="M430 140 q70-60 140 0" fill="none" stroke="${d}" stroke-width="14"/><rect x="330" y="220" width="340" height="150" rx="16" fill="${d}"/>`
      );
    case 'sling':
      return (
        `<path d="M140 160 Q500 460 860 160" fill="none" stroke="${f}" stroke-width="34"/><path d="M330 300 Q500 400 670 300" fill="none" stroke="${d}" stroke-width="60" stroke-linecap="round"/>` +
        `<rect x="120" y="130" width="48" height="48" rx="8" fill="none" stroke="${brand.slate3}" stroke-width="10"/><rect x="832" y="130" width="48" height="48" rx="8" fill="none" stroke="${brand.slate3}" stroke-width="10"/>`
      );
    case 'cleaning-kit':
      return (
        `<rect x="330" y="130" width="340" height="260" rx="30" fill="${f}"/><rect x="360" y="160" width="280" height="90" rx="14" fill="${d}"/>` +
        `<path d="M250 420 L760 110" stroke="${brand.slate3}" stroke-width="12" stroke-linecap="round"/><circle cx="760" cy="110" r="18" fill="${brand.tan}"/>`
      );
    case 'holster':
      return (
        `<path d="M380 110 H640 Q660 110 660 140 V250 L600 420 H470 Q440 420 440 390 V260 L380 200Z" fill="${f}"/>` +
        `<rect x="520" y="150" width="60" height="150" rx="10" fill="${d}"/><circle cx="420" cy="160" r="9" fill="${d}"/><circle cx="620" cy="380" r="9" fill="${d}"/>`
      );
    case 'muzzle-device':
      return (
        `<rect x="260" y="210" width="120" height="80" rx="6" fill="${d}"/><path d="M380 200 H740 V300 H380Z" fill="${f}"/>` +
        `<path d="M520 200 H740 M520 250 H740 M520 300 H740" stroke="${d}" stroke-width="14"/><rect x="390" y="214" width="60" height="72" fill="${d}"/>`
      );
    case 'service':
      return service(t, id);
  }
}
