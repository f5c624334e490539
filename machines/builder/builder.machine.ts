import { assign, setup } from 'xstate';
import { buildCartLine, createBuildId, defaultSelection, isBuildable, isChoosable } from '../../src/domain/builder-build';
import type { BuilderContext, BuilderEvent, BuilderInput, CartLineInput } from './builder.types';

/**
 * The 3D builder's configuration (decision 019; the rules are in src/domain/builder-build.ts).
 *
 * - It starts with the first available option of every slot. A build that cannot be sold (the
 *   platform sold out, or a required slot with no available option) is `unavailable`: parts can
 *   still be looked at, nothing can be added.
 * - `builder.choose` takes an available option of a slot, or empty for an optional slot; a sold
 *   out or unknown option, or emptying a required slot, is refused.
 * - `builder.add` makes a new build id and sends ONE cart line through `addToCart` (the app sends
 *   it to the cart machine as `cart.item.add` and opens the cart panel); `added` remembers it
 *   until the next choice. Adding again adds another line with another build id.
 */
export const builderMachine = setup({
  types: {
    context: {} as BuilderContext,
    events: {} as BuilderEvent,
    input: {} as BuilderInput,
  },
  actions: {
    choose: assign({
      selection: ({ context }, params: { slot: string; optionId: string | null }) => ({ ...context.selection, [params.slot]: params.optionId }),
    }),
    newBuildId: assign({ lastBuildId: () => createBuildId() }),
    forgetBuildId: assign({ lastBuildId: null }),
    /** Sends the line to the cart (provided by the app: `cart.item.add`, then the cart panel opens). */
    addToCart: (_, _params: { line: CartLineInput }) => {},
  },
  guards: {
    isBuildable: ({ context }) => isBuildable(context.definition),
    isChoosable: ({ context }, params: { slot: string; optionId: string | null }) => isChoosable(context.definition, params.slot, params.optionId),
  },
}).createMachine({
  id: 'builder',
  context: ({ input }) => ({ definition: input.definition, selection: defaultSelection(input.definition), lastBuildId: null }),
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'isBuildable', target: 'editing' }, { target: 'unavailable' }],
    },
    editing: {
      on: {
        'builder.choose': {
          guard: { type: 'isChoosable', params: ({ event }) => event },
          actions: { type: 'choose', params: ({ event }) => event },
        },
        'builder.add': { target: 'added', actions: ['newBuildId', { type: 'addToCart', params: lineOf }] },
      },
    },
    /** The build went to the cart; the page says so until the next choice. */
    added: {
      on: {
        'builder.choose': {
          guard: { type: 'isChoosable', params: ({ event }) => event },
          target: 'editing',
          actions: [{ type: 'choose', params: ({ event }) => event }, 'forgetBuildId'],
        },
        'builder.add': { target: 'added', reenter: true, actions: ['newBuildId', { type: 'addToCart', params: lineOf }] },
      },
    },
    /** The build cannot be sold (platform or a required part sold out); parts can still be looked at. */
    unavailable: {
      on: {
        'builder.choose': {
          guard: { type: 'isChoosable', params: ({ event }) => event },
          actions: { type: 'choose', params: ({ event }) => event },
        },
      },
    },
  },
});

function lineOf({ context }: { context: BuilderContext }) {
  return { line: buildCartLine(context.definition, context.selection, context.lastBuildId!) };
}
