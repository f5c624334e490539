import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { connect, NO_OPTION } from '../../machines/builder/builder.connect';
import { builderMachine } from '../../machines/builder/builder.machine';
import type { BuilderEvent, CartLineInput } from '../../machines/builder/builder.types';
import { BUILD_ID_PATTERN, type BuilderDefinition } from '../../src/domain/builder-build';
import { builderModel, definition, labelOf } from './builder-model';
import { shortestPaths } from './test-model';
import { createTransitionCoverage } from './transition-coverage';
import { itCoversEveryTransition } from './cover-every-transition';

/**
 * Graph path tests for the 3D builder's configuration (decision 019): every shortest path is
 * replayed against a real actor, checking on each step the choices (only available options, a
 * required slot never empty), the price breakdown and total, and every line sent to the cart
 * (one per Add, each with a new build id, the chosen skus in slot order and the notes).
 */

const coverage = createTransitionCoverage(builderMachine);

function startActor(input: { definition: BuilderDefinition }) {
  const lines: CartLineInput[] = [];
  const machine = builderMachine.provide({ actions: { addToCart: (_, params) => lines.push(params.line) } });
  const actor = createActor(machine, { input, inspect: coverage.inspect });
  actor.start();
  return { actor, lines };
}

const totals: Record<string, string> = {
  'stk-carbine,null': '$1,227.00',
  'stk-carbine,opt-dot': '$1,523.99',
  'stk-precision,null': '$1,337.20',
  'stk-precision,opt-dot': '$1,634.19',
};

function pathParams({ actor, lines }: ReturnType<typeof startActor>) {
  let adds = 0;
  const invariants = (state: { value: unknown; context: unknown }) => {
    const current = actor.getSnapshot();
    const { selection } = current.context;
    expect(current.value).toEqual(state.value);
    // The build id is random: the model's and the actor's differ, both set or both not.
    const { lastBuildId, ...context } = current.context;
    const { lastBuildId: modelBuildId, ...modelContext } = state.context as typeof current.context;
    expect(context).toEqual(modelContext);
    expect(lastBuildId === null).toBe(modelBuildId === null);
    // Only available options are held; required slots are never empty.
    expect(selection.barrel).toBe('brl-16');
    expect(selection.finish).toBe('fin-black');
    expect(['stk-carbine', 'stk-precision']).toContain(selection.stock);
    const view = connect(current, actor.send);
    expect(view.totalText).toBe(totals[`${selection.stock},${selection.optic}`]);
    expect(view.lines.map((line) => line.key)).toEqual(['platform', 'stock', 'barrel', 'optic', 'finish']);
    expect(view.canAdd).toBe(!current.matches('unavailable'));
    // One line per Add, each with its own build id; the last one is announced while in `added`.
    expect(lines).toHaveLength(adds);
    expect(new Set(lines.map((line) => line.buildId)).size).toBe(adds);
    for (const line of lines) expect(line.buildId).toMatch(BUILD_ID_PATTERN);
    expect(view.addedBuildId).toBe(current.matches('added') ? lines.at(-1)!.buildId : null);
    if (adds > 0) {
      const last = lines.at(-1)!;
      expect(last).toMatchObject({ productId: 'RKB-15-BASE', productName: 'Custom RK-15 build', quantity: 1, isFflItem: true, restrictedStates: ['CA'] });
      expect(last.optionIds?.[0]).toMatch(/^STK-/);
      expect(last.optionIds?.slice(1)).toEqual(['BRL-16', ...(last.optionIds?.includes('OPT-DOT') ? ['OPT-DOT'] : []), 'FIN-BLACK']);
    }
    expect(view.unavailableText).toBe(current.matches('unavailable') ? 'The Custom RK-15 build is sold out. Please check back soon.' : null);
  };
  const send = ({ event }: { event: BuilderEvent }) => {
    if (event.type === 'builder.add' && actor.getSnapshot().can(event)) adds += 1;
    actor.send(event);
  };
  return {
    states: { editing: invariants, added: invariants, unavailable: invariants },
    events: { 'builder.choose': send, 'builder.add': send },
  };
}

