// Variant selection rules (catalogue-and-content.md section 4), on hand-made catalogues and on
// random ones (fast-check): after any sequence of choices the selection is consistent.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  candidateSkus,
  choose,
  firstAvailable,
  initialSelection,
  matchingSku,
  missingChoice,
  optionStates,
  validOptions,
  type SkuChoice,
  type VariantSelect,
} from '../../src/domain/variant-selection';

const opt = (value: string) => ({ id: `id-${value}`, label: value.toUpperCase(), value });

// The seeded RK-15 Carbine: .300 BLK only with the 16 in. barrel and not in OD green.
const selects: VariantSelect[] = [
  { id: 'caliber', label: 'Caliber', options: [opt('556'), opt('300blk')] },
  { id: 'barrel', label: 'Barrel Length', options: [opt('16'), opt('145')] },
  { id: 'finish', label: 'Finish', options: [opt('blk'), opt('fde'), opt('odg')] },
];
const skus: SkuChoice[] = [];
for (const caliber of ['556', '300blk'])
  for (const barrel of ['16', '145'])
    for (const finish of ['blk', 'fde', 'odg'])
      if (caliber === '556' || (barrel === '16' && finish !== 'odg'))
        skus.push({ sku: `${caliber}-${barrel}-${finish}`, variants: { caliber, barrel, finish } });

const values = (options: { value: string }[]) => options.map((o) => o.value);

