import { assign, sendParent, setup } from 'xstate';
import { DEFAULT_RADIUS_MILES, dealersWithin, zipDigits, type LatLng } from '../../src/domain/distance';
import { COUNTRY } from '../../src/domain/checkout-forms';
import { GeocodingError, type GeocodeInput } from '../shared/geocoding';
import { notProvided } from '../shared/not-provided';
import {
  LICENCE_EXPIRED,
  SEARCH_FAILED,
  ZIP_NEEDED,
  ZIP_NOT_FOUND,
  type ChosenDealer,
  type FflDealer,
  type FflDealerContext,
  type FflDealerEvent,
  type FflDealerInput,
  type LastDealerAnswer,
} from './ffl-dealer.types';

/**
 * The FFL dealer step of checkout (decision 029; shop-core.md sections 3 and 5, the dealer form;
 * catalogue-and-content.md sections 4 and 9, the locator's search). Invoked by the checkout
 * machine for the whole visit, so a choice survives going to payment and back.
 *
 * - `finding.idle`: the zip follows the shopper's billing or shipping zip until they type their
 *   own; the distance is one of the locator's choices (default 50 miles).
 * - SEARCH (`dealer.search`) needs a 5-digit zip. `finding.searching` loads the shop's dealers
 *   once, geocodes the zip, and lists the dealers strictly within the distance, nearest first
 *   (the locator's rule, src/domain/distance.ts). With a licensed dealer among them: `results`;
 *   with none: `noneNear` (the view then points to the dealer locator and to dealer
 *   registration). A dealer whose licence is not current is listed but cannot be chosen.
 * - CHOOSE (`dealer.choose`) takes a listed dealer with a current licence to `chosen` and tells
 *   the checkout (its fields are the record's, read-only); an expired licence is refused with a
 *   reason. A marker on the map (`dealer.highlight`) brings its card into view.
 * - CHANGE (`dealer.change`) forgets the choice, tells the checkout, and goes back to where the
 *   shopper was (the same list, or the empty search).
 * - A signed-in customer's last dealer is asked for once (`recalling`) and, when still licensed,
 *   chosen at once ("Your last dealer"); otherwise the search starts empty.
 * - A failed list or geocoding goes to `finding.failed` with the reason; SEARCH tries again.
 */

/** The record's fields as the dealer form has them (shop-core section 3). */
export function chosenDealerOf(dealer: FflDealer): ChosenDealer {
  return {
    dealerId: dealer.id,
    dealerName: dealer.name,
    dealerAddress: dealer.address,
    dealerEmail: dealer.email,
    dealerPhone: dealer.phone,
    dealerCity: dealer.city,
    dealerState: dealer.state,
    dealerZip: dealer.zip,
    dealerCountry: COUNTRY,
  };
}

const FIVE_DIGITS = /^\d{5}$/;

function searchFailure(error: unknown, zip: string): string {
  return error instanceof GeocodingError && error.reason === 'ZERO_RESULTS' ? ZIP_NOT_FOUND(zip) : SEARCH_FAILED;
}

