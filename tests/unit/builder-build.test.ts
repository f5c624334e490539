import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BUILD_ID_PATTERN,
  buildCartLine,
  buildNotes,
  buildPrice,
  createBuildId,
  defaultSelection,
  isChoosable,
  isComplete,
  shownParts,
  type BuilderDefinition,
} from '../../src/domain/builder-build';
import { builderCanvasSize } from '../../src/domain/builder-layout';

/** The builder's configuration rules, its one cart line and the canvas size (decision 019). */

const priced = (price: number, finalPrice = price, qtyOnHand = 4) => ({ price, finalPrice, qtyOnHand });

const definition: BuilderDefinition = {
  platform: {
    sku: 'RKB-15-BASE',
    productName: 'RK-15 Custom Build',
    productUrl: '/3dbuilder',
    imageUrl: '/media/builder.svg',
    fflItem: true,
    receiverItem: false,
    restrictedStates: ['CA', 'NY'],
    restrictedZips: ['10001'],
    price: priced(899),
  },
  slots: [
    { key: 'stock', title: 'Stock', required: true, options: [{ id: 's1', label: 'Carbine', sku: 'RKB-STK-CAR', model: { shape: 'carbine' }, price: priced(89) }] },
    {
      key: 'barrel',
      title: 'Barrel',
      required: true,
      options: [
        { id: 'b1', label: '14.5 in.', sku: 'RKB-BRL-145', model: { length: 14.5 }, price: priced(229, 229, 0) },
        { id: 'b2', label: '16 in.', sku: 'RKB-BRL-16', model: { length: 16 }, price: priced(239.1) },
      ],
    },
    { key: 'handguard', title: 'Handguard', required: true, options: [{ id: 'h1', label: '13 in. M-LOK', sku: 'RKB-HG-13', model: { length: 13 }, price: priced(189, 170.1) }] },
    { key: 'optic', title: 'Optic', required: false, options: [{ id: 'o1', label: 'Red dot', sku: 'RKB-OPT-RD', model: { shape: 'red-dot' }, price: priced(299.99) }] },
    { key: 'finish', title: 'Finish', required: true, options: [{ id: 'f1', label: 'Flat Dark Earth', sku: 'RKB-FIN-FDE', model: { color: '#8b7355' }, price: priced(0.2) }] },
  ],
};