describe('variant selection', () => {
  it('starts on the first valid option of every select, which is a sku', () => {
    const selection = initialSelection(selects, skus);
    expect(selection).toEqual(['556', '16', 'blk']);
    expect(matchingSku(selects, skus, selection)?.sku).toBe('556-16-blk');
  });

  it('offers only the options some sku has after the earlier choices', () => {
    expect(values(validOptions(selects, skus, ['300blk', null, null], 1))).toEqual(['16']);
    expect(values(validOptions(selects, skus, ['300blk', '16', null], 2))).toEqual(['blk', 'fde']);
    expect(values(validOptions(selects, skus, ['556', '145', null], 2))).toEqual(['blk', 'fde', 'odg']);
    expect(values(validOptions(selects, skus, ['556', '16', 'blk'], 0))).toEqual(['556', '300blk']);
  });

  it('choosing one resets the later selects to their first valid option', () => {
    const start = choose(selects, skus, initialSelection(selects, skus), 1, '145');
    const withOdg = choose(selects, skus, start, 2, 'odg');
    expect(withOdg).toEqual(['556', '145', 'odg']);
    // .300 BLK: the barrel goes back to 16 in. (its only option) and the finish to black.
    expect(choose(selects, skus, withOdg, 0, '300blk')).toEqual(['300blk', '16', 'blk']);
    // Choosing the barrel again resets the finish although odg would still be valid.
    expect(choose(selects, skus, ['556', '145', 'odg'], 1, '16')).toEqual(['556', '16', 'blk']);
  });

  it('takes a value not made with the earlier choices, leaving the later selects empty (decision 042)', () => {
    const current = ['300blk', '16', 'blk'];
    expect(choose(selects, skus, current, 1, '145')).toEqual(['300blk', '145', null]);
    expect(choose(selects, skus, current, 2, 'odg')).toEqual(['300blk', '16', 'odg']);
    expect(matchingSku(selects, skus, ['300blk', '16', 'odg'])).toBeNull();
  });

  it('ignores a value the select does not offer', () => {
    const current = ['300blk', '16', 'blk'];
    expect(choose(selects, skus, current, 2, 'pink')).toEqual(current);
    expect(choose(selects, skus, current, 5, 'x')).toEqual(current);
  });

  it('tells each option apart: available, sold out, or not made with the earlier choices', () => {
    const soldOut = new Set(['300blk-16-fde']);
    const inStock = (sku: SkuChoice) => !soldOut.has(sku.sku);
    const states = (index: number, selection: (string | null)[]) =>
      optionStates(selects, skus, selection, index, inStock).map(({ option, state }) => [option.value, state]);
    expect(states(2, ['300blk', '16', 'blk'])).toEqual([
      ['blk', 'available'],
      ['fde', 'sold-out'],
      ['odg', 'unavailable'],
    ]);
    expect(states(1, ['300blk', '16', 'blk'])).toEqual([
      ['16', 'available'],
      ['145', 'unavailable'],
    ]);
    // Later choices do not count: choosing a caliber resets them.
    expect(states(0, ['556', '145', 'odg'])).toEqual([
      ['556', 'available'],
      ['300blk', 'available'],
    ]);
  });

  it('starts a size-like select empty, and names it as the choice still to make', () => {
    const start = initialSelection(selects, skus, (select) => select.id === 'finish');
    expect(start).toEqual(['556', '16', null]);
    expect(missingChoice(selects, skus, start)).toBe(2);
    expect(candidateSkus(selects, skus, start).map((sku) => sku.sku)).toEqual(['556-16-blk', '556-16-fde', '556-16-odg']);
    expect(missingChoice(selects, skus, ['556', '16', 'blk'])).toBe(-1);
  });

  it('resets a size-like select to nothing chosen when an earlier choice changes', () => {
    const isFinish = (select: { id: string }) => select.id === 'finish';
    const sized = choose(selects, skus, initialSelection(selects, skus, isFinish), 2, 'fde', isFinish);
    expect(sized).toEqual(['556', '16', 'fde']);
    // A new barrel length: the finish goes back to 'Choose', it is never guessed.
    expect(choose(selects, skus, sized, 1, '145', isFinish)).toEqual(['556', '145', null]);
    // Choosing the size itself keeps it.
    expect(choose(selects, skus, sized, 2, 'blk', isFinish)).toEqual(['556', '16', 'blk']);
  });

  it('leaves a later select empty when it has no valid option', () => {
    const partial: SkuChoice[] = [{ sku: 'a', variants: { caliber: '556' } }];
    expect(initialSelection(selects, partial)).toEqual(['556', null, null]);
    expect(matchingSku(selects, partial, ['556', null, null])).toBeNull();
  });

  it('a product without selects is its first sku', () => {
    const single = [{ sku: 'ONLY', variants: {} }];
    expect(initialSelection([], single)).toEqual([]);
    expect(matchingSku([], single, [])?.sku).toBe('ONLY');
    expect(matchingSku([], [], [])).toBeNull();
  });

  it('auto-selects the first available item', () => {
    expect(firstAvailable(['a', 'b'])).toBe('a');
    expect(firstAvailable([{ v: 1, ok: false }, { v: 2, ok: true }], (i) => i.ok)?.v).toBe(2);
    expect(firstAvailable([])).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------
// Properties on random catalogues

const catalogue = fc
  .array(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 4 })
  .chain((sizes) => {
    const randomSelects: VariantSelect[] = sizes.map((size, s) => ({
      id: `s${s}`,
      label: `Select ${s}`,
      options: Array.from({ length: size }, (_, o) => opt(`v${o}`)),
    }));
    const combo = fc.tuple(...sizes.map((size) => fc.integer({ min: 0, max: size - 1 })));
    return fc.record({
      selects: fc.constant(randomSelects),
      skus: fc.uniqueArray(combo, { minLength: 1, maxLength: 20, selector: (c) => c.join('-') }).map((combos) =>
        combos.map((c) => ({ sku: c.join('-'), variants: Object.fromEntries(c.map((o, s) => [`s${s}`, `v${o}`])) })),
      ),
      choices: fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 12 }),
    });
  });

describe('variant selection properties', () => {
  it('after any sequence of choices the selection matches a sku', () => {
    fc.assert(
      fc.property(catalogue, ({ selects: ss, skus: ks, choices }) => {
        let selection = initialSelection(ss, ks);
        for (const [a, b] of choices) {
          const index = a % ss.length;
          const offered = validOptions(ss, ks, selection, index);
          // Half the time a valid option, else any option of the select (possibly not made).
          const pool = b % 2 === 0 && offered.length ? offered : ss[index].options;
          const before = selection;
          const value = pool[b % pool.length].value;
          selection = choose(ss, ks, selection, index, value);
          // Earlier selects never change; the chosen one holds the value.
          expect(selection.slice(0, index)).toEqual(before.slice(0, index));
          expect(selection[index]).toBe(value);
          // A valid choice leaves every later select on a valid option and a sku matching;
          // one not made leaves them empty and matches none (decision 042).
          if (values(offered).includes(value)) {
            selection.forEach((v, i) => expect(values(validOptions(ss, ks, selection, i))).toContain(v));
            expect(matchingSku(ss, ks, selection)).not.toBeNull();
          } else {
            expect(selection.slice(index + 1).every((v) => v === null)).toBe(true);
            expect(matchingSku(ss, ks, selection)).toBeNull();
            // Choosing a valid option again puts the page back on a sku.
            selection = initialSelection(ss, ks);
          }
        }
      }),
    );
  });

  it('a later select is its first valid option right after an earlier choice', () => {
    fc.assert(
      fc.property(catalogue, fc.nat(), fc.nat(), ({ selects: ss, skus: ks }, a, b) => {
        const start = initialSelection(ss, ks);
        const index = a % ss.length;
        const offered = validOptions(ss, ks, start, index);
        const next = choose(ss, ks, start, index, offered[b % offered.length].value);
        for (let i = index + 1; i < ss.length; i += 1) {
          expect(next[i]).toBe(validOptions(ss, ks, next, i)[0]?.value ?? null);
        }
      }),
    );
  });

  it('with partial skus, a position is empty only where no option is valid', () => {
    fc.assert(
      fc.property(catalogue, fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 8 }), ({ selects: ss, skus: ks }, choices) => {
        // Drop the last variant from some skus so later selects can have nothing valid.
        const partial = ks.map((k, n) => (n % 2 ? k : { ...k, variants: Object.fromEntries(Object.entries(k.variants).slice(0, -1)) }));
        let selection = initialSelection(ss, partial);
        for (const [a, b] of choices) {
          const index = a % ss.length;
          const offered = validOptions(ss, partial, selection, index);
          if (offered.length) selection = choose(ss, partial, selection, index, offered[b % offered.length].value);
          selection.forEach((value, i) => {
            const valid = values(validOptions(ss, partial, selection, i));
            if (value === null) expect(valid).toEqual([]);
            else expect(valid).toContain(value);
          });
          const sku = matchingSku(ss, partial, selection);
          expect(sku === null).toBe(selection.includes(null));
        }
      }),
    );
  });
});
