// Product page choices and the cart line they send (catalogue-and-content.md sections 3 and 4),
// on seeded products.
import { describe, expect, it } from 'vitest';
import { productById } from '../../server/seed/products';
import { mapProduct, type CmsProduct, type ProductPage } from '../../src/features/product/map-product';
import {
  canAddToCart,
  cartLinesFor,
  currentSku,
  initialChoices,
  productReducer,
  quantityError,
  type ProductAction,
  type ProductChoices,
} from '../../src/features/product/product-state';
import { shipmentRestriction } from '../../src/features/product/product-restriction';
import { seedPrices as prices } from './seed-prices';

const page = (id: string): ProductPage => mapProduct(structuredClone(productById(id)) as unknown as CmsProduct, prices)!;

function run(product: ProductPage, ...actions: ProductAction[]): ProductChoices {
  const reduce = productReducer(product);
  return actions.reduce(reduce, initialChoices(product));
}

describe('product choices', () => {
  const rifle = page('rk-15-carbine');

  it('start on the first sku, the first colour and no add-ons', () => {
    const state = initialChoices(rifle);
    expect(currentSku(rifle, state)?.sku).toBe('RK15C-556-16-BLK');
    expect(state.colorId).toBe(rifle.colorOptions[0].id);
    expect(state.addOnIds).toEqual([]);
    expect(state.quantity).toBe(1);
  });

  it('a variant choice resets the later selects and picks the matching sku', () => {
    let state = run(rifle, { type: 'variant.choose', index: 2, value: 'odg' });
    expect(currentSku(rifle, state)?.sku).toBe('RK15C-556-16-ODG');
    state = run(rifle, { type: 'variant.choose', index: 2, value: 'odg' }, { type: 'variant.choose', index: 0, value: '300blk' });
    expect(state.selection).toEqual(['300blk', '16', 'blk']);
    expect(currentSku(rifle, state)?.sku).toBe('RK15C-300BLK-16-BLK');
  });

  it('a sold-out sku cannot be added', () => {
    const state = run(rifle, { type: 'variant.choose', index: 0, value: '300blk' }, { type: 'variant.choose', index: 2, value: 'fde' });
    const sku = currentSku(rifle, state);
    expect(sku?.sku).toBe('RK15C-300BLK-16-FDE');
    expect(sku?.quantity).toBe(0);
    expect(canAddToCart(sku)).toBe(false);
    expect(cartLinesFor(rifle, state, '/product/product-long/rk-15-carbine')).toEqual([]);
  });

  it('add-ons toggle on and off; unknown ids change nothing', () => {
    const [optic, , sling] = rifle.addOns;
    let state = run(rifle, { type: 'addOn.toggle', id: sling.id }, { type: 'addOn.toggle', id: optic.id });
    expect(state.addOnIds).toEqual([sling.id, optic.id]);
    state = productReducer(rifle)(state, { type: 'addOn.toggle', id: sling.id });
    expect(state.addOnIds).toEqual([optic.id]);
    expect(productReducer(rifle)(state, { type: 'addOn.toggle', id: 'nope' })).toBe(state);
  });

  it('keeps a quantity as typed and says what is wrong with it; a wrong quantity adds nothing (decision 027)', () => {
    const url = '/product/product-long/rk-15-carbine';
    const onHand = currentSku(rifle, initialChoices(rifle))!.quantity;
    expect(onHand).toBe(21);
    const cases: [number, string | null][] = [
      [2, null],
      [onHand, null],
      [onHand + 1, `Only ${onHand} left`],
      [0, 'Enter a whole number from 1 to 99'],
      [250, 'Enter a whole number from 1 to 99'],
      [3.7, 'Enter a whole number from 1 to 99'],
      [Number.NaN, 'Enter a whole number from 1 to 99'],
    ];
    for (const [quantity, error] of cases) {
      const state = run(rifle, { type: 'quantity.set', quantity });
      expect(state.quantity, String(quantity)).toBe(quantity);
      expect(quantityError(rifle, state), String(quantity)).toBe(error);
      expect(cartLinesFor(rifle, state, url).length > 0, String(quantity)).toBe(error === null);
    }
    // The error follows the chosen sku's stock; a sold-out sku shows Notify Me, not an error.
    const odg = run(rifle, { type: 'quantity.set', quantity: 17 }, { type: 'variant.choose', index: 2, value: 'odg' });
    expect(currentSku(rifle, odg)?.quantity).toBe(16);
    expect(quantityError(rifle, odg)).toBe('Only 16 left');
    const soldOut = run(rifle, { type: 'quantity.set', quantity: 5 }, { type: 'variant.choose', index: 0, value: '300blk' }, { type: 'variant.choose', index: 2, value: 'fde' });
    expect(quantityError(rifle, soldOut)).toBeNull();
  });

  it('a compatibility tab selects its first option; an empty tab selects nothing', () => {
    const magazine = page('rm-30-rifle-magazine');
    const [rk15, rk10] = magazine.compatibilityOptions;
    let state = initialChoices(magazine);
    expect(state).toMatchObject({ compatibilityKey: 'RK-15', compatibilityOptionId: rk15.options[0].id });
    state = run(magazine, { type: 'compatibility.option', id: rk15.options[2].id });
    expect(state.compatibilityOptionId).toBe(rk15.options[2].id);
    state = productReducer(magazine)(state, { type: 'compatibility.tab', key: 'RK-10' });
    expect(state).toMatchObject({ compatibilityKey: 'RK-10', compatibilityOptionId: null });
    expect(rk10.options).toEqual([]);
    state = productReducer(magazine)(state, { type: 'compatibility.tab', key: 'RK-15' });
    expect(state.compatibilityOptionId).toBe(rk15.options[0].id);
    // An option of another tab is not a choice in this one.
    expect(productReducer(magazine)(state, { type: 'compatibility.option', id: 'x' })).toBe(state);
  });

  it('sends the spec cart line payload with options in page order', () => {
    const [optic] = rifle.addOns;
    const state = run(
      rifle,
      { type: 'variant.choose', index: 1, value: '145' },
      { type: 'addOn.toggle', id: optic.id },
      { type: 'color.choose', id: rifle.colorOptions[1].id },
      { type: 'quantity.set', quantity: 2 },
    );
    const [line, addOnLine, ...rest] = cartLinesFor(rifle, state, '/product/product-long/rk-15-carbine');
    expect(rest).toEqual([]);
    expect(line).toEqual({
      productName: 'RK-15 Carbine',
      productId: 'RK15C-556-145-BLK',
      quantity: 2,
      imageUrl: '/media/products/rifle-ar/rk-15-carbine--blk.svg',
      productPrice: 1224,
      price: 1224,
      productUrl: '/product/product-long/rk-15-carbine',
      isFflItem: true,
      isReceiverItem: false,
      optionIds: [...currentSku(rifle, state)!.variantOptions.map((o) => o.id), rifle.colorOptions[1].id],
      options: [
        { label: 'Caliber', value: '5.56 NATO' },
        { label: 'Barrel Length', value: '14.5 in. pinned and welded' },
        { label: 'Finish', value: 'Black' },
        { label: 'Magazine Color', value: 'Flat Dark Earth' },
      ],
      restrictedStates: ['CA', 'NY', 'NJ', 'MA', 'CT', 'MD', 'IL', 'WA', 'DE'],
      restrictedZips: ['100', '021'],
    });
    expect((line.optionIds ?? []).every((id) => typeof id === 'string')).toBe(true);
    // The add-on is its own line: its sku, the same quantity, priced by the server.
    expect(addOnLine).toMatchObject({
      productName: optic.label,
      productId: optic.sku,
      quantity: 2,
      price: optic.price,
      productUrl: '/product/product-long/rk-15-carbine',
      optionIds: [optic.id],
      options: [{ label: 'Optic', value: 'Add-on for RK-15 Carbine' }],
    });
  });

  it('includes the compatibility choice and the discounted price', () => {
    const magazine = page('rm-30-rifle-magazine');
    const [line] = cartLinesFor(magazine, initialChoices(magazine), '/product/product-short-alt/rm-30-rifle-magazine');
    expect(line.options).toContainEqual({ label: 'Platform', value: 'RK-15 Carbine' });
    const [discounted] = cartLinesFor(rifle, initialChoices(rifle), '/x');
    expect(discounted).toMatchObject({ productPrice: 1149, price: 1034.1 });
  });

  it('a receiver sends its receiver flag', () => {
    const frame = page('rk-15-stripped-lower');
    expect(cartLinesFor(frame, initialChoices(frame), '/x')[0]).toMatchObject({ isFflItem: true, isReceiverItem: true });
  });
});

