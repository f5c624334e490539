// Collections (product groups) in the content-service form. Products are referenced through
// toRef(), so a collection only adds what is its own: tag (tabbed grids) and filter tags.
import { counter, media } from './helpers';
import { toRef, type RefExtras } from './product-ref';
import { productById } from './products';
import type { CmsProductGroup, CmsProductRef, CollectionDisplayType } from './content-shapes';

export { toRef } from './product-ref';

const nextId = counter(40001);

function group(
  documentId: string,
  title: string,
  display_type: CollectionDisplayType,
  banner: { shape: string; finish: string; alt: string },
  products: CmsProductRef[],
  filters: [category: string, multi: boolean, values: string[]][] = [],
): CmsProductGroup {
  return {
    id: nextId(),
    documentId,
    title,
    display_type,
    background_image: media(`banners/collection-${documentId}--${banner.shape}--${banner.finish}.svg`, banner.alt, 1600, 500),
    breadcrumbs: [
      { id: nextId(), title: 'Home', url: '/' },
      { id: nextId(), title, url: `/product/${display_type}/${documentId}` },
    ],
    filters: filters.map<CmsProductGroup['filters'][number]>(([category, multi, values]) => ({ id: nextId(), category, multi, values })),
    products,
  };
}

const ref = (documentId: string, extras: RefExtras = {}): CmsProductRef => toRef(productById(documentId), extras);

/** Filter tags for the rifle grid: caliber(s), action, host manufacturer, model. */
function rifle(documentId: string, calibers: string[], action: string, model: string, maker = 'Ridgeline Arms'): CmsProductRef {
  return ref(documentId, {
    filter_tags: [
      ...calibers.map((cal) => ['Caliber', cal] as [string, string]),
      ['Action', action],
      ['Host Manufacturer', maker],
      ['Model', model],
    ],
  });
}

/** Filter tags for the accessory grid: category, host manufacturer and the models it fits. */
function accessory(documentId: string, category: string, maker: string, models: string[]): CmsProductRef {
  return ref(documentId, {
    filter_tags: [
      ['Category', category],
      ['Host Manufacturer', maker],
      ...models.map((model) => ['Model', model] as [string, string]),
    ],
  });
}