export const fflDealerMachine = setup({
  types: {
    context: {} as FflDealerContext,
    events: {} as FflDealerEvent,
    input: {} as FflDealerInput,
  },
  actors: {
    loadDealers: notProvided<FflDealer[]>('loadDealers'),
    geocode: notProvided<LatLng, GeocodeInput>('geocode'),
    loadLastDealer: notProvided<LastDealerAnswer>('loadLastDealer'),
  },
  actions: {
    setZip: assign({ zip: (_, params: { zip: string }) => zipDigits(params.zip), zipEdited: true }),
    suggestZip: assign({ zip: (_, params: { zip: string }) => zipDigits(params.zip) }),
    setRadius: assign({ radius: (_, params: { radius: number }) => params.radius }),
    askForZip: assign({ error: ZIP_NEEDED, refusal: null, searched: null, results: [], highlightedId: null }),
    /** A new search forgets the last list, its highlight, refusal and failure. */
    startSearch: assign({
      searched: ({ context }) => ({ zip: context.zip, radius: context.radius }),
      results: [],
      highlightedId: null,
      refusal: null,
      error: null,
    }),
    setDealers: assign({ dealers: (_, params: { dealers: FflDealer[] }) => params.dealers }),
    listNear: assign({
      results: ({ context }, params: { origin: LatLng }) => dealersWithin(context.dealers ?? [], params.origin, context.searched?.radius ?? null),
    }),
    setFailure: assign({ error: ({ context }, params: { error: unknown }) => searchFailure(params.error, context.searched?.zip ?? context.zip) }),
    highlight: assign({ highlightedId: (_, params: { id: number }) => params.id, refusal: null }),
    choose: assign({
      chosen: ({ context }, params: { id: number }) => context.results.find((dealer) => dealer.id === params.id) ?? null,
      chosenIsLast: false,
      refusal: null,
    }),
    refuse: assign({ refusal: LICENCE_EXPIRED, highlightedId: (_, params: { id: number }) => params.id }),
    markRecalled: assign({ recall: 'done' as const }),
    chooseLast: assign({ chosen: (_, params: { dealer: FflDealer }) => params.dealer, chosenIsLast: true }),
    clearChoice: assign({ chosen: null, chosenIsLast: false }),
    /** The checkout keeps the dealer for its checks and the order (ChosenDealer). */
    reportChosen: sendParent(({ context }) => ({ type: 'dealer.chosen' as const, dealer: chosenDealerOf(context.chosen!) })),
    reportCleared: sendParent({ type: 'dealer.cleared' as const }),
  },
  guards: {
    recallPending: ({ context }) => context.recall === 'pending',
    notRecalled: ({ context }) => context.recall !== 'done',
    /** The address zip becomes the search's while the shopper has not typed one; a blank one never. */
    takesSuggestion: ({ context }, params: { zip: string }) => !context.zipEdited && zipDigits(params.zip) !== '',
    zipIncomplete: ({ context }) => !FIVE_DIGITS.test(context.zip),
    dealersLoaded: ({ context }) => context.dealers !== null,
    licensedNear: ({ context }, params: { origin: LatLng }) =>
      dealersWithin(context.dealers ?? [], params.origin, context.searched?.radius ?? null).some((dealer) => dealer.licenceCurrent),
    isListed: ({ context }, params: { id: number }) => context.results.some((dealer) => dealer.id === params.id),
    isChoosable: ({ context }, params: { id: number }) => context.results.some((dealer) => dealer.id === params.id && dealer.licenceCurrent),
    lastDealerUsable: (_, params: { answer: LastDealerAnswer }) => !!params.answer.dealer?.licenceCurrent,
  },
}).createMachine({
  id: 'fflDealer',
  context: ({ input }) => ({
    dealers: null,
    zip: '',
    zipEdited: false,
    radius: DEFAULT_RADIUS_MILES,
    searched: null,
    results: [],
    highlightedId: null,
    chosen: null,
    chosenIsLast: false,
    recall: input?.recall ? 'pending' : 'none',
    refusal: null,
    error: null,
  }),
  initial: 'finding',
  on: {
    'dealer.zip.change': { actions: { type: 'setZip', params: ({ event }) => ({ zip: event.zip }) } },
    'dealer.zip.suggest': {
      guard: { type: 'takesSuggestion', params: ({ event }) => ({ zip: event.zip }) },
      actions: { type: 'suggestZip', params: ({ event }) => ({ zip: event.zip }) },
    },
    'dealer.radius.change': { actions: { type: 'setRadius', params: ({ event }) => ({ radius: event.radius }) } },
  },
  states: {
    /** Asking for the signed-in customer's last dealer (once per checkout). */
    recalling: {
      entry: 'markRecalled',
      invoke: {
        id: 'loadLastDealer',
        src: 'loadLastDealer',
        onDone: [
          {
            guard: { type: 'lastDealerUsable', params: ({ event }) => ({ answer: event.output }) },
            target: 'chosen',
            actions: [{ type: 'chooseLast', params: ({ event }) => ({ dealer: event.output.dealer! }) }, 'reportChosen'],
          },
          { target: 'finding' },
        ],
        // Not knowing the last dealer is no failure: the shopper searches as anybody would.
        onError: { target: 'finding' },
      },
    },

    finding: {
      initial: 'idle',
      on: {
        'dealer.search': [
          { guard: 'zipIncomplete', target: '.idle', actions: 'askForZip' },
          { guard: 'dealersLoaded', target: '.searching.locating', actions: 'startSearch' },
          { target: '.searching', actions: 'startSearch' },
        ],
        'dealer.highlight': {
          guard: { type: 'isListed', params: ({ event }) => ({ id: event.id }) },
          actions: { type: 'highlight', params: ({ event }) => ({ id: event.id }) },
        },
        'dealer.choose': [
          {
            guard: { type: 'isChoosable', params: ({ event }) => ({ id: event.id }) },
            target: 'chosen',
            actions: [{ type: 'choose', params: ({ event }) => ({ id: event.id }) }, 'reportChosen'],
          },
          // Listed, but its licence is not current: refused, with the reason.
          {
            guard: { type: 'isListed', params: ({ event }) => ({ id: event.id }) },
            actions: { type: 'refuse', params: ({ event }) => ({ id: event.id }) },
          },
        ],
      },
      states: {
        idle: {
          always: { guard: 'recallPending', target: '#fflDealer.recalling' },
          on: { 'dealer.recall': { guard: 'notRecalled', target: '#fflDealer.recalling' } },
        },
        searching: {
          initial: 'loading',
          // A second SEARCH while one is under way is ignored; the view shows it as busy.
          on: { 'dealer.search': {} },
          states: {
            loading: {
              invoke: {
                id: 'loadDealers',
                src: 'loadDealers',
                onDone: { target: 'locating', actions: { type: 'setDealers', params: ({ event }) => ({ dealers: event.output }) } },
                onError: { target: '#fflDealer.finding.failed', actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            locating: {
              invoke: {
                id: 'geocode',
                src: 'geocode',
                input: ({ context }) => ({ zip: context.searched?.zip ?? context.zip }),
                onDone: [
                  {
                    guard: { type: 'licensedNear', params: ({ event }) => ({ origin: event.output }) },
                    target: '#fflDealer.finding.results',
                    actions: { type: 'listNear', params: ({ event }) => ({ origin: event.output }) },
                  },
                  { target: '#fflDealer.finding.noneNear', actions: { type: 'listNear', params: ({ event }) => ({ origin: event.output }) } },
                ],
                onError: { target: '#fflDealer.finding.failed', actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) } },
              },
            },
          },
        },
        /** At least one licensed dealer within the distance, nearest first. */
        results: {},
        /** No licensed dealer within the distance (expired ones may be listed, greyed). */
        noneNear: {},
        failed: {},
        /** Where CHANGE returns: the list the shopper chose from, or the empty search. */
        previous: { type: 'history' },
      },
    },

    /** The dealer form shows this dealer's record, read-only, with "Change dealer". */
    chosen: {
      on: {
        'dealer.change': { target: 'finding.previous', actions: ['clearChoice', 'reportCleared'] },
      },
    },
  },
});
