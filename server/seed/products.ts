// Demo catalogue in the content-service form (decision 002): rifles (product-long), pistols
// (product-short), apparel and accessories (product-short-alt). Prices and stock are not content;
// they live in pricing.ts and skus.ts. Every image is drawn by generate-images.ts from its path:
// /media/products/<shape>/<documentId>--<finish>[--angle|--detail].svg
import { a, b, c, counter, h, i, media, p, s, specList, u } from './helpers';
import { finishes, type FinishKey, type Shape } from './palette';
import { discounts, finalPrice, listPrice, serviceSkus } from './pricing';
import { toRef } from './product-ref';
import type { CmsMedia, CmsProduct, CmsSku, ProductDisplayType, RichText } from './content-shapes';

type SizeGuide = NonNullable<CmsProduct['size_guide']>;

const nextId = counter(1);
const nextOptionId = counter(5001);
const nextMiscId = counter(20001);

// ---------------------------------------------------------------------------------------------
// Restriction sets (fictional policy for the demo; shop-core spec section 5 applies them).

/** States where the demo treats semi-automatic rifles with these features as not shippable. */
const RIFLE_FEATURE_STATES = ['CA', 'NY', 'NJ', 'MA', 'CT', 'MD', 'IL', 'WA', 'DE'];
/** States with magazine capacity limits (10 rounds in the demo's rules). */
const MAG_LIMIT_STATES = ['CA', 'NY', 'NJ', 'MA', 'CT', 'CO', 'HI', 'MD', 'WA', 'VT', 'DE', 'RI', 'IL', 'OR'];
/** States with a handgun roster the demo pistols are not on. */
const HANDGUN_ROSTER_STATES = ['CA', 'MA'];
/** Manhattan and Boston zip prefixes: local permit rules stop shipping even where the state allows. */
const METRO_ZIPS = ['100', '021'];
/** Chicago prefix plus two full Washington, DC zips. */
const CITY_ZIPS = ['606', '20001', '20002'];

interface Restriction {
  states: string[];
  zips: string[];
}

// ---------------------------------------------------------------------------------------------
// Builder

type Category = 'rifles' | 'pistols' | 'apparel' | 'accessories' | 'receivers' | 'limited';

const categoryCrumb: Record<Category, { title: string; url: string }> = {
  rifles: { title: 'Rifles', url: '/product/collection-filterable-grid/all-rifles' },
  receivers: { title: 'Receivers', url: '/product/collection-simple-grid/receivers' },
  pistols: { title: 'Pistols', url: '/product/collection-tabbed-grid/pistols' },
  apparel: { title: 'Apparel', url: '/product/collection-simple-grid/apparel' },
  accessories: { title: 'Accessories', url: '/product/collection-filterable-grid/accessories' },
  limited: { title: 'Limited Edition', url: '/product/collection-cards/limited-edition' },
};

interface VariantSpec {
  /** 'finish' and 'color' options are finish keys and decide the sku's image colour. */
  key: string;
  label: string;
  options: [title: string, value: string][];
}

interface AddOnSpec {
  title: string;
  field: string;
  skus: string[];
}

interface ProductSpec {
  documentId: string;
  title: string;
  subtitle: string;
  display: ProductDisplayType;
  category: Category;
  shape: Shape;
  prefix: string;
  ffl?: boolean;
  receiver?: boolean;
  /** Finish of images when no 'finish'/'color' variant decides it. */
  finish?: FinishKey;
  variants?: VariantSpec[];
  /** Keeps only the combinations that are made (values in variant order). */
  allow?: (v: Record<string, string>) => boolean;
  restrict?: Restriction | ((v: Record<string, string>) => Restriction | null);
  aboutTitle?: string;
  summary: RichText;
  specs: [string, string][];
  details: { title: string; items: string[] }[];
  disclaimer?: string;
  patents?: string;
  readMore?: { title: string; url: string };
  moreDetails?: [question: string, answer: string][];
  related?: string[];
  addOns?: AddOnSpec[];
  compatibility?: { key: string; field: string; options: string[] }[];
  swatch?: { field: string; colors: FinishKey[] };
  /** Garments: the measurements per size, in the Size choice's order (decision 046). */
  sizeGuide?: SizeGuide;
  promo?: { title: string; accent: string; posters: [name: string, alt: string][] };
}

const FIREARM_DISCLAIMER =
  'Firearms ship only to a federally licensed dealer (FFL) of your choice. You must be of legal age and ' +
  'not prohibited from owning firearms. Some configurations cannot be shipped to every state or city; ' +
  'the cart checks your address before payment.';

function productImage(spec: ProductSpec, finish: FinishKey, view?: 'angle' | 'detail'): CmsMedia {
  const viewName = view === 'angle' ? ', three-quarter view' : view === 'detail' ? ', detail' : '';
  return media(
    `products/${spec.shape}/${spec.documentId}--${finish}${view ? `--${view}` : ''}.svg`,
    `${spec.title} in ${finishes[finish].label}${viewName}`,
    1200,
    800,
  );
}

function gallery(spec: ProductSpec, finish: FinishKey): CmsMedia[] {
  return [productImage(spec, finish), productImage(spec, finish, 'angle'), productImage(spec, finish, 'detail')];
}

function cartesian(variants: VariantSpec[]): [string, string][][] {
  return variants.reduce<[string, string][][]>(
    (acc, variant) => acc.flatMap((combo) => variant.options.map((o) => [...combo, o])),
    [[]],
  );
}