export const productGroups: CmsProductGroup[] = [
  group(
    'all-rifles',
    'Rifles',
    'collection-filterable-grid',
    { shape: 'rifle-ar', finish: 'fde', alt: 'Rifles — Built in Boise, Idaho' },
    [
      rifle('rk-15-carbine', ['5.56 NATO', '.300 BLK'], 'Semi-Auto', 'RK-15'),
      rifle('rk-15-sport', ['5.56 NATO'], 'Semi-Auto', 'RK-15'),
      rifle('rk-15-pro', ['5.56 NATO'], 'Semi-Auto', 'RK-15'),
      rifle('rk-15-ember-edition', ['5.56 NATO'], 'Semi-Auto', 'RK-15', 'Ridgeline Custom Shop'),
      rifle('rk-10-marksman', ['.308 Win', '6.5 Creedmoor'], 'Semi-Auto', 'RK-10'),
      rifle('rk-10-hunter', ['.308 Win', '6.5 Creedmoor'], 'Semi-Auto', 'RK-10'),
      rifle('summit-bolt-action', ['6.5 Creedmoor', '.308 Win', '.300 Win Mag'], 'Bolt-Action', 'Summit'),
      rifle('summit-copper-canyon-edition', ['6.5 Creedmoor'], 'Bolt-Action', 'Summit', 'Ridgeline Custom Shop'),
      rifle('trailhand-lever-action', ['.30-30 Win', '.45-70 Govt'], 'Lever-Action', 'Trailhand'),
      rifle('ridgeback-pcc-9', ['9mm Luger'], 'Semi-Auto', 'Ridgeback'),
      rifle('rk-22-trainer', ['.22 LR'], 'Semi-Auto', 'RK-22'),
    ],
    [
      ['Caliber', true, ['5.56 NATO', '.300 BLK', '.308 Win', '6.5 Creedmoor', '.300 Win Mag', '.30-30 Win', '.45-70 Govt', '9mm Luger', '.22 LR']],
      // Single-select: once an action is chosen the other actions are hidden (spec section 4).
      ['Action', false, ['Semi-Auto', 'Bolt-Action', 'Lever-Action']],
      ['Host Manufacturer', true, ['Ridgeline Arms', 'Ridgeline Custom Shop']],
      // Shown only while a host manufacturer is selected (spec section 4).
      ['Model', true, ['RK-15', 'RK-10', 'Summit', 'Trailhand', 'Ridgeback', 'RK-22']],
    ],
  ),
  group(
    'pistols',
    'Pistols',
    'collection-tabbed-grid',
    { shape: 'pistol-compact', finish: 'blk', alt: 'Pistols — The RP Series' },
    [
      ref('rp-9-compact', { tag: 'Compact' }),
      ref('rp-9-ember-edition', { tag: 'Compact' }),
      ref('rp-9-full-size', { tag: 'Full-Size' }),
      ref('rp-45-full-size', { tag: 'Full-Size' }),
      ref('rp-9-subcompact', { tag: 'Subcompact' }),
      ref('rp-380-pocket', { tag: 'Subcompact' }),
      ref('rp-10-longslide', { tag: 'Competition' }),
      ref('rp-22-target', { tag: 'Competition' }),
      ref('rp-9-serialized-frame', { tag: 'Frames' }),
    ],
  ),
  group(
    'apparel',
    'Apparel',
    'collection-simple-grid',
    { shape: 'hoodie', finish: 'slate', alt: 'Apparel — Made for the range and the ride home' },
    ['logo-tee', 'topo-hoodie', 'field-softshell', 'range-cap', 'ridgeline-trucker', 'ember-edition-tee'].map((id) => ref(id)),
  ),
  group(
    'accessories',
    'Accessories',
    'collection-filterable-grid',
    { shape: 'optic-lpvo', finish: 'blk', alt: 'Accessories — Optics, magazines, cases and care' },
    [
      accessory('rm-30-rifle-magazine', 'Magazines', 'Ridgeline Arms', ['RK-15']),
      accessory('rp-9-magazine', 'Magazines', 'Ridgeline Arms', ['RP-9']),
      accessory('summit-1-6-lpvo', 'Optics', 'Universal', ['RK-15', 'RK-10', 'Summit']),
      accessory('rd-2-red-dot', 'Optics', 'Ridgeline Arms', ['RP-9', 'RP-10', 'RP-45']),
      accessory('rifle-case-42', 'Cases', 'Universal', ['RK-15', 'RK-10', 'Summit']),
      accessory('range-pistol-case', 'Cases', 'Universal', ['RP-9', 'RP-10', 'RP-45']),
      accessory('two-point-sling', 'Slings', 'Universal', ['RK-15', 'RK-10', 'Summit']),
      accessory('field-cleaning-kit', 'Cleaning', 'Universal', ['RK-15', 'RP-9']),
      accessory('rp-iwb-holster', 'Holsters', 'Ridgeline Arms', ['RP-9']),
      accessory('rf-flash-hider', 'Muzzle Devices', 'Ridgeline Arms', ['RK-15', 'RK-10']),
    ],
    [
      ['Category', false, ['Magazines', 'Optics', 'Cases', 'Slings', 'Cleaning', 'Holsters', 'Muzzle Devices']],
      ['Host Manufacturer', true, ['Ridgeline Arms', 'Universal']],
      ['Model', true, ['RK-15', 'RK-10', 'Summit', 'RP-9', 'RP-10', 'RP-45']],
    ],
  ),
  group(
    'limited-edition',
    'Limited Editions',
    'collection-cards',
    { shape: 'rifle-bolt', finish: 'copper', alt: 'Limited Editions — Numbered, and never repeated' },
    ['summit-copper-canyon-edition', 'rk-15-ember-edition', 'rp-9-ember-edition', 'ember-edition-tee'].map((id) => ref(id)),
  ),
  group(
    'new-arrivals',
    'New Arrivals',
    'collection-cards',
    { shape: 'pistol-longslide', finish: 'ember', alt: 'New Arrivals — Fresh from the Boise shop' },
    ['rk-15-pro', 'rp-10-longslide', 'summit-1-6-lpvo', 'field-softshell'].map((id) => ref(id)),
  ),
  group(
    'receivers',
    'Receivers and Frames',
    'collection-simple-grid',
    { shape: 'lower-receiver', finish: 'tng', alt: 'Receivers and Frames — Start your build' },
    ['rk-15-stripped-lower', 'rk-10-stripped-lower', 'rp-9-serialized-frame'].map((id) => ref(id)),
  ),
  // Deliberately empty: shows the 'No items found' state (catalogue spec section 8).
  group('edged-tools', 'Edged Tools', 'collection-simple-grid', { shape: 'service', finish: 'slate', alt: 'Edged Tools — Coming soon' }, []),
];

export function productGroupById(documentId: string): CmsProductGroup {
  const found = productGroups.find((g) => g.documentId === documentId);
  if (!found) throw new Error(`no product group ${documentId}`);
  return found;
}
