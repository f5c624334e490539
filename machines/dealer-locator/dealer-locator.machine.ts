import { assign, setup } from 'xstate';
import { notProvided } from '../shared/not-provided';
import { DEFAULT_RADIUS_MILES, dealersWithin, zipDigits, type LatLng } from '../../src/domain/distance';
import { GeocodingError, geocodingFailureText, isZipNotFound, type GeocodeInput } from '../shared/geocoding';
import { ZIP_NOT_FOUND_TEXT, type LocatorContext, type LocatorDealer, type LocatorEvent } from './dealer-locator.types';

/**
 * Dealer locator (catalogue-and-content.md sections 4, 5, 8, 9).
 *
 * - `loadingDealers` asks `loadDealers` for the list; every dealer is listed once it arrives. A
 *   failed load goes to `unavailable`, from where the visitor can retry.
 * - `ready.idle`: the zip field keeps digits only (section 5), the radius is a choice (default 50).
 * - Submitting clears the results (section 4). An empty zip or an empty radius lists every dealer
 *   at once; otherwise `ready.searching` geocodes the zip and lists the dealers strictly within the
 *   radius, nearest first (src/domain/distance.ts).
 * - A failed geocoding goes to `ready.geocodeFailed`: an unknown zip (ZERO_RESULTS) with "We could
 *   not find zip {zip}." (decision 045), any other failure with the section 8 text; the results
 *   stay cleared and the form stays usable (a new submit searches again).
 * - Selecting a card or marker highlights that dealer; a new search forgets the selection.
 */
export const dealerLocatorMachine = setup({
  types: {
    context: {} as LocatorContext,
    events: {} as LocatorEvent,
  },
  actors: {
    loadDealers: notProvided<LocatorDealer[]>('loadDealers'),
    geocode: notProvided<LatLng, GeocodeInput>('geocode'),
  },
  actions: {
    setDealers: assign({
      dealers: (_, params: { dealers: LocatorDealer[] }) => params.dealers,
      results: (_, params: { dealers: LocatorDealer[] }) => dealersWithin(params.dealers, null, null),
    }),
    setZip: assign({ zip: (_, params: { zip: string }) => zipDigits(params.zip) }),
    setRadius: assign({ radius: (_, params: { radius: number | null }) => params.radius }),
    /** Section 4: submitting clears the results; the radius searched is the one chosen now. */
    clearResults: assign({
      results: [],
      origin: null,
      selectedId: null,
      error: null,
      searchRadius: ({ context }) => context.radius,
      searchZip: ({ context }) => context.zip,
    }),
    showAll: assign({ results: ({ context }) => dealersWithin(context.dealers, null, null), origin: null }),
    showWithin: assign({
      origin: (_, params: { origin: LatLng }) => params.origin,
      results: ({ context }, params: { origin: LatLng }) => dealersWithin(context.dealers, params.origin, context.searchRadius),
    }),
    setError: assign({
      error: ({ context }, params: { error: unknown }) =>
        isZipNotFound(params.error)
          ? ZIP_NOT_FOUND_TEXT(context.searchZip)
          : params.error instanceof GeocodingError
            ? params.error.message
            : geocodingFailureText(params.error instanceof Error ? params.error.message : String(params.error), 0),
    }),
    select: assign({ selectedId: (_, params: { id: string }) => params.id }),
    clearSelection: assign({ selectedId: null }),
  },
  guards: {
    // Section 4: an empty zip or radius shows all dealers without asking the geocoder.
    showsAll: ({ context }) => context.zip === '' || !context.radius,
    isListed: ({ context }, params: { id: string }) => context.results.some((dealer) => dealer.id === params.id),
  },
}).createMachine({
  id: 'dealerLocator',
  initial: 'loadingDealers',
  context: {
    dealers: [],
    results: [],
    zip: '',
    radius: DEFAULT_RADIUS_MILES,
    searchRadius: null,
    searchZip: '',
    origin: null,
    selectedId: null,
    error: null,
  },
  on: {
    'locator.zip.change': { actions: { type: 'setZip', params: ({ event }) => ({ zip: event.zip }) } },
    'locator.radius.change': { actions: { type: 'setRadius', params: ({ event }) => ({ radius: event.radius }) } },
  },
  states: {
    loadingDealers: {
      invoke: {
        id: 'loadDealers',
        src: 'loadDealers',
        onDone: { target: 'ready', actions: { type: 'setDealers', params: ({ event }) => ({ dealers: event.output }) } },
        onError: { target: 'unavailable' },
      },
    },
    unavailable: {
      on: { 'locator.retry': { target: 'loadingDealers' } },
    },
    ready: {
      initial: 'idle',
      on: {
        'locator.submit': [
          { guard: 'showsAll', target: '.idle', actions: ['clearResults', 'showAll'] },
          { target: '.searching', actions: 'clearResults' },
        ],
      },
      states: {
        idle: {
          on: {
            'locator.dealer.select': {
              guard: { type: 'isListed', params: ({ event }) => ({ id: event.id }) },
              actions: { type: 'select', params: ({ event }) => ({ id: event.id }) },
            },
            'locator.dealer.clear': { actions: 'clearSelection' },
          },
        },
        searching: {
          // A second submit while geocoding is ignored; the form shows the search as busy.
          on: { 'locator.submit': {} },
          invoke: {
            id: 'geocode',
            src: 'geocode',
            input: ({ context }) => ({ zip: context.zip }),
            onDone: { target: 'idle', actions: { type: 'showWithin', params: ({ event }) => ({ origin: event.output }) } },
            onError: { target: 'geocodeFailed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        geocodeFailed: {},
      },
    },
  },
});