describe('builder configuration', () => {
  it('starts with the first available option per slot; sold-out options and an empty required slot cannot be chosen', () => {
    const selection = defaultSelection(definition);
    expect(selection).toEqual({ stock: 's1', barrel: 'b2', handguard: 'h1', optic: 'o1', finish: 'f1' });
    expect(isComplete(definition, selection)).toBe(true);
    expect(isChoosable(definition, 'barrel', 'b1')).toBe(false);
    expect(isChoosable(definition, 'barrel', null)).toBe(false);
    expect(isChoosable(definition, 'optic', null)).toBe(true);
    expect(isChoosable(definition, 'sling', null)).toBe(false);
    expect(isComplete(definition, { ...selection, barrel: 'b1' })).toBe(false);
    expect(isComplete(definition, { ...selection, optic: null })).toBe(true);
  });

  it('starts each slot with its first available part included at no charge when there is one', () => {
    const withIncluded: BuilderDefinition = {
      ...definition,
      slots: definition.slots.map((slot) =>
        slot.key === 'barrel'
          ? { ...slot, options: [...slot.options, { id: 'b3', label: '10.5 in.', sku: 'RKB-BRL-105', model: { length: 10.5 }, price: priced(0) }] }
          : slot,
      ),
    };
    expect(defaultSelection(withIncluded).barrel).toBe('b3');
    expect(defaultSelection(withIncluded).stock).toBe('s1');
  });

  it('prices the build as the server does: Σ list and Σ final prices, in cents', () => {
    const price = buildPrice(definition, defaultSelection(definition));
    expect(price.lines.map((line) => [line.key, line.choice, line.finalPrice])).toEqual([
      ['platform', null, 899],
      ['stock', 'Carbine', 89],
      ['barrel', '16 in.', 239.1],
      ['handguard', '13 in. M-LOK', 170.1],
      ['optic', 'Red dot', 299.99],
      ['finish', 'Flat Dark Earth', 0.2],
    ]);
    expect(price.price).toBe(1716.29);
    expect(price.finalPrice).toBe(1697.39);
  });

  it('turns a build into ONE cart line: platform sku, build id, part skus in slot order, notes, platform flags', () => {
    const selection = { ...defaultSelection(definition), optic: null };
    const line = buildCartLine(definition, selection, 'bld_0123456789abcdefABCD');
    expect(line).toEqual({
      productName: 'RK-15 Custom Build',
      productId: 'RKB-15-BASE',
      quantity: 1,
      imageUrl: '/media/builder.svg',
      productPrice: 1416.3,
      price: 1397.4,
      productUrl: '/3dbuilder',
      isFflItem: true,
      isReceiverItem: false,
      optionIds: ['RKB-STK-CAR', 'RKB-BRL-16', 'RKB-HG-13', 'RKB-FIN-FDE'],
      options: [
        { label: 'Stock', value: 'Carbine' },
        { label: 'Barrel', value: '16 in.' },
        { label: 'Handguard', value: '13 in. M-LOK' },
        { label: 'Finish', value: 'Flat Dark Earth' },
      ],
      buildId: 'bld_0123456789abcdefABCD',
      notes: 'Stock: Carbine; Barrel: 16 in.; Handguard: 13 in. M-LOK; Optic: none; Finish: Flat Dark Earth',
      restrictedStates: ['CA', 'NY'],
      restrictedZips: ['10001'],
    });
    expect(buildNotes(definition, defaultSelection(definition))).toBe(
      'Stock: Carbine; Barrel: 16 in.; Handguard: 13 in. M-LOK; Optic: Red dot; Finish: Flat Dark Earth',
    );
  });

  it('shows the engine the chosen parts with their models, leaving an empty slot out', () => {
    const parts = shownParts(definition, { ...defaultSelection(definition), optic: null });
    expect(parts.map((part) => [part.slot, part.model])).toEqual([
      ['stock', { shape: 'carbine' }],
      ['barrel', { length: 16 }],
      ['handguard', { length: 13 }],
      ['finish', { color: '#8b7355' }],
    ]);
  });

  it('build ids are bld_ + url-safe random characters, new each time', () => {
    const ids = new Set(Array.from({ length: 200 }, () => createBuildId()));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(BUILD_ID_PATTERN);
    expect(createBuildId((bytes) => bytes.fill(255))).toBe(`bld_${'_'.repeat(24)}`);
  });
});

describe('builder canvas size', () => {
  it('is 16:9 within the container, its height at most the window height minus 140', () => {
    expect(builderCanvasSize(1280, 900)).toEqual({ width: 1280, height: 720 });
    expect(builderCanvasSize(1280, 700)).toEqual({ width: 995, height: 560 });
    expect(builderCanvasSize(342, 844)).toEqual({ width: 341, height: 192 });
  });

  it('never exceeds either limit, and keeps the aspect within a pixel', () => {
    fc.assert(
      fc.property(fc.integer({ min: 200, max: 4000 }), fc.integer({ min: 300, max: 3000 }), (width, windowHeight) => {
        const size = builderCanvasSize(width, windowHeight);
        expect(size.width).toBeLessThanOrEqual(width);
        expect(size.height).toBeLessThanOrEqual(windowHeight - 140);
        expect(Math.abs(size.width - size.height * (16 / 9))).toBeLessThan(1);
        expect(size.width === Math.floor(width) || size.height === windowHeight - 140 || size.width >= width - 2).toBe(true);
      }),
    );
  });
});
