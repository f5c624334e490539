import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { fflDealerMachine } from '../../machines/ffl-dealer/ffl-dealer.machine';
import type { FflDealer, FflDealerEvent, LastDealerAnswer } from '../../machines/ffl-dealer/ffl-dealer.types';
import { GeocodingError } from '../../machines/shared/geocoding';
import type { LatLng } from '../../src/domain/distance';
import { labelIn, type PathModel } from './test-model';

/**
 * The checkout's FFL dealer step's path model (shared by tests/machines/ffl-dealer.test.ts and the
 * scenario docs, docs/machines/ffl-dealer.md): the seeded dealers and positions, the shopper's and
 * the services' sample events, and the two starts (a guest, a signed-in customer).
 */

const dealer = (id: number, name: string, state: string, zip: string, latitude: number, longitude: number, licenceCurrent = true): FflDealer => ({
  id,
  name,
  address: `${id} Main St`,
  city: 'Somewhere',
  state,
  zip,
  email: `ffl${id}@example.com`,
  phone: '(303) 555-0100',
  licenceEnding: licenceCurrent ? `1234${id}` : `9999${id}`,
  licenceCurrent,
  latitude,
  longitude,
});

// The seed's positions: from Denver 80202 the Denver dealer is ~1 mile away, Colorado Springs ~63
// and Cheyenne ~96 miles. Colorado Springs' licence has expired (server/seed/dealers.ts).
export const frontRange = dealer(7, 'Front Range Gun Works', 'CO', '80202', 39.753, -104.999);
export const pikesPeak = dealer(8, 'Pikes Peak Shooting Supply', 'CO', '80903', 38.83, -104.823, false);
export const highPlains = dealer(5, 'High Plains Firearms', 'WY', '82001', 41.14, -104.8202);
export const gallatin = dealer(3, 'Gallatin Range Supply', 'MT', '59715', 45.6835, -111.0429);
export const dealers = [gallatin, highPlains, frontRange, pikesPeak];

export const denver: LatLng = { latitude: 39.7527, longitude: -104.9921 };
/** Colorado Springs: within 50 miles only the dealer whose licence expired. */
const springs: LatLng = { latitude: 38.8339, longitude: -104.8214 };
export const zeroResults = new GeocodingError('ZERO_RESULTS', 200);

export const LOAD_DONE = 'xstate.done.actor.loadDealers';
export const LOAD_ERROR = 'xstate.error.actor.loadDealers';
export const GEO_DONE = 'xstate.done.actor.geocode';
export const GEO_ERROR = 'xstate.error.actor.geocode';
export const LAST_DONE = 'xstate.done.actor.loadLastDealer';
export const LAST_ERROR = 'xstate.error.actor.loadLastDealer';

const labelled: [string, AnyEventObject][] = [
  ['type 80202', { type: 'dealer.zip.change', zip: '80-202' }],
  ['type 8020', { type: 'dealer.zip.change', zip: '8020' }],
  ['billing zip 80903', { type: 'dealer.zip.suggest', zip: '80903' }],
  ['100 mi', { type: 'dealer.radius.change', radius: 100 }],
  ['SEARCH', { type: 'dealer.search' }],
  ['highlight Front Range', { type: 'dealer.highlight', id: frontRange.id }],
  ['CHOOSE Front Range', { type: 'dealer.choose', id: frontRange.id }],
  ['CHOOSE Pikes Peak (expired)', { type: 'dealer.choose', id: pikesPeak.id }],
  ['CHOOSE High Plains (Wyoming)', { type: 'dealer.choose', id: highPlains.id }],
  ['CHANGE', { type: 'dealer.change' }],
  ['recall', { type: 'dealer.recall' }],
  // Decision 077: the billing state (the buyer's residence) and a handgun in the cart.
  ['billing Colorado', { type: 'dealer.residence.change', state: 'CO' }],
  ['billing Wyoming', { type: 'dealer.residence.change', state: 'wy' }],
  ['handgun in cart', { type: 'dealer.handguns.change', handguns: true }],
  ['no handgun', { type: 'dealer.handguns.change', handguns: false }],
  ['dealers', { type: LOAD_DONE, output: dealers }],
  ['dealers fail', { type: LOAD_ERROR, error: new Error('Network Error') }],
  ['at Denver', { type: GEO_DONE, output: denver }],
  ['at Colorado Springs', { type: GEO_DONE, output: springs }],
  ['unknown zip', { type: GEO_ERROR, error: zeroResults }],
  ['last dealer Gallatin', { type: LAST_DONE, output: { dealer: gallatin } satisfies LastDealerAnswer }],
  ['last dealer expired', { type: LAST_DONE, output: { dealer: pikesPeak } satisfies LastDealerAnswer }],
  ['last dealer fails', { type: LAST_ERROR, error: new Error('Network Error') }],
];
export const events = labelled.map(([, event]) => event) as unknown as FflDealerEvent[];
export const byLabel = new Map(labelled.map(([label, event]) => [label, event as unknown as FflDealerEvent]));
export const labelOf = labelIn(labelled);

/** What the guards and the view read; the exact zip only as far as "5 digits or not". */
type Serializable = Pick<SnapshotFrom<typeof fflDealerMachine>, 'value' | 'context'>;

function serialize(state: Serializable) {
  const c = state.context;
  return JSON.stringify({
    value: state.value,
    zip: /^\d{5}$/.test(c.zip) ? c.zip : 'short',
    edited: c.zipEdited,
    radius: c.radius,
    loaded: c.dealers !== null,
    results: c.results.map((d) => d.id),
    highlighted: c.highlightedId,
    chosen: c.chosen?.id ?? null,
    last: c.chosenIsLast,
    recall: c.recall,
    handguns: c.handguns,
    buyer: c.buyerState,
    refusal: c.refusal,
    error: c.error,
  });
}

/**
 * A path is replayed when it takes a step no other kept path takes (test-model.ts `covering`,
 * decision 061): a step is known by the state before and after and the event, each state by its
 * value and what the handgun rule reads (decision 077: a handgun in the cart, the buyer's state,
 * the refusal). The billing state and the handgun multiply the shortest paths by six; most take
 * only steps others take too.
 */
function stepOf(previous: Serializable | undefined, event: AnyEventObject, next: Serializable) {
  const rule = (state: Serializable | undefined) =>
    state ? [state.value, state.context.handguns, state.context.buyerState, state.context.refusal, state.context.chosen?.id ?? null] : null;
  return JSON.stringify([rule(previous), labelOf(event), rule(next)]);
}

export const guest = { recall: false };
export const customer = { recall: true };

// The step reports to the checkout it runs in (sendParent); traversed on its own, it reports nowhere.
const alone = fflDealerMachine.provide({ actions: { reportChosen: () => {}, reportCleared: () => {} } });

export const fflDealerModel: PathModel<typeof alone> = {
  machine: alone,
  options: { events, serializeState: (state) => serialize(state) },
  starts: [
    { name: 'of a guest', input: guest },
    {
      name: 'of a signed-in customer',
      input: customer,
      // Those that end with the last dealer's answer; what follows it is a guest's path again.
      keep: (path) => {
        const last: string | undefined = path.steps.at(-1)?.event.type;
        return last === LAST_DONE || last === LAST_ERROR;
      },
    },
  ],
  labelOf,
  stepKey: (previous, event, next) => stepOf(previous as never, event, next as never),
};