function build(spec: ProductSpec): CmsProduct {
  const variants = spec.variants ?? [];
  const types: CmsProduct['product_variant_types'] = variants.map((v) => ({
    id: nextMiscId(),
    documentId: `${spec.documentId}-${v.key}`,
    title: `${spec.title} ${v.label}`,
    display_title: v.label,
    product_variant_options: v.options.map(([title, value]) => ({ id: nextOptionId(), title, value })),
  }));
  const finishOf = (values: Record<string, string>): FinishKey =>
    ((values.finish ?? values.color) as FinishKey | undefined) ?? spec.finish ?? 'blk';

  const combos = cartesian(variants).filter((combo) => {
    const values = Object.fromEntries(combo.map(([, value], n) => [variants[n].key, value]));
    return spec.allow ? spec.allow(values) : true;
  });

  const skus: CmsSku[] = combos.map((combo) => {
    const values = Object.fromEntries(combo.map(([, value], n) => [variants[n].key, value]));
    const options: CmsSku['product_variant_options'] = combo.map(([, value], n) => {
      const option = types[n].product_variant_options.find((o) => o.value === value)!;
      return { ...option, product_variant_type: { documentId: types[n].documentId, display_title: types[n].display_title } };
    });
    const restriction = typeof spec.restrict === 'function' ? spec.restrict(values) : spec.restrict;
    const finish = finishOf(values);
    const sku = [spec.prefix, ...combo.map(([, value]) => value.toUpperCase())].join('-');
    return {
      sku,
      description: combo.length ? `${spec.title}, ${combo.map(([title]) => title).join(', ')}` : spec.title,
      image: productImage(spec, finish),
      image_library: gallery(spec, finish),
      product_variant_options: options,
      restricted_states: (restriction?.states ?? []).map((value) => ({ value })),
      restricted_zips: (restriction?.zips ?? []).map((zip) => ({ zip })),
    };
  });

  const skuFinishes = [...new Set(skus.map((sku) => sku.image.url.replace(/^.*--([a-z]+)\.svg$/, '$1') as FinishKey))];
  const mainFinish = skuFinishes[0];
  const url = `/product/${spec.display}/${spec.documentId}`;
  const crumbs: CmsProduct['breadcrumbs'] = [
    { id: nextMiscId(), title: 'Home', url: '/' },
    { id: nextMiscId(), ...categoryCrumb[spec.category] },
    { id: nextMiscId(), title: spec.title, url },
  ];

  const colorSwatch: CmsProduct['color_swatch'] = (spec.swatch?.colors ?? []).map((key) => ({
    id: nextMiscId(),
    title: finishes[key].label,
    value: finishes[key].hex,
    field_name: spec.swatch!.field,
  }));
  const compatibility: CmsProduct['product_compatibility'] = (spec.compatibility ?? []).map((tab) => ({
    id: nextMiscId(),
    key: tab.key,
    field_name: tab.field,
    options: tab.options.map((title) => ({ id: nextOptionId(), title, value: title.toLowerCase().replace(/[^a-z0-9]+/g, '-') })),
  }));
  const promo: CmsProduct['promo_videos'] = spec.promo
    ? {
        title: spec.promo.title,
        accent_title: spec.promo.accent,
        promo_video_cards: spec.promo.posters.map(([name, alt]) => ({
          id: nextMiscId(),
          image: media(`banners/${name}--${spec.shape}--${mainFinish}.svg`, alt, 1280, 720),
          video_url: '/media/video/ridgeline-range-day.webm',
        })),
      }
    : null;

  return {
    id: nextId(),
    documentId: spec.documentId,
    reviews_product_id: spec.documentId,
    title: spec.title,
    subtitle: spec.subtitle,
    display_type: spec.display,
    image: productImage(spec, mainFinish),
    ffl_item: spec.ffl ?? false,
    receiver_item: spec.receiver ?? false,
    breadcrumbs: crumbs,
    about: {
      title: spec.aboutTitle ?? `About the ${spec.title}`,
      subtitle: spec.subtitle,
      summary: spec.summary,
      tech_specs: [h(3, 'Specifications'), specList(spec.specs)],
      image: productImage(spec, mainFinish, 'angle'),
      read_more: spec.readMore ?? null,
      details: spec.details.map((d) => ({ id: nextMiscId(), title: d.title, items: d.items })),
      disclaimer: spec.disclaimer ?? (spec.ffl ? FIREARM_DISCLAIMER : null),
      patents: spec.patents ?? null,
    },
    promo_videos: promo,
    product_variant_types: types,
    size_guide: spec.sizeGuide ?? null,
    image_library: [
      ...gallery(spec, mainFinish),
      ...skuFinishes.slice(1, 4).map((f) => productImage(spec, f)),
    ],
    more_details: (spec.moreDetails ?? []).map(([question, answer]) => ({ id: nextMiscId(), question, answer })),
    related_products: [], // filled once every product exists
    add_ons: [], // filled once every sku is known
    product_compatibility: compatibility,
    color_swatch: colorSwatch,
    skus,
  };
}

// ---------------------------------------------------------------------------------------------
// Shared copy

const rifleFinish: VariantSpec = {
  key: 'finish',
  label: 'Finish',
  options: [
    ['Black', 'blk'],
    ['Flat Dark Earth', 'fde'],
    ['OD Green', 'odg'],
  ],
};
const finish = (...keys: FinishKey[]): VariantSpec => ({
  key: 'finish',
  label: 'Finish',
  options: keys.map((k) => [finishes[k].label, k]),
});
const color = (...keys: FinishKey[]): VariantSpec => ({
  key: 'color',
  label: 'Color',
  options: keys.map((k) => [finishes[k].label, k]),
});
const sizes = (...list: string[]): VariantSpec => ({
  key: 'size',
  label: 'Size',
  options: list.map((sz) => [sz, sz.toLowerCase()]),
});

/** Body measurements (inches) the garments are cut for; a row per size, S to XXL. */
function sizeGuide(title: string, note: string, columns: string[], rows: [size: string, ...values: string[]][]): SizeGuide {
  return { title, note, columns: ['Size', ...columns], rows };
}
const teeSizes = sizeGuide('Tee size guide', 'Measured flat across the chest and from the high shoulder. Relaxed fit: between sizes, take the smaller.', ['Chest (in.)', 'Length (in.)'], [
  ['S', '36–38', '28'],
  ['M', '39–41', '29'],
  ['L', '42–44', '30'],
  ['XL', '45–48', '31'],
  ['XXL', '49–52', '32'],
]);
const hoodieSizes = sizeGuide('Hoodie size guide', 'Body measurements. Standard fit with room for a layer underneath.', ['Chest (in.)', 'Sleeve (in.)'], [
  ['S', '35–37', '33'],
  ['M', '38–40', '34'],
  ['L', '41–43', '35'],
  ['XL', '44–47', '36'],
  ['XXL', '48–51', '37'],
]);
const jacketSizes = sizeGuide('Jacket size guide', 'Body measurements. Athletic fit: for a layer underneath, take the next size up.', ['Chest (in.)', 'Waist (in.)', 'Sleeve (in.)'], [
  ['M', '38–40', '32–34', '34'],
  ['L', '41–43', '35–37', '35'],
  ['XL', '44–47', '38–41', '36'],
  ['XXL', '48–51', '42–45', '37'],
]);

const rifleFaq: [string, string][] = [
  [
    'How does FFL shipping work?',
    'Choose a licensed dealer at checkout. We ship the rifle to that dealer, who completes the transfer paperwork and background check with you.',
  ],
  [
    'What comes in the box?',
    'The rifle, one magazine where legal, a cable lock, the owner\'s manual and a test target from our range.',
  ],
  [
    'Is the rifle test-fired?',
    'Every Ridgeline rifle is function-fired and checked for headspace at our Boise, Idaho facility before it ships.',
  ],
];
const pistolFaq: [string, string][] = [
  [
    'How does FFL shipping work?',
    'Pick a dealer near you at checkout; the pistol ships to them and you pick it up after the transfer is complete.',
  ],
  [
    'Which holsters fit?',
    'Any holster made for the RP Series frame of the same length. Our RP Series IWB Holster is molded for each model.',
  ],
];
const apparelFaq: [string, string][] = [
  ['How does it fit?', 'True to size with a relaxed cut through the chest. Size up for layering.'],
  ['Can I return it?', 'Unworn apparel with tags can be returned within 30 days for a refund or exchange.'],
];
const accessoryFaq: [string, string][] = [
  ['Does it ship to an FFL?', 'No. Accessories ship directly to your address unless your state restricts the item.'],
  ['What is the warranty?', 'Two years against defects in materials and workmanship. See the warranty page for details.'],
];

const ar15Compat = { key: 'RK-15', field: 'Platform', options: ['RK-15 Carbine', 'RK-15 Sport', 'RK-15 Pro'] };

// ---------------------------------------------------------------------------------------------
// Catalogue

