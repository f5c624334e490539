import { assign, sendParent, setup } from 'xstate';
import { DEFAULT_RADIUS_MILES, dealersWithin, zipDigits, type LatLng } from '../../src/domain/distance';
import { COUNTRY } from '../../src/domain/checkout-forms';
import { dealerStateReason, dealerStateRefusal } from '../../src/domain/restricted-items';
import { normalState } from '../../src/domain/shipment-destination';
import { GeocodingError, type GeocodeInput } from '../shared/geocoding';
import { notProvided } from '../shared/not-provided';
import {
  CHOICE_DROPPED,
  LICENCE_EXPIRED,
  OUT_OF_STATE,
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
 * - Handguns go to a dealer in the buyer's state, the billing address's (decision 077; the
 *   domain's dealerStateRefusal, the server's own rule). The checkout tells the step whether the
 *   cart holds a handgun (`dealer.handguns.change`) and the view tells it the billing state as
 *   typed (`dealer.residence.change`). A dealer elsewhere is listed but cannot be chosen (nor
 *   offered as the last dealer); a chosen one that no longer fits is dropped with the reason and
 *   the shopper is back where they chose it.
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

/** Why this dealer cannot receive the cart's handguns (decision 077), or null when it can. */
export function stateRefusalOf(context: Pick<FflDealerContext, 'handguns' | 'buyerState'>, dealer: Pick<FflDealer, 'state'>): string | null {
  const refusal = dealerStateRefusal([{ isHandgun: context.handguns }], dealer.state, context.buyerState);
  return refusal ? dealerStateReason(refusal) : null;
}

const listedDealer = (context: FflDealerContext, id: number) => context.results.find((dealer) => dealer.id === id);

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
    /** Why a listed dealer cannot be chosen: its licence, else the handgun's state. */
    refuse: assign({
      refusal: ({ context }, params: { id: number }) => {
        const dealer = listedDealer(context, params.id);
        const byState = dealer?.licenceCurrent ? stateRefusalOf(context, dealer) : null;
        return byState ? OUT_OF_STATE(byState) : LICENCE_EXPIRED;
      },
      highlightedId: (_, params: { id: number }) => params.id,
    }),
    setResidence: assign({ buyerState: (_, params: { state: string }) => normalState(params.state) }),
    setHandguns: assign({ handguns: (_, params: { handguns: boolean }) => params.handguns }),
    /** The chosen dealer no longer fits the handgun rule: forgotten, with the reason. */
    dropChoice: assign({
      refusal: ({ context }) => CHOICE_DROPPED(context.chosen!.name, stateRefusalOf(context, context.chosen!) ?? ''),
      chosen: null,
      chosenIsLast: false,
    }),
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
    isChoosable: ({ context }, params: { id: number }) => {
      const dealer = listedDealer(context, params.id);
      return !!dealer && dealer.licenceCurrent && stateRefusalOf(context, dealer) === null;
    },
    lastDealerUsable: ({ context }, params: { answer: LastDealerAnswer }) =>
      !!params.answer.dealer?.licenceCurrent && stateRefusalOf(context, params.answer.dealer) === null,
    /** The new billing state leaves the chosen dealer out of the handgun's state. */
    residenceDropsChoice: ({ context }, params: { state: string }) =>
      !!context.chosen && stateRefusalOf({ ...context, buyerState: normalState(params.state) }, context.chosen) !== null,
    /** A handgun joined the cart and the chosen dealer is out of the buyer's state. */
    handgunsDropChoice: ({ context }, params: { handguns: boolean }) =>
      !!context.chosen && stateRefusalOf({ ...context, handguns: params.handguns }, context.chosen) !== null,
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
    handguns: input?.handguns ?? false,
    buyerState: '',
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
    'dealer.residence.change': { actions: { type: 'setResidence', params: ({ event }) => ({ state: event.state }) } },
    'dealer.handguns.change': { actions: { type: 'setHandguns', params: ({ event }) => ({ handguns: event.handguns }) } },
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
          // Listed, but its licence is not current or it is outside a handgun's state: refused, with the reason.
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
        // The choice is checked again when the billing state or the cart's handguns change (decision 077).
        'dealer.residence.change': [
          {
            guard: { type: 'residenceDropsChoice', params: ({ event }) => ({ state: event.state }) },
            target: 'finding.previous',
            actions: [{ type: 'setResidence', params: ({ event }) => ({ state: event.state }) }, 'dropChoice', 'reportCleared'],
          },
          { actions: { type: 'setResidence', params: ({ event }) => ({ state: event.state }) } },
        ],
        'dealer.handguns.change': [
          {
            guard: { type: 'handgunsDropChoice', params: ({ event }) => ({ handguns: event.handguns }) },
            target: 'finding.previous',
            actions: [{ type: 'setHandguns', params: ({ event }) => ({ handguns: event.handguns }) }, 'dropChoice', 'reportCleared'],
          },
          { actions: { type: 'setHandguns', params: ({ event }) => ({ handguns: event.handguns }) } },
        ],
      },
    },
  },
});
