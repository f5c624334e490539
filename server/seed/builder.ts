// The 3D builder (issue 9, decision 018): an RK-15 platform assembled from parts in five slots.
// The definition is served as the `builder` content page; every option names a sku of the shop
// catalogue, so prices, discounts and stock come from GET /Products like any other sku, and the
// server prices a build line from the same rows (server/src/builder/build-rules.ts).
//
// The platform and the parts made for the builder are sku rows without a content product: they
// are sold only as a build, so they appear in no collection, search or product page. The two
// optics on offer are the catalogue's own red dot and LPVO skus (sold on their own too), so a
// build takes them from the same stock.
import { media } from './helpers';
import { finishes } from './palette';
import { productById } from './products';
import { skus as catalogueSkus, type SkuRow } from './skus';
import type { CmsBuilderSlot, CmsPages } from './content-shapes';

export const BUILDER_PLATFORM_SKU = 'RKB-15-BASE';
export const BUILDER_URL = '/3dbuilder';
/** The content-service document the builder skus belong to (no product page: see above). */
const BUILDER_DOCUMENT_ID = 'rk-15-builder';

/** The builder's platform ships like the RK-15 Carbine it is built on: to an FFL, same limits. */
const carbine = productById('rk-15-carbine');
const platformRestriction = {
  states: carbine.skus[0].restricted_states.map((r) => r.value),
  zips: carbine.skus[0].restricted_zips.map((r) => r.zip),
};

/**
 * A 14.5 in. barrel reaches 16 in. only with its pinned and welded muzzle brake; the demo's
 * (fictional) policy treats that permanently attached brake as a restricted feature in a few
 * states and cities beyond the platform's, so a build's restrictions are the union of both.
 */
const pinnedBrakeRestriction = { states: ['CO', 'HI', 'OR'], zips: ['606', '20001', '20002'] };

interface PartSpec {
  id: string;
  label: string;
  sku: string;
  model: Record<string, string | number>;
  /** Builder-only part: its catalogue row. Catalogue skus (the optics) have a row already. */
  part?: { name: string; price: number; discount?: number; qty: number; image: string; restrict?: typeof pinnedBrakeRestriction };
}

const img = (path: string) => `/media/${path}`;
const CARBINE_IMAGE = img('products/rifle-ar/rk-15-carbine--blk.svg');
const PRO_IMAGE = img('products/rifle-ar/rk-15-pro--blk.svg');

