import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { dealerLocatorMachine } from '../../machines/dealer-locator/dealer-locator.machine';
import type { LocatorDealer, LocatorEvent } from '../../machines/dealer-locator/dealer-locator.types';
import { GeocodingError } from '../../machines/shared/geocoding';
import type { LatLng } from '../../src/domain/distance';
import { edgeOf, labelIn, type PathModel } from './test-model';

/**
 * The dealer locator's path model (shared by tests/machines/dealer-locator.test.ts and the
 * scenario docs, docs/machines/dealer-locator.md): the seeded dealers, the zip's position and the
 * shopper's sample events.
 */

const dealer = (id: string, name: string, latitude: number, longitude: number): LocatorDealer => ({
  id,
  name,
  phoneNumber: '(303) 555-0100',
  addressLines: ['1 Main St', 'Somewhere, CO 80000'],
  latitude,
  longitude,
});
// Seeded positions: from Denver 80202 the Denver dealer is ~1 mile, Colorado Springs ~63 and
// Cheyenne ~96 miles away; Boise is far beyond every radius.
export const dealers = [
  dealer('boise', 'Foothill Sporting Arms', 43.6187, -116.2146),
  dealer('cheyenne', 'High Plains Firearms', 41.14, -104.8202),
  dealer('denver', 'Front Range Gun Works', 39.753, -104.999),
  dealer('springs', 'Pikes Peak Shooting Supply', 38.83, -104.823),
];
export const denver: LatLng = { latitude: 39.7527, longitude: -104.9921 };
export const zeroResults = new GeocodingError('ZERO_RESULTS', 200);

export const LOAD_DONE = 'xstate.done.actor.loadDealers';
export const LOAD_ERROR = 'xstate.error.actor.loadDealers';
export const GEO_DONE = 'xstate.done.actor.geocode';
export const GEO_ERROR = 'xstate.error.actor.geocode';

const labelled: [string, AnyEventObject][] = [
  ['type "8a0202"', { type: 'locator.zip.change', zip: '8a0202' }],
  ['clear zip', { type: 'locator.zip.change', zip: '' }],
  ['100 mi', { type: 'locator.radius.change', radius: 100 }],
  ['no radius', { type: 'locator.radius.change', radius: null }],
  ['submit', { type: 'locator.submit' }],
  ['select Denver', { type: 'locator.dealer.select', id: 'denver' }],
  ['select Boise', { type: 'locator.dealer.select', id: 'boise' }],
  ['clear selection', { type: 'locator.dealer.clear' }],
  ['retry', { type: 'locator.retry' }],
  ['dealers', { type: LOAD_DONE, output: dealers }],
  ['dealers fail', { type: LOAD_ERROR, error: new Error('Network Error') }],
  ['Denver', { type: GEO_DONE, output: denver }],
  ['no results', { type: GEO_ERROR, error: zeroResults }],
];
export const events = labelled.map(([, event]) => event) as unknown as LocatorEvent[];
export const labelOf = labelIn(labelled);

function serialize(state: Pick<SnapshotFrom<typeof dealerLocatorMachine>, 'value' | 'context'>) {
  const { zip, radius, searchRadius, searchZip, origin, results, selectedId, error, dealers: loaded } = state.context;
  const found = results.map((d) => d.id);
  return { value: state.value, zip, radius, searchRadius, searchZip, origin: !!origin, loaded: loaded.length, found, selectedId, error: !!error };
}

export const dealerLocatorModel: PathModel<typeof dealerLocatorMachine> = {
  machine: dealerLocatorMachine,
  options: {
    events,
    // A node is an edge (previous state, event, state), so the shortest paths take every transition,
    // including those that come back to a state already reached (select, clear, a second search).
    serializeState: edgeOf(serialize, labelOf),
  },
  starts: [{ name: '' }],
  labelOf,
};