describe('shipment restriction on the product page (decision 030)', () => {
  const magazine = page('rm-30-rifle-magazine');
  const california = { state: 'CA', zip: '95814' };
  const thirty = (product: ProductPage) => run(product, { type: 'variant.choose', index: 0, value: '30' });

  it('is null while the destination is unknown, and for a sku that may ship there', () => {
    expect(shipmentRestriction(magazine, currentSku(magazine, thirty(magazine)), null)).toBeNull();
    expect(shipmentRestriction(magazine, currentSku(magazine, initialChoices(magazine)), california)).toBeNull();
    expect(shipmentRestriction(magazine, null, california)).toBeNull();
  });

  it('says where it cannot ship and points to the nearest variant that can: the same colour, 10 rounds', () => {
    expect(shipmentRestriction(magazine, currentSku(magazine, thirty(magazine)), california)).toEqual({
      note: 'Not available for shipment to California',
      alternative: { sku: 'RM30-10-BLK', label: '10 rounds' },
    });
  });

  it('prefers a variant that can be bought, even with more options changed', () => {
    const soldOut = { ...magazine, skus: magazine.skus.map((sku) => (sku.sku === 'RM30-10-BLK' ? { ...sku, quantity: 0 } : sku)) };
    const fde = soldOut.skus.find((sku) => sku.sku === 'RM30-10-FDE')!;
    const colour = soldOut.selects[1].options.find((option) => option.value === fde.variants[soldOut.selects[1].id])!.label;
    expect(shipmentRestriction(soldOut, currentSku(soldOut, thirty(soldOut)), california)?.alternative).toEqual({
      sku: 'RM30-10-FDE',
      label: `10 rounds, ${colour}`,
    });
  });

  it('has no pointer when no variant can ship there', () => {
    const pistol = page('rp-9-compact');
    expect(shipmentRestriction(pistol, currentSku(pistol, initialChoices(pistol)), california)).toEqual({
      note: 'Not available for shipment to California',
      alternative: null,
    });
  });

  it("choosing a sku sets every select to its options; an unknown sku changes nothing", () => {
    const state = productReducer(magazine)(thirty(magazine), { type: 'sku.choose', sku: 'RM30-10-FDE' });
    expect(currentSku(magazine, state)?.sku).toBe('RM30-10-FDE');
    const before = thirty(magazine);
    expect(productReducer(magazine)(before, { type: 'sku.choose', sku: 'NOPE' })).toBe(before);
  });
});