const specs: ProductSpec[] = [
  // ---------------------------------------------------------------- rifles (product-long)
  {
    documentId: 'rk-15-carbine',
    title: 'RK-15 Carbine',
    subtitle: 'Direct-impingement carbine in 5.56 NATO or .300 BLK',
    display: 'product-long',
    category: 'rifles',
    shape: 'rifle-ar',
    prefix: 'RK15C',
    ffl: true,
    variants: [
      { key: 'caliber', label: 'Caliber', options: [['5.56 NATO', '556'], ['.300 BLK', '300blk']] },
      { key: 'barrel', label: 'Barrel Length', options: [['16 in.', '16'], ['14.5 in. pinned and welded', '145']] },
      rifleFinish,
    ],
    // .300 BLK is made only with the 16 in. barrel, in black or FDE.
    allow: (v) => v.caliber === '556' || (v.barrel === '16' && v.finish !== 'odg'),
    restrict: { states: RIFLE_FEATURE_STATES, zips: METRO_ZIPS },
    summary: [
      p(
        'The RK-15 Carbine is the rifle we hand to people who ask what we build. A ',
        b('cold-hammer-forged, nitrided barrel'),
        ' with a mid-length gas system, a free-float M-LOK handguard and a ',
        i('flat-faced two-stage trigger'),
        ' make it soft-shooting and honest at distance.',
      ),
      p(
        'Every carbine is assembled, headspaced and function-fired in Boise. Pair it with the ',
        a('/product/product-short-alt/summit-1-6-lpvo', 'Summit 1-6x24 LPVO'),
        ' for a rifle that does everything from the bench to the back forty.',
      ),
    ],
    specs: [
      ['Caliber', '5.56 NATO (.223 Wylde chamber) or .300 BLK'],
      ['Barrel', '16 in. or 14.5 in. pinned and welded, 4150 CMV, 1:8 twist'],
      ['Gas system', 'Mid-length, .750 in. low-profile block'],
      ['Handguard', '15 in. free-float M-LOK'],
      ['Trigger', 'Ridgeline RT-2 two-stage, 4.5 lb'],
      ['Weight', '6.4 lb unloaded'],
      ['Overall length', '32.5-35.75 in.'],
    ],
    details: [
      { title: 'In the box', items: ['Rifle with cable lock', 'One 30-round RM-30 magazine (10-round where required)', "Owner's manual", 'Test target'] },
      { title: 'Upgrades', items: ['Ambidextrous safety selector', 'Enhanced charging handle', 'Nitrided bolt carrier group'] },
    ],
    patents: 'US 11,204,118 B2 (handguard lock)',
    readMore: { title: 'Read the owner\'s manual', url: '/media/downloads/rk-15-owners-manual.pdf' },
    moreDetails: rifleFaq,
    related: ['rk-15-sport', 'rk-15-pro', 'summit-1-6-lpvo', 'rm-30-rifle-magazine'],
    addOns: [
      { title: 'Add an optic', field: 'Optic', skus: ['LPVO16-BDC-BLK', 'RD2-3MOA'] },
      { title: 'Add a sling', field: 'Sling', skus: ['SLING2P-BLK', 'SLING2P-FDE'] },
      { title: 'Services', field: 'Service', skus: ['RA-SVC-SIGHTIN'] },
    ],
    swatch: { field: 'Magazine Color', colors: ['blk', 'fde'] },
    promo: {
      title: 'See the RK-15',
      accent: 'In the Field',
      posters: [
        ['video-rk15-range', 'RK-15 Carbine range day'],
        ['video-rk15-teardown', 'RK-15 Carbine field strip'],
      ],
    },
  },
  {
    documentId: 'rk-15-sport',
    title: 'RK-15 Sport',
    subtitle: 'A no-nonsense 16 in. 5.56 rifle',
    display: 'product-long',
    category: 'rifles',
    shape: 'rifle-ar',
    prefix: 'RK15S',
    ffl: true,
    variants: [finish('blk', 'tng')],
    restrict: { states: RIFLE_FEATURE_STATES, zips: METRO_ZIPS },
    summary: [
      p('Everything that matters on the RK-15, nothing that runs up the price. A ', b('16 in. chrome-moly barrel'), ', carbine gas and a mil-spec trigger in a rifle that is ready for the range on day one.'),
    ],
    specs: [
      ['Caliber', '5.56 NATO'],
      ['Barrel', '16 in. 4140 chrome-moly, 1:7 twist'],
      ['Handguard', '12 in. M-LOK'],
      ['Trigger', 'Mil-spec single stage'],
      ['Weight', '6.6 lb'],
    ],
    details: [{ title: 'In the box', items: ['Rifle with cable lock', 'One magazine', "Owner's manual"] }],
    moreDetails: rifleFaq,
    related: ['rk-15-carbine', 'rk-15-stripped-lower', 'two-point-sling'],
    addOns: [{ title: 'Add a sling', field: 'Sling', skus: ['SLING2P-BLK', 'SLING2P-ODG'] }],
  },
  {
    documentId: 'rk-15-pro',
    title: 'RK-15 Pro',
    subtitle: 'Match-grade 5.56 for competition and precision',
    display: 'product-long',
    category: 'rifles',
    shape: 'rifle-ar',
    prefix: 'RK15P',
    ffl: true,
    variants: [
      { key: 'barrel', label: 'Barrel Length', options: [['16 in.', '16'], ['18 in. rifle-length', '18']] },
      finish('blk', 'fde', 'slate'),
    ],
    restrict: { states: RIFLE_FEATURE_STATES, zips: [...METRO_ZIPS, '606'] },
    summary: [
      p('Our best AR-pattern rifle. A ', b('stainless match barrel'), ' with a ', c('.223 Wylde'), ' chamber, an adjustable gas block and the RT-2 trigger deliver sub-MOA groups with quality ammunition.'),
      p(u('Guaranteed accuracy:'), ' five-shot groups of 1 MOA or better at 100 yards with match ammunition.'),
    ],
    specs: [
      ['Caliber', '5.56 NATO / .223 Rem (.223 Wylde)'],
      ['Barrel', '16 in. or 18 in. 416R stainless, 1:8 twist'],
      ['Gas block', 'Adjustable, set-screw lock'],
      ['Trigger', 'Ridgeline RT-2 two-stage, 3.5 lb'],
      ['Weight', '7.1-7.4 lb'],
    ],
    details: [
      { title: 'Competition ready', items: ['Adjustable gas block', 'Ambidextrous charging handle', 'Compensator installed'] },
    ],
    moreDetails: rifleFaq,
    related: ['rk-15-carbine', 'summit-1-6-lpvo', 'rf-flash-hider'],
  },
  {
    documentId: 'rk-10-marksman',
    title: 'RK-10 Marksman',
    subtitle: '.308 Win and 6.5 Creedmoor semi-auto precision',
    display: 'product-long',
    category: 'rifles',
    shape: 'rifle-ar10',
    prefix: 'RK10M',
    ffl: true,
    variants: [
      { key: 'caliber', label: 'Caliber', options: [['.308 Win', '308'], ['6.5 Creedmoor', '65cm']] },
      { key: 'barrel', label: 'Barrel Length', options: [['18 in.', '18'], ['20 in.', '20']] },
      finish('blk', 'fde'),
    ],
    restrict: { states: RIFLE_FEATURE_STATES, zips: METRO_ZIPS },
    summary: [
      p('The RK-10 Marksman brings bolt-gun accuracy to a self-loader. Its ', b('billet upper and lower'), ' are matched at the factory and the fluted barrel is cut-rifled for ', i('long-range consistency'), '.'),
    ],
    specs: [
      ['Caliber', '.308 Win or 6.5 Creedmoor'],
      ['Barrel', '18 in. or 20 in. fluted stainless'],
      ['Gas system', 'Rifle-length, adjustable'],
      ['Trigger', 'RT-2 two-stage'],
      ['Weight', '9.2 lb'],
    ],
    details: [{ title: 'In the box', items: ['Rifle in hard case', 'Two 20-round magazines (10-round where required)', 'Test target'] }],
    moreDetails: rifleFaq,
    related: ['rk-10-hunter', 'summit-bolt-action', 'rifle-case-42'],
    addOns: [{ title: 'Services', field: 'Service', skus: ['RA-SVC-SIGHTIN'] }],
    promo: {
      title: 'Reach Out',
      accent: 'With the RK-10',
      posters: [['video-rk10-longrange', 'RK-10 Marksman at 800 yards']],
    },
  },
  {
    documentId: 'rk-10-hunter',
    title: 'RK-10 Hunter',
    subtitle: 'A lighter .308-class rifle for the woods',
    display: 'product-long',
    category: 'rifles',
    shape: 'rifle-ar10',
    prefix: 'RK10H',
    ffl: true,
    finish: 'odg',
    variants: [{ key: 'caliber', label: 'Caliber', options: [['.308 Win', '308'], ['6.5 Creedmoor', '65cm']] }],
    restrict: { states: RIFLE_FEATURE_STATES.filter((st) => st !== 'WA'), zips: [] },
    summary: [p('A 16 in. pencil-profile barrel and a carbon handguard take the RK-10 Hunter under eight pounds, so you can carry it all day and still make the shot at dusk.')],
    specs: [
      ['Caliber', '.308 Win or 6.5 Creedmoor'],
      ['Barrel', '16 in. pencil profile'],
      ['Finish', 'OD Green Cerakote'],
      ['Weight', '7.8 lb'],
    ],
    details: [{ title: 'Built for hunting', items: ['Five-round magazine', 'QD sling cups both sides', 'Low-glare finish'] }],
    moreDetails: rifleFaq,
    related: ['rk-10-marksman', 'summit-bolt-action'],
  },
  {
    documentId: 'summit-bolt-action',
    title: 'Summit Bolt-Action',
    subtitle: 'A three-lug bolt rifle in 6.5 CM, .308 Win and .300 Win Mag',
    display: 'product-long',
    category: 'rifles',
    shape: 'rifle-bolt',
    prefix: 'SUMMIT',
    ffl: true,
    variants: [
      { key: 'caliber', label: 'Caliber', options: [['6.5 Creedmoor', '65cm'], ['.308 Win', '308'], ['.300 Win Mag', '300wm']] },
      { key: 'barrel', label: 'Barrel Length', options: [['22 in.', '22'], ['24 in.', '24']] },
      finish('odg', 'fde', 'blk'),
    ],
    // The magnum comes only with the 24 in. barrel; the short actions only with 22 in.
    allow: (v) => (v.caliber === '300wm' ? v.barrel === '24' : v.barrel === '22'),
    summary: [
      p('The Summit is a ', b('three-lug, 60-degree-throw'), ' action bedded in a carbon-reinforced stock. It is built for the climb and the cold, and ships with a sub-MOA guarantee.'),
      p(s('Made to order in 12 weeks.'), ' Now in stock in every caliber.'),
    ],
    specs: [
      ['Action', 'Three-lug, 60-degree bolt throw'],
      ['Barrel', '22 in. or 24 in. (300 Win Mag), threaded 5/8-24'],
      ['Stock', 'Carbon-reinforced composite, adjustable comb'],
      ['Trigger', 'Adjustable 2-4 lb'],
      ['Weight', '6.9 lb'],
    ],
    details: [{ title: 'In the box', items: ['Rifle', 'Detachable magazine', 'Picatinny rail, 20 MOA', 'Test target'] }],
    moreDetails: rifleFaq,
    related: ['summit-copper-canyon-edition', 'rk-10-marksman', 'summit-1-6-lpvo'],
    addOns: [{ title: 'Services', field: 'Service', skus: ['RA-SVC-SIGHTIN', 'RA-SVC-ACTION'] }],
    swatch: { field: 'Stock Web', colors: ['odg', 'fde', 'blk', 'sand'] },
  },
  {
    documentId: 'summit-copper-canyon-edition',
    title: 'Summit Copper Canyon Edition',
    subtitle: 'Limited run of 250, 6.5 Creedmoor',
    display: 'product-long',
    category: 'limited',
    shape: 'rifle-bolt',
    prefix: 'SUMMIT-CC-65CM',
    ffl: true,
    finish: 'copper',
    summary: [
      p('Two hundred and fifty numbered rifles with a ', b('Copper Canyon Cerakote'), ' barreled action, a hand-laid stock and a serialized certificate signed by our shop foreman.'),
    ],
    specs: [
      ['Caliber', '6.5 Creedmoor'],
      ['Barrel', '22 in. fluted, threaded'],
      ['Finish', 'Copper Canyon Cerakote'],
      ['Production', '250 rifles'],
    ],
    details: [{ title: 'Edition extras', items: ['Numbered certificate', 'Leather-trimmed case', 'Engraved floorplate'] }],
    moreDetails: rifleFaq,
    related: ['summit-bolt-action', 'rk-15-ember-edition'],
  },
  {
    documentId: 'trailhand-lever-action',
    title: 'Trailhand Lever-Action',
    subtitle: 'Classic lever gun in .30-30 Win and .45-70 Govt',
    display: 'product-long',
    category: 'rifles',
    shape: 'rifle-lever',
    prefix: 'TRAILHAND',
    ffl: true,
    variants: [
      { key: 'caliber', label: 'Caliber', options: [['.30-30 Win', '3030'], ['.45-70 Govt', '4570']] },
      { key: 'finish', label: 'Furniture', options: [['Walnut', 'walnut'], ['Black synthetic', 'blk']] },
    ],
    summary: [p('A side-gate, tube-fed lever action with a smooth, ', i('short-stroke'), ' lever and a ', b('16.5 in. threaded barrel'), '. At home in a scabbard or behind the truck seat.')],
    specs: [
      ['Caliber', '.30-30 Win or .45-70 Govt'],
      ['Capacity', '5+1 / 4+1'],
      ['Barrel', '16.5 in. threaded 11/16-24'],
      ['Sights', 'Ghost ring with fiber front'],
    ],
    details: [{ title: 'Features', items: ['Side loading gate', 'Removable tube', 'Picatinny top rail'] }],
    moreDetails: rifleFaq,
    related: ['summit-bolt-action', 'rifle-case-42'],
  },
  {
    documentId: 'ridgeback-pcc-9',
    title: 'Ridgeback PCC',
    subtitle: '9mm pistol-caliber carbine that takes RP-9 magazines',
    display: 'product-long',
    category: 'rifles',
    shape: 'rifle-pcc',
    prefix: 'PCC9',
    ffl: true,
    variants: [finish('blk', 'fde')],
    restrict: { states: ['CA', 'NY', 'NJ'], zips: METRO_ZIPS },
    summary: [p('Shares magazines with the RP-9 pistols, runs on a ', b('radial-delayed blowback'), ' system and is quiet enough to shoot all afternoon.')],
    specs: [
      ['Caliber', '9mm Luger'],
      ['Barrel', '16 in., 1/2-28 threaded'],
      ['Magazines', 'RP-9 pattern'],
      ['Weight', '5.9 lb'],
    ],
    details: [{ title: 'In the box', items: ['Carbine', 'One 17-round RP-9 magazine (10-round where required)'] }],
    moreDetails: rifleFaq,
    related: ['rp-9-full-size', 'rp-9-magazine'],
  },
  {
    documentId: 'rk-22-trainer',
    title: 'RK-22 Trainer',
    subtitle: '.22 LR rimfire with RK-15 controls',
    display: 'product-long',
    category: 'rifles',
    shape: 'rifle-rimfire',
    prefix: 'RK22',
    ffl: true,
    variants: [finish('blk', 'odg', 'ember')],
    restrict: { states: [], zips: ['100'] },
    summary: [p('Train with the same manual of arms as your RK-15 for a fraction of the ammunition cost. The ', b('RK-22'), ' is light, accurate and perfect for new shooters.')],
    specs: [
      ['Caliber', '.22 LR'],
      ['Barrel', '16.5 in., 1/2-28 threaded'],
      ['Capacity', '10 rounds'],
      ['Weight', '4.9 lb'],
    ],
    details: [{ title: 'Great for', items: ['New shooters', 'Low-cost practice', 'Plinking and small game'] }],
    moreDetails: rifleFaq,
    related: ['rk-15-carbine', 'field-cleaning-kit'],
  },
  {
    documentId: 'rk-15-stripped-lower',
    title: 'RK-15 Stripped Lower Receiver',
    subtitle: 'Forged 7075-T6 lower, the serialized part',
    display: 'product-long',
    category: 'receivers',
    shape: 'lower-receiver',
    prefix: 'RK15L',
    ffl: true,
    receiver: true,
    variants: [finish('blk', 'fde', 'tng')],
    restrict: { states: ['CA', 'NY', 'NJ'], zips: ['100'] },
    summary: [p('The lower receiver is the ', b('serialized firearm'), ' and ships to your FFL. Forged from 7075-T6, with a flared magazine well and a threaded bolt-catch pin.')],
    specs: [
      ['Material', 'Forged 7075-T6 aluminum'],
      ['Finish', 'Type III hard-coat anodized or Cerakote'],
      ['Markings', 'Multi-caliber'],
    ],
    details: [{ title: 'Compatibility', items: ['Mil-spec AR-15 parts kits', 'Mil-spec buffer tubes'] }],
    disclaimer: 'A stripped lower receiver is a firearm under federal law and ships to an FFL only.',
    moreDetails: rifleFaq,
    related: ['rk-10-stripped-lower', 'rk-15-sport'],
  },
  {
    documentId: 'rk-10-stripped-lower',
    title: 'RK-10 Stripped Lower Receiver',
    subtitle: 'Billet lower for .308-class builds',
    display: 'product-long',
    category: 'receivers',
    shape: 'lower-receiver',
    prefix: 'RK10L',
    ffl: true,
    receiver: true,
    variants: [finish('blk')],
    restrict: { states: ['CA', 'NY', 'NJ'], zips: ['100'] },
    summary: [p('Machined from billet 7075 for the RK-10 platform with an integral trigger guard and ambidextrous bolt release.')],
    specs: [
      ['Material', 'Billet 7075-T6'],
      ['Pattern', 'DPMS high-profile'],
    ],
    details: [{ title: 'Compatibility', items: ['RK-10 upper receivers', 'DPMS high-profile uppers'] }],
    disclaimer: 'A stripped lower receiver is a firearm under federal law and ships to an FFL only.',
    moreDetails: rifleFaq,
    related: ['rk-15-stripped-lower', 'rk-10-marksman'],
  },
  {
    documentId: 'rk-15-ember-edition',
    title: 'RK-15 Ember Edition',
    subtitle: 'Limited run with Ember Orange accents',
    display: 'product-long',
    category: 'limited',
    shape: 'rifle-ar',
    prefix: 'RK15-EMBER',
    ffl: true,
    finish: 'ember',
    restrict: { states: RIFLE_FEATURE_STATES, zips: METRO_ZIPS },
    summary: [p('Our 2025 limited edition: an RK-15 Carbine with ', b('Ember Orange'), ' controls and a numbered dust cover. ', i('Sold out'), ' - sign up below to hear when the last dealer allocation lands.')],
    specs: [
      ['Caliber', '5.56 NATO'],
      ['Barrel', '16 in.'],
      ['Production', '500 rifles'],
    ],
    details: [{ title: 'Edition extras', items: ['Numbered dust cover', 'Ember Orange controls', 'Edition patch'] }],
    moreDetails: rifleFaq,
    related: ['rk-15-carbine', 'ember-edition-tee'],
  },

  // ---------------------------------------------------------------- pistols (product-short)
  {
    documentId: 'rp-9-compact',
    title: 'RP-9 Compact',
    subtitle: '9mm striker-fired compact, 15+1',
    display: 'product-short',
    category: 'pistols',
    shape: 'pistol-compact',
    prefix: 'RP9C',
    ffl: true,
    variants: [
      { key: 'slide', label: 'Slide', options: [['Standard', 'std'], ['Optics-ready', 'orc']] },
      rifleFinish,
    ],
    restrict: { states: HANDGUN_ROSTER_STATES, zips: CITY_ZIPS },
    summary: [p('The RP-9 Compact is sized to carry and built to shoot. A ', b('flat-face trigger'), ', aggressive texture and an ', i('optics-ready'), ' slide option make it our best-selling pistol.')],
    specs: [
      ['Caliber', '9mm Luger'],
      ['Capacity', '15+1 (10+1 where required)'],
      ['Barrel', '4.0 in.'],
      ['Weight', '24.1 oz'],
      ['Sights', 'Steel 3-dot, suppressor height on ORC'],
    ],
    details: [{ title: 'In the box', items: ['Pistol in soft case', 'Two magazines', 'Three backstraps', 'Cable lock'] }],
    moreDetails: pistolFaq,
    related: ['rp-9-full-size', 'rp-9-subcompact', 'rd-2-red-dot', 'rp-iwb-holster'],
    addOns: [
      { title: 'Add an optic', field: 'Optic', skus: ['RD2-3MOA', 'RD2-6MOA'] },
      { title: 'Add a holster', field: 'Holster', skus: ['IWB-RP-BLK'] },
      { title: 'Services', field: 'Service', skus: ['RA-SVC-ENGRAVE'] },
    ],
    promo: {
      title: 'Carry',
      accent: 'With Confidence',
      posters: [
        ['video-rp9-drills', 'RP-9 Compact draw drills'],
        ['video-rp9-optic', 'Mounting an RD-2 on the RP-9'],
      ],
    },
  },
  {
    documentId: 'rp-9-full-size',
    title: 'RP-9 Full-Size',
    subtitle: '9mm duty pistol, 17+1',
    display: 'product-short',
    category: 'pistols',
    shape: 'pistol-full',
    prefix: 'RP9F',
    ffl: true,
    variants: [
      { key: 'capacity', label: 'Magazine Capacity', options: [['17 rounds', '17'], ['10 rounds (compliant)', '10']] },
      finish('blk', 'tng'),
    ],
    // The 17-round configuration cannot ship to capacity-limited states.
    restrict: (v) =>
      v.capacity === '17'
        ? { states: [...new Set([...HANDGUN_ROSTER_STATES, ...MAG_LIMIT_STATES])], zips: CITY_ZIPS }
        : { states: HANDGUN_ROSTER_STATES, zips: [] },
    summary: [p('A full-length grip and 4.5 in. barrel for duty, competition and home defense. The ', b('RP-9 Full-Size'), ' shares magazines with the Compact and the Ridgeback PCC.')],
    specs: [
      ['Caliber', '9mm Luger'],
      ['Capacity', '17+1 or 10+1'],
      ['Barrel', '4.5 in.'],
      ['Weight', '26.3 oz'],
    ],
    details: [{ title: 'In the box', items: ['Pistol in soft case', 'Two magazines', 'Cable lock'] }],
    moreDetails: pistolFaq,
    related: ['rp-9-compact', 'ridgeback-pcc-9', 'rp-9-magazine'],
    addOns: [{ title: 'Add a holster', field: 'Holster', skus: ['IWB-RP-BLK', 'IWB-RP-ODG'] }],
  },
  {
    documentId: 'rp-9-subcompact',
    title: 'RP-9 Subcompact',
    subtitle: 'Micro-compact 9mm, 12+1',
    display: 'product-short',
    category: 'pistols',
    shape: 'pistol-sub',
    prefix: 'RP9SC',
    ffl: true,
    variants: [finish('blk', 'fde')],
    restrict: { states: HANDGUN_ROSTER_STATES, zips: CITY_ZIPS },
    summary: [p('Slim enough for all-day carry with a 12-round flush magazine. Same trigger, same sights, same ', i('manual of arms'), ' as the rest of the RP-9 family.')],
    specs: [
      ['Caliber', '9mm Luger'],
      ['Capacity', '12+1'],
      ['Barrel', '3.2 in.'],
      ['Width', '1.0 in.'],
    ],
    details: [{ title: 'In the box', items: ['Pistol', 'Flush and extended magazines', 'Cable lock'] }],
    moreDetails: pistolFaq,
    related: ['rp-9-compact', 'rp-380-pocket'],
  },
  {
    documentId: 'rp-45-full-size',
    title: 'RP-45 Full-Size',
    subtitle: '.45 ACP striker-fired, 13+1',
    display: 'product-short',
    category: 'pistols',
    shape: 'pistol-full',
    prefix: 'RP45',
    ffl: true,
    variants: [finish('blk', 'tng')],
    restrict: { states: HANDGUN_ROSTER_STATES, zips: [] },
    summary: [p('Big bore, soft recoil. A ', b('low bore axis'), ' and a heavy steel guide rod keep the RP-45 flat and fast.')],
    specs: [
      ['Caliber', '.45 ACP'],
      ['Capacity', '13+1 (10+1 where required)'],
      ['Barrel', '4.6 in.'],
      ['Weight', '29.0 oz'],
    ],
    details: [{ title: 'In the box', items: ['Pistol', 'Two magazines', 'Cable lock'] }],
    moreDetails: pistolFaq,
    related: ['rp-9-full-size', 'rp-10-longslide'],
  },
  {
    documentId: 'rp-10-longslide',
    title: 'RP-10 Longslide',
    subtitle: '10mm Auto with a 6 in. barrel for hunting and competition',
    display: 'product-short',
    category: 'pistols',
    shape: 'pistol-longslide',
    prefix: 'RP10L',
    ffl: true,
    variants: [finish('blk', 'ember')],
    restrict: { states: HANDGUN_ROSTER_STATES, zips: CITY_ZIPS },
    summary: [p('Six inches of barrel, a ported slide and ', b('10mm Auto'), ' - for handgun hunters and open-division shooters alike.')],
    specs: [
      ['Caliber', '10mm Auto'],
      ['Capacity', '15+1'],
      ['Barrel', '6.0 in.'],
      ['Optic cut', 'RD-2 direct mount'],
    ],
    details: [{ title: 'Features', items: ['Ported slide', 'Fiber-optic front sight', 'Extended controls'] }],
    moreDetails: pistolFaq,
    related: ['rp-45-full-size', 'rd-2-red-dot'],
  },
  {
    documentId: 'rp-380-pocket',
    title: 'RP-380 Pocket',
    subtitle: '.380 ACP pocket pistol, 7+1',
    display: 'product-short',
    category: 'pistols',
    shape: 'pistol-sub',
    prefix: 'RP380',
    ffl: true,
    variants: [finish('blk', 'sand')],
    restrict: { states: ['MA'], zips: [] },
    summary: [p('Weighs under 12 ounces loaded and disappears in a pocket holster. An ', i('easy-rack'), ' slide makes it friendly to every hand.')],
    specs: [
      ['Caliber', '.380 ACP'],
      ['Capacity', '7+1'],
      ['Barrel', '2.8 in.'],
      ['Weight', '11.4 oz'],
    ],
    details: [{ title: 'In the box', items: ['Pistol', 'Pocket holster', 'Two magazines'] }],
    moreDetails: pistolFaq,
    related: ['rp-9-subcompact'],
  },
  {
    documentId: 'rp-22-target',
    title: 'RP-22 Target',
    subtitle: '.22 LR training pistol with RP-9 ergonomics',
    display: 'product-short',
    category: 'pistols',
    shape: 'pistol-full',
    prefix: 'RP22',
    ffl: true,
    variants: [finish('blk', 'odg')],
    summary: [p('Full-size ergonomics with rimfire economy. Threaded barrel, adjustable rear sight and a ', b('10-round'), ' magazine.')],
    specs: [
      ['Caliber', '.22 LR'],
      ['Capacity', '10+1'],
      ['Barrel', '4.9 in., 1/2-28 threaded'],
    ],
    details: [{ title: 'Great for', items: ['Training', 'Steel challenge', 'New shooters'] }],
    moreDetails: pistolFaq,
    related: ['rk-22-trainer', 'rp-9-full-size'],
  },
  {
    documentId: 'rp-9-ember-edition',
    title: 'RP-9 Ember Edition',
    subtitle: 'Limited RP-9 Compact with Ember Orange frame',
    display: 'product-short',
    category: 'limited',
    shape: 'pistol-compact',
    prefix: 'RP9-EMBER',
    ffl: true,
    finish: 'ember',
    restrict: { states: HANDGUN_ROSTER_STATES, zips: CITY_ZIPS },
    summary: [p('The RP-9 Compact in a one-time ', b('Ember Orange'), ' frame with a black nitride slide. Only a handful remain.')],
    specs: [
      ['Caliber', '9mm Luger'],
      ['Capacity', '15+1'],
      ['Production', '750 pistols'],
    ],
    details: [{ title: 'Edition extras', items: ['Serialized certificate', 'Edition soft case'] }],
    moreDetails: pistolFaq,
    related: ['rp-9-compact', 'rk-15-ember-edition'],
  },
  {
    documentId: 'rp-9-serialized-frame',
    title: 'RP-9 Serialized Frame',
    subtitle: 'The serialized chassis for RP-9 builds',
    display: 'product-short',
    category: 'pistols',
    shape: 'pistol-frame',
    prefix: 'RP9FRAME',
    ffl: true,
    receiver: true,
    variants: [rifleFinish],
    restrict: { states: ['CA', 'NY', 'NJ', 'MA'], zips: ['100'] },
    summary: [p('The stainless chassis inside every RP-9 is the serialized part. Swap grip modules and slides around it to build the pistol you want.')],
    specs: [
      ['Material', 'Stainless steel chassis'],
      ['Fits', 'All RP-9 grip modules'],
    ],
    details: [{ title: 'Note', items: ['Ships to an FFL', 'Grip module sold separately'] }],
    disclaimer: 'The serialized frame is a firearm under federal law and ships to an FFL only.',
    moreDetails: pistolFaq,
    related: ['rp-9-compact', 'rp-9-full-size'],
  },

  // ---------------------------------------------------------------- apparel (product-short-alt)
  {
    documentId: 'logo-tee',
    title: 'Ridgeline Logo Tee',
    subtitle: 'Ring-spun cotton with the ridgeline mark',
    display: 'product-short-alt',
    category: 'apparel',
    shape: 'tee',
    prefix: 'TEE-LOGO',
    variants: [color('blk', 'heather', 'sand', 'odg'), sizes('S', 'M', 'L', 'XL', 'XXL')],
    summary: [p('Our everyday tee in heavyweight ', b('ring-spun cotton'), ' with a water-based print that softens with every wash.')],
    specs: [
      ['Material', '100% ring-spun cotton, 6 oz'],
      ['Fit', 'Relaxed'],
      ['Care', 'Machine wash cold'],
    ],
    details: [{ title: 'Details', items: ['Tagless neck', 'Shoulder-to-shoulder taping'] }],
    sizeGuide: teeSizes,
    moreDetails: apparelFaq,
    related: ['topo-hoodie', 'range-cap'],
  },
  {
    documentId: 'topo-hoodie',
    title: 'Topo Pullover Hoodie',
    subtitle: 'Midweight fleece with a topographic back print',
    display: 'product-short-alt',
    category: 'apparel',
    shape: 'hoodie',
    prefix: 'HOODIE-TOPO',
    variants: [color('slate', 'odg'), sizes('S', 'M', 'L', 'XL', 'XXL')],
    summary: [p('Brushed-back fleece, a lined hood and a ', i('topographic map'), ' of the Owyhee canyons printed across the back.')],
    specs: [
      ['Material', '80% cotton / 20% polyester, 10 oz'],
      ['Fit', 'Standard'],
    ],
    details: [{ title: 'Details', items: ['Kangaroo pocket', 'Ribbed cuffs', 'Lined hood'] }],
    sizeGuide: hoodieSizes,
    moreDetails: apparelFaq,
    related: ['logo-tee', 'field-softshell'],
  },
  {
    documentId: 'range-cap',
    title: 'Range Cap',
    subtitle: 'Six-panel cap with embroidered patch',
    display: 'product-short-alt',
    category: 'apparel',
    shape: 'cap',
    prefix: 'CAP-RANGE',
    variants: [color('fde', 'blk', 'odg')],
    summary: [p('A structured six-panel cap with a ', b('laser-cut PVC patch'), ' and a snapback closure.')],
    specs: [
      ['Fit', 'One size, snapback'],
      ['Material', 'Cotton twill'],
    ],
    details: [{ title: 'Details', items: ['Pre-curved bill', 'Moisture-wicking sweatband'] }],
    moreDetails: apparelFaq,
    related: ['ridgeline-trucker', 'logo-tee'],
    swatch: { field: 'Patch Color', colors: ['ember', 'tng', 'sand'] },
  },
  {
    documentId: 'ridgeline-trucker',
    title: 'Ridgeline Trucker',
    subtitle: 'Mesh-back trucker with woven label',
    display: 'product-short-alt',
    category: 'apparel',
    shape: 'cap',
    prefix: 'CAP-TRUCKER',
    variants: [color('slate', 'sand', 'ember')],
    summary: [p('A mid-profile trucker with a woven Ridgeline label and breathable mesh back.')],
    specs: [
      ['Fit', 'One size, snapback'],
      ['Material', 'Cotton front, polyester mesh'],
    ],
    details: [{ title: 'Details', items: ['Mid profile', 'Woven label'] }],
    moreDetails: apparelFaq,
    related: ['range-cap'],
  },
  {
    documentId: 'field-softshell',
    title: 'Field Softshell Jacket',
    subtitle: 'Wind- and water-resistant softshell',
    display: 'product-short-alt',
    category: 'apparel',
    shape: 'jacket',
    prefix: 'FIELD-SS',
    variants: [color('blk', 'odg'), sizes('M', 'L', 'XL', 'XXL')],
    summary: [p('A four-way stretch softshell with a ', b('DWR finish'), ', pit zips and a chest pocket that fits a range card.')],
    specs: [
      ['Material', '94% polyester / 6% spandex, DWR'],
      ['Fit', 'Athletic'],
    ],
    details: [{ title: 'Details', items: ['Pit zips', 'Adjustable hem', 'Two hand pockets and a chest pocket'] }],
    sizeGuide: jacketSizes,
    moreDetails: apparelFaq,
    related: ['topo-hoodie'],
  },
  {
    documentId: 'ember-edition-tee',
    title: 'Ember Edition Tee',
    subtitle: 'Limited tee to match the Ember Edition firearms',
    display: 'product-short-alt',
    category: 'limited',
    shape: 'tee',
    prefix: 'TEE-EMBER',
    finish: 'ember',
    variants: [sizes('S', 'M', 'L', 'XL')],
    summary: [p('Printed once, for the Ember Edition release. Garment-dyed in ', b('Ember Orange'), '.')],
    specs: [['Material', '100% cotton, garment dyed']],
    details: [{ title: 'Details', items: ['Numbered sleeve print'] }],
    sizeGuide: { ...teeSizes, rows: teeSizes.rows.filter(([size]) => size !== 'XXL') },
    moreDetails: apparelFaq,
    related: ['rk-15-ember-edition', 'rp-9-ember-edition'],
  },

  // ---------------------------------------------------------------- accessories (product-short-alt)
  {
    documentId: 'rm-30-rifle-magazine',
    title: 'RM-30 Rifle Magazine',
    subtitle: 'Polymer AR-15 magazine in 10, 20 and 30 rounds',
    display: 'product-short-alt',
    category: 'accessories',
    shape: 'magazine-rifle',
    prefix: 'RM30',
    variants: [
      { key: 'capacity', label: 'Capacity', options: [['10 rounds', '10'], ['20 rounds', '20'], ['30 rounds', '30']] },
      color('blk', 'fde'),
    ],
    // Capacity above ten rounds is restricted in the demo's magazine-limit states.
    restrict: (v) => (v.capacity === '10' ? null : { states: MAG_LIMIT_STATES, zips: ['100', '606'] }),
    summary: [p('Anti-tilt follower, stainless spring and a ', b('window'), ' so you can count what is left.')],
    specs: [
      ['Fits', 'RK-15 and mil-spec AR-15 lowers'],
      ['Material', 'Glass-filled polymer'],
    ],
    details: [{ title: 'Details', items: ['Anti-tilt follower', 'Round-count window'] }],
    moreDetails: accessoryFaq,
    related: ['rk-15-carbine', 'rp-9-magazine'],
    compatibility: [ar15Compat, { key: 'RK-10', field: 'Platform', options: [] }],
  },
  {
    documentId: 'rp-9-magazine',
    title: 'RP-9 Magazine',
    subtitle: 'Steel-lined 9mm magazine for the RP-9 family',
    display: 'product-short-alt',
    category: 'accessories',
    shape: 'magazine-pistol',
    prefix: 'RP9MAG',
    finish: 'blk',
    variants: [{ key: 'capacity', label: 'Capacity', options: [['10 rounds', '10'], ['15 rounds', '15'], ['17 rounds', '17']] }],
    restrict: (v) => (v.capacity === '10' ? null : { states: MAG_LIMIT_STATES, zips: ['100', '606'] }),
    summary: [p('Steel-lined polymer body, numbered witness holes and an ', i('extended base plate'), ' on the 17-rounder.')],
    specs: [
      ['Fits', 'RP-9 Compact, Full-Size and the Ridgeback PCC'],
      ['Material', 'Steel-lined polymer'],
    ],
    details: [{ title: 'Details', items: ['Witness holes', 'Removable base plate'] }],
    moreDetails: accessoryFaq,
    related: ['rp-9-compact', 'ridgeback-pcc-9'],
  },
  {
    documentId: 'summit-1-6-lpvo',
    title: 'Summit 1-6x24 LPVO',
    subtitle: 'First-focal-plane low-power variable optic',
    display: 'product-short-alt',
    category: 'accessories',
    shape: 'optic-lpvo',
    prefix: 'LPVO16',
    variants: [
      { key: 'reticle', label: 'Reticle', options: [['BDC 5.56', 'bdc'], ['MOA Grid', 'moa']] },
      finish('blk', 'fde'),
    ],
    summary: [p('True 1x with an illuminated ', b('first-focal-plane'), ' reticle that stays daylight-bright, and 6x for the long shots.')],
    specs: [
      ['Magnification', '1-6x'],
      ['Objective', '24 mm'],
      ['Tube', '30 mm'],
      ['Illumination', '11 settings, auto-off'],
    ],
    details: [{ title: 'In the box', items: ['Optic', 'Flip caps', 'Throw lever', 'CR2032 battery'] }],
    moreDetails: accessoryFaq,
    related: ['rk-15-carbine', 'rd-2-red-dot'],
    compatibility: [
      { key: 'Mount', field: 'Mount', options: ['1.93 in. cantilever', '1.54 in. cantilever'] },
      { key: 'Rings', field: 'Rings', options: ['30 mm medium rings'] },
    ],
  },
  {
    documentId: 'rd-2-red-dot',
    title: 'RD-2 Pistol Red Dot',
    subtitle: 'Enclosed-emitter pistol optic',
    display: 'product-short-alt',
    category: 'accessories',
    shape: 'optic-reddot',
    prefix: 'RD2',
    finish: 'blk',
    variants: [{ key: 'dot', label: 'Dot Size', options: [['3 MOA', '3moa'], ['6 MOA', '6moa']] }],
    summary: [p('An enclosed emitter keeps rain and lint off the diode. ', b('Shake-awake'), ' and a 40,000-hour battery life.')],
    specs: [
      ['Dot', '3 or 6 MOA'],
      ['Footprint', 'RD-2 / RMSc pattern'],
      ['Battery', 'CR1632, top-loading'],
    ],
    details: [{ title: 'In the box', items: ['Optic', 'Mounting screws', 'Cover'] }],
    moreDetails: accessoryFaq,
    related: ['rp-9-compact', 'rp-10-longslide'],
    compatibility: [
      { key: 'RP-9 Compact', field: 'Mounting', options: ['Direct mount'] },
      { key: 'RP-10 Longslide', field: 'Mounting', options: ['Direct mount'] },
      { key: 'RP-45 Full-Size', field: 'Mounting', options: ['Adapter plate A', 'Adapter plate B'] },
      { key: 'RP-22 Target', field: 'Mounting', options: [] },
    ],
  },
  {
    documentId: 'rifle-case-42',
    title: 'Ridgeline 42 in. Rifle Case',
    subtitle: 'Padded soft case with magazine pockets',
    display: 'product-short-alt',
    category: 'accessories',
    shape: 'case-rifle',
    prefix: 'CASE42',
    variants: [color('fde', 'blk', 'odg')],
    summary: [p('Closed-cell foam, lockable zippers and six magazine pockets. Fits rifles up to 40 in. with an optic mounted.')],
    specs: [
      ['Length', '42 in.'],
      ['Material', '600D polyester'],
    ],
    details: [{ title: 'Details', items: ['Lockable zippers', 'Backpack straps', 'Six magazine pockets'] }],
    moreDetails: accessoryFaq,
    related: ['rk-15-carbine', 'range-pistol-case'],
    swatch: { field: 'Zipper Pull', colors: ['ember', 'blk'] },
  },
  {
    documentId: 'range-pistol-case',
    title: 'Range Pistol Case',
    subtitle: 'Two-pistol case with range organizer',
    display: 'product-short-alt',
    category: 'accessories',
    shape: 'case-pistol',
    prefix: 'CASEP',
    variants: [color('blk', 'odg')],
    summary: [p('Holds two pistols, eight magazines and your ear pro, with a ', b('MOLLE'), ' lid organizer.')],
    specs: [['Size', '14 x 10 x 4 in.']],
    details: [{ title: 'Details', items: ['Lockable zippers', 'MOLLE lid'] }],
    moreDetails: accessoryFaq,
    related: ['rifle-case-42', 'rp-9-compact'],
  },
  {
    documentId: 'two-point-sling',
    title: 'Ridgeline Two-Point Sling',
    subtitle: 'Quick-adjust padded sling',
    display: 'product-short-alt',
    category: 'accessories',
    shape: 'sling',
    prefix: 'SLING2P',
    variants: [color('blk', 'fde', 'odg', 'ember')],
    summary: [p('One pull to tighten, one pull to loosen. Padded, with ', b('QD swivels'), ' included.')],
    specs: [
      ['Width', '1.25 in. webbing, 2.25 in. pad'],
      ['Hardware', 'Push-button QD swivels'],
    ],
    details: [{ title: 'Details', items: ['Quick-adjust pull tab', 'Removable pad'] }],
    moreDetails: accessoryFaq,
    related: ['rk-15-carbine', 'rifle-case-42'],
  },
  {
    documentId: 'field-cleaning-kit',
    title: 'Field Cleaning Kit',
    subtitle: 'Pull-through kit in a belt pouch',
    display: 'product-short-alt',
    category: 'accessories',
    shape: 'cleaning-kit',
    prefix: 'CLEAN',
    finish: 'odg',
    variants: [{ key: 'kit', label: 'Kit', options: [['Rifle (.22-.30 cal)', 'rifle'], ['Pistol (9mm-.45)', 'pistol']] }],
    summary: [p('Bore snake, brushes, picks and a ', c('CLP'), ' sample in a pouch that rides on your belt.')],
    specs: [['Contents', 'Bore snake, two brushes, picks, 1 oz CLP']],
    details: [{ title: 'Details', items: ['Belt pouch', 'Refillable'] }],
    moreDetails: accessoryFaq,
    related: ['rk-22-trainer'],
  },
  {
    documentId: 'rp-iwb-holster',
    title: 'RP Series IWB Holster',
    subtitle: 'Kydex inside-the-waistband holster',
    display: 'product-short-alt',
    category: 'accessories',
    shape: 'holster',
    prefix: 'IWB-RP',
    variants: [color('blk', 'odg')],
    summary: [p('Molded for each RP pistol with adjustable retention and a ', b('claw'), ' that tucks the grip in.')],
    specs: [
      ['Material', '0.08 in. Kydex'],
      ['Clip', '1.5 in. steel'],
    ],
    details: [{ title: 'Details', items: ['Adjustable retention', 'Optic-cut sweat guard'] }],
    moreDetails: accessoryFaq,
    related: ['rp-9-compact', 'rp-9-full-size'],
    compatibility: [
      { key: 'RP-9 Compact', field: 'Fits', options: ['Right hand', 'Left hand'] },
      { key: 'RP-9 Full-Size', field: 'Fits', options: ['Right hand', 'Left hand'] },
      { key: 'RP-9 Subcompact', field: 'Fits', options: [] },
    ],
  },
  {
    documentId: 'rf-flash-hider',
    title: 'RF Flash Hider',
    subtitle: 'Three-prong flash hider for 5.56 and .308',
    display: 'product-short-alt',
    category: 'accessories',
    shape: 'muzzle-device',
    prefix: 'RF',
    finish: 'blk',
    variants: [{ key: 'thread', label: 'Thread Pitch', options: [['1/2-28 (5.56)', '12x28'], ['5/8-24 (.308)', '58x24']] }],
    restrict: { states: ['CA', 'NY', 'NJ'], zips: [] },
    summary: [p('A three-prong design that kills flash without the ringing. ', b('Crush washer'), ' included.')],
    specs: [
      ['Material', '17-4 stainless, nitrided'],
      ['Threads', '1/2-28 or 5/8-24'],
    ],
    details: [{ title: 'Details', items: ['Crush washer included', 'Wrench flats'] }],
    moreDetails: accessoryFaq,
    related: ['rk-15-pro', 'rk-10-marksman'],
    compatibility: [ar15Compat, { key: 'RK-10', field: 'Platform', options: ['RK-10 Marksman', 'RK-10 Hunter'] }],
  },
];