const slotSpecs: { key: string; title: string; required: boolean; options: PartSpec[] }[] = [
  {
    key: 'stock',
    title: 'Stock',
    required: true,
    options: [
      { id: 'stock-carbine', label: 'Mil-Spec Carbine, 6-position', sku: 'RKB-STK-CARBINE', model: { shape: 'carbine' },
        part: { name: 'RK-15 Builder Mil-Spec Carbine Stock', price: 0, qty: 60, image: CARBINE_IMAGE } },
      { id: 'stock-enhanced', label: 'Enhanced Carbine with QD sling cup', sku: 'RKB-STK-ENHANCED', model: { shape: 'carbine' },
        part: { name: 'RK-15 Builder Enhanced Carbine Stock', price: 79, discount: 10, qty: 34, image: CARBINE_IMAGE } },
      { id: 'stock-fixed', label: 'Fixed A2 Rifle-Length', sku: 'RKB-STK-FIXED', model: { shape: 'fixed' },
        part: { name: 'RK-15 Builder Fixed A2 Stock', price: 119, qty: 12, image: PRO_IMAGE } },
      { id: 'stock-precision', label: 'Precision Adjustable (cheek riser and length of pull)', sku: 'RKB-STK-PRECISION', model: { shape: 'precision' },
        part: { name: 'RK-15 Builder Precision Adjustable Stock', price: 189, qty: 9, image: PRO_IMAGE } },
    ],
  },
  {
    key: 'barrel',
    title: 'Barrel',
    required: true,
    options: [
      { id: 'barrel-145', label: '14.5 in. Mid-Length, pinned and welded brake', sku: 'RKB-BBL-145', model: { length: 14.5 },
        part: { name: 'RK-15 Builder 14.5 in. Pinned and Welded Barrel', price: 95, qty: 14, image: CARBINE_IMAGE, restrict: pinnedBrakeRestriction } },
      { id: 'barrel-16', label: '16 in. Mid-Length, 4150 CMV nitrided', sku: 'RKB-BBL-16', model: { length: 16 },
        part: { name: 'RK-15 Builder 16 in. Mid-Length Barrel', price: 0, qty: 48, image: CARBINE_IMAGE } },
      { id: 'barrel-18', label: '18 in. SPR Rifle-Length, 416R stainless', sku: 'RKB-BBL-18', model: { length: 18 },
        part: { name: 'RK-15 Builder 18 in. SPR Stainless Barrel', price: 189, qty: 11, image: PRO_IMAGE } },
      { id: 'barrel-20', label: '20 in. Rifle-Length Match, 416R stainless', sku: 'RKB-BBL-20', model: { length: 20 },
        part: { name: 'RK-15 Builder 20 in. Match Stainless Barrel', price: 260, discount: 15, qty: 6, image: PRO_IMAGE } },
    ],
  },
  {
    key: 'handguard',
    title: 'Handguard',
    required: true,
    options: [
      { id: 'handguard-10', label: '10 in. Slim M-LOK', sku: 'RKB-HG-10', model: { length: 10 },
        part: { name: 'RK-15 Builder 10 in. Slim M-LOK Handguard', price: 0, qty: 40, image: CARBINE_IMAGE } },
      { id: 'handguard-13', label: '13 in. Slim M-LOK', sku: 'RKB-HG-13', model: { length: 13 },
        part: { name: 'RK-15 Builder 13 in. Slim M-LOK Handguard', price: 45, qty: 38, image: CARBINE_IMAGE } },
      { id: 'handguard-15', label: '15 in. Slim M-LOK', sku: 'RKB-HG-15', model: { length: 15 },
        part: { name: 'RK-15 Builder 15 in. Slim M-LOK Handguard', price: 85, qty: 22, image: PRO_IMAGE } },
      { id: 'handguard-15-carbon', label: '15 in. Carbon Fiber Competition M-LOK', sku: 'RKB-HG-15CF', model: { length: 15 },
        part: { name: 'RK-15 Builder 15 in. Carbon Fiber Handguard', price: 210, qty: 5, image: PRO_IMAGE } },
    ],
  },
  {
    key: 'optic',
    title: 'Optic',
    required: false,
    options: [
      { id: 'optic-red-dot', label: 'RD-2 Red Dot, 3 MOA', sku: 'RD2-3MOA', model: { shape: 'red-dot' } },
      { id: 'optic-holographic', label: 'HS-1 Holographic Sight, 68 MOA ring and 1 MOA dot', sku: 'RKB-OPT-HOLO', model: { shape: 'holographic' },
        // Sold out: the builder shows it as unavailable, checkout refuses a build holding it.
        part: { name: 'HS-1 Holographic Sight', price: 649, qty: 0, image: img('products/optic-reddot/rd-2-red-dot--blk.svg') } },
      { id: 'optic-lpvo', label: 'Summit 1-6x24 LPVO, BDC reticle, in a cantilever mount', sku: 'LPVO16-BDC-BLK', model: { shape: 'lpvo' } },
    ],
  },
  {
    key: 'finish',
    title: 'Finish',
    required: true,
    options: [
      { id: 'finish-black', label: 'Black Hard-Coat Anodized', sku: 'RKB-FIN-BLK', model: { color: finishes.blk.hex },
        part: { name: 'RK-15 Builder Black Anodized Finish', price: 0, qty: 999, image: CARBINE_IMAGE } },
      { id: 'finish-fde', label: 'Flat Dark Earth Cerakote', sku: 'RKB-FIN-FDE', model: { color: finishes.fde.hex },
        part: { name: 'RK-15 Builder Flat Dark Earth Cerakote', price: 120, qty: 999, image: img('products/rifle-ar/rk-15-carbine--fde.svg') } },
      { id: 'finish-odg', label: 'OD Green Cerakote', sku: 'RKB-FIN-ODG', model: { color: finishes.odg.hex },
        part: { name: 'RK-15 Builder OD Green Cerakote', price: 120, discount: 25, qty: 999, image: img('products/rifle-ar/rk-15-carbine--odg.svg') } },
      { id: 'finish-tungsten', label: 'Tungsten Cerakote', sku: 'RKB-FIN-TNG', model: { color: finishes.tng.hex },
        part: { name: 'RK-15 Builder Tungsten Cerakote', price: 150, qty: 999, image: img('products/rifle-ar/rk-15-sport--tng.svg') } },
      { id: 'finish-bronze', label: 'Burnt Bronze Cerakote', sku: 'RKB-FIN-BRZ', model: { color: '#8c6239' },
        part: { name: 'RK-15 Builder Burnt Bronze Cerakote', price: 180, qty: 999, image: img('products/rifle-ar/rk-15-carbine--fde.svg') } },
    ],
  },
];

