import type { AnyEventObject } from 'xstate';
import { builderMachine } from '../../machines/builder/builder.machine';
import type { BuilderEvent } from '../../machines/builder/builder.types';
import type { BuilderDefinition, BuilderOption } from '../../src/domain/builder-build';
import { labelIn, type PathModel } from './test-model';

/**
 * The 3D builder's path model (shared by tests/machines/builder.test.ts and the scenario docs,
 * docs/machines/builder.md): a platform with four slots, the choices asked, and the two starts.
 */

const priced = (price: number, finalPrice = price, qtyOnHand = 10) => ({ price, finalPrice, qtyOnHand });
const option = (id: string, label: string, price: ReturnType<typeof priced> | null, model: BuilderOption['model'] = {}): BuilderOption => ({
  id,
  label,
  sku: id.toUpperCase(),
  model,
  price,
});

export function definition(platformQty = 5): BuilderDefinition {
  return {
    platform: {
      sku: 'RKB-15-BASE',
      productName: 'Custom RK-15 build',
      productUrl: '/3dbuilder',
      imageUrl: '/media/builder/rk-15.svg',
      fflItem: true,
      receiverItem: false,
      restrictedStates: ['CA'],
      restrictedZips: [],
      price: priced(899, 899, platformQty),
    },
    slots: [
      {
        key: 'stock',
        title: 'Stock',
        required: true,
        options: [option('stk-carbine', 'Carbine', priced(89)), option('stk-precision', 'Precision', priced(249, 199.2))],
      },
      {
        key: 'barrel',
        title: 'Barrel',
        required: true,
        // The first barrel is sold out: the build starts with the second.
        options: [option('brl-11', '11.5 in.', priced(219, 219, 0)), option('brl-16', '16 in.', priced(239)), option('brl-18', '18 in.', null)],
      },
      {
        key: 'optic',
        title: 'Optic',
        required: false,
        options: [option('opt-dot', 'Red dot', priced(329.99, 296.99))],
      },
      {
        key: 'finish',
        title: 'Finish',
        required: true,
        options: [option('fin-black', 'Black', priced(0), { color: '#1c1d1f' }), option('fin-fde', 'Flat Dark Earth', priced(149), { color: '#8b7355' })],
      },
    ],
  };
}

const labelled: [string, AnyEventObject][] = [
  ['precision stock', { type: 'builder.choose', slot: 'stock', optionId: 'stk-precision' }],
  ['carbine stock', { type: 'builder.choose', slot: 'stock', optionId: 'stk-carbine' }],
  ['sold-out barrel', { type: 'builder.choose', slot: 'barrel', optionId: 'brl-11' }],
  ['unpriced barrel', { type: 'builder.choose', slot: 'barrel', optionId: 'brl-18' }],
  ['no barrel', { type: 'builder.choose', slot: 'barrel', optionId: null }],
  ['no optic', { type: 'builder.choose', slot: 'optic', optionId: null }],
  ['red dot', { type: 'builder.choose', slot: 'optic', optionId: 'opt-dot' }],
  ['unknown slot', { type: 'builder.choose', slot: 'bayonet', optionId: 'x' }],
  ['add', { type: 'builder.add' }],
];
const events = labelled.map(([, event]) => event) as unknown as BuilderEvent[];
export const labelOf = labelIn(labelled);

export const builderModel: PathModel<typeof builderMachine> = {
  machine: builderMachine,
  options: {
    events,
    serializeState: (state, event, previous) =>
      JSON.stringify({
        value: state.value,
        selection: state.context.selection,
        via: event ? labelOf(event) : null,
        from: previous ? { value: previous.value, selection: previous.context.selection } : null,
      }),
  },
  starts: [
    { name: 'with the platform in stock', input: { definition: definition() } },
    { name: 'with the platform sold out', input: { definition: definition(0) } },
  ],
  labelOf,
};