// ---------------------------------------------------------------------------------------------
// Assemble: build every product, then resolve related products and add-ons.

const built = specs.map(build);
const byId = new Map(built.map((product) => [product.documentId, product]));
const skuOwner = new Map(built.flatMap((product) => product.skus.map((sku) => [sku.sku, { product, sku }] as const)));

/** Price the server will charge for a sku (final price of its catalogue row). */
function skuFinalPrice(sku: string): number {
  const service = serviceSkus.find((svc) => svc.sku === sku);
  if (service) return service.price;
  const owner = skuOwner.get(sku);
  if (!owner) throw new Error(`add-on sku ${sku} is not in the catalogue`);
  const values = owner.sku.product_variant_options.map((o) => o.value);
  return finalPrice(listPrice(owner.product.documentId, values), discounts[sku] ?? 0);
}

for (const spec of specs) {
  const product = byId.get(spec.documentId)!;
  product.related_products = (spec.related ?? []).map((id) => {
    const related = byId.get(id);
    if (!related) throw new Error(`${spec.documentId}: related product ${id} does not exist`);
    return toRef(related);
  });
  product.add_ons = (spec.addOns ?? []).map<CmsProduct['add_ons'][number]>((addOn) => ({
    id: nextMiscId(),
    title: addOn.title,
    field_name: addOn.field,
    options: addOn.skus.map((sku) => {
      const owner = skuOwner.get(sku);
      const service = serviceSkus.find((svc) => svc.sku === sku);
      return {
        id: nextOptionId(),
        title: owner ? owner.sku.description : service!.title,
        add_on_price: skuFinalPrice(sku),
        image: owner ? owner.sku.image : media(`products/service/${sku.toLowerCase()}--tng.svg`, service!.title, 600, 400),
        sku,
      };
    }),
  }));
}

export const products: CmsProduct[] = built;

export function productById(documentId: string): CmsProduct {
  const product = byId.get(documentId);
  if (!product) throw new Error(`no product ${documentId}`);
  return product;
}