const slots: CmsBuilderSlot[] = slotSpecs.map((slot) => ({
  key: slot.key,
  title: slot.title,
  required: slot.required,
  options: slot.options.map(({ id, label, sku, model }) => ({ id, label, sku, model })),
}));

/** GET /cms/page/builder */
export const builderPage: CmsPages['builder'] = {
  id: 69001,
  documentId: 'page-builder',
  slug: 'builder',
  title: 'RK-15 Builder',
  sub_text:
    'Build your RK-15 from the upper and lower we assemble every day in Boise: pick a stock, barrel, handguard, optic and finish, turn it in 3D, and add the build to your cart. Every build is assembled, headspaced and function-fired before it ships to your FFL dealer.',
  platform: {
    sku: BUILDER_PLATFORM_SKU,
    product_name: 'Custom RK-15 build',
    product_url: BUILDER_URL,
    ffl_item: true,
    image: media('products/rifle-ar/rk-15-carbine--blk.svg', 'Custom RK-15 build', 1200, 800),
  },
  slots,
};

const row = (sku: string, productName: string, price: number, discount: number, qty: number, image: string, restrict: { states: string[]; zips: string[] }, ffl: boolean): SkuRow => ({
  sku,
  productDocumentId: BUILDER_DOCUMENT_ID,
  productName,
  price,
  bestDiscountPercentage: discount,
  qtyOnHand: qty,
  isFflItem: ffl,
  isReceiverItem: false,
  // The builder makes rifles (decision 077: long guns keep the dealer rules).
  isHandgun: false,
  // A build is taxed as its platform's line (decision 018): firearms; the parts on their own are accessories.
  taxCode: ffl ? 'firearms' : 'general-merchandise',
  // Every builder sku (the platform and the parts made for the builder) is sold only in a build.
  buildOnly: true,
  restrictedStates: restrict.states,
  restrictedZips: restrict.zips,
  imageUrl: image,
  productUrl: BUILDER_URL,
});

/**
 * Catalogue rows of the builder's own skus: the platform (the assembled lower and upper with
 * bolt carrier group, charging handle and trigger: the base price of every build) and the parts.
 */
export const builderSkus: SkuRow[] = [
  row(BUILDER_PLATFORM_SKU, builderPage.platform.product_name, 899, 0, 25, CARBINE_IMAGE, platformRestriction, true),
  ...slotSpecs.flatMap((slot) =>
    slot.options.flatMap(({ sku, part }) =>
      part ? [row(sku, part.name, part.price, part.discount ?? 0, part.qty, part.image, part.restrict ?? { states: [], zips: [] }, false)] : [],
    ),
  ),
];

// Every option is a sku of the catalogue: builder-only parts here, the others in skus.ts.
for (const option of slots.flatMap((slot) => slot.options)) {
  if (!builderSkus.some((r) => r.sku === option.sku) && !catalogueSkus.some((r) => r.sku === option.sku)) {
    throw new Error(`builder option ${option.id}: sku ${option.sku} is not in the catalogue`);
  }
}