const pinned: Record<string, number> = { 'with the platform in stock': 65, 'with the platform sold out': 29 };

for (const { start, paths } of shortestPaths(builderModel)) {
  describe(`builder machine ${start.name}: shortest paths`, () => {
    it('has a pinned number of shortest paths', () => {
      expect(paths.length).toBe(pinned[start.name]);
    });
    for (const path of paths) {
      const steps = path.steps.map((step) => step.event as { type: string }).filter((event) => event.type !== 'xstate.init');
      it(
        `${JSON.stringify(path.state.value)} via ${steps.map(labelOf).join(' → ') || '(start)'}`,
        coverage.counted(async () => {
          const sut = startActor(start.input!);
          try {
            await path.test(pathParams(sut) as never);
          } finally {
            sut.actor.stop();
          }
        }),
      );
    }
  });
}

describe('builder machine: rules', () => {
  it('starts with the first available option of every slot and shows sold-out parts disabled', coverage.counted(() => {
    const { actor } = startActor({ definition: definition() });
    const view = connect(actor.getSnapshot(), actor.send);
    expect(actor.getSnapshot().context.selection).toEqual({ stock: 'stk-carbine', barrel: 'brl-16', optic: 'opt-dot', finish: 'fin-black' });
    const barrel = view.slots.find((slot) => slot.key === 'barrel')!;
    expect(barrel.options.map((o) => [o.label, o.available, o.unavailableText])).toEqual([
      ['11.5 in.', false, 'Sold out'],
      ['16 in.', true, null],
      ['18 in.', false, 'Not available'],
    ]);
    const optic = view.slots.find((slot) => slot.key === 'optic')!;
    expect(optic.options[0]).toMatchObject({ value: NO_OPTION, label: 'No optic', priceText: 'Included' });
    expect(optic.options[1]).toMatchObject({ priceText: '$296.99', originalPriceText: '$329.99', discountText: '(10% off)' });
    actor.stop();
  }));

  it('a build whose required slot has nothing in stock cannot be added', coverage.counted(() => {
    const soldOut = definition();
    soldOut.slots[1].options = soldOut.slots[1].options.map((o) => ({ ...o, price: o.price && { ...o.price, qtyOnHand: 0 } }));
    const { actor, lines } = startActor({ definition: soldOut });
    expect(actor.getSnapshot().value).toBe('unavailable');
    actor.send({ type: 'builder.add' });
    expect(lines).toEqual([]);
    expect(connect(actor.getSnapshot(), actor.send).unavailableText).toBe('A part this build needs is sold out. Please check back soon.');
    actor.stop();
  }));

  it('the price breakdown shows each part’s discount and the total the server will charge', coverage.counted(() => {
    const { actor } = startActor({ definition: definition() });
    actor.send({ type: 'builder.choose', slot: 'stock', optionId: 'stk-precision' });
    actor.send({ type: 'builder.choose', slot: 'finish', optionId: 'fin-fde' });
    const view = connect(actor.getSnapshot(), actor.send);
    expect(view.lines.map((line) => [line.label, line.choice, line.priceText, line.originalPriceText, line.discountText])).toEqual([
      ['Custom RK-15 build', null, '$899.00', null, null],
      ['Stock', 'Precision', '$199.20', '$249.00', '(20% off)'],
      ['Barrel', '16 in.', '$239.00', null, null],
      ['Optic', 'Red dot', '$296.99', '$329.99', '(10% off)'],
      ['Finish', 'Flat Dark Earth', '$149.00', null, null],
    ]);
    expect([view.totalText, view.totalOriginalText, view.totalDiscountText]).toEqual(['$1,783.19', '$1,865.99', '(4% off)']);
    actor.stop();
  }));
});

describe('builder machine: transition coverage', () => {
  itCoversEveryTransition(coverage, 'builder');
});
