import type { SnapshotFrom } from 'xstate';
import { formatMiles } from '../../src/domain/distance';
import { stateName } from '../../src/domain/restricted-items';
import { chosenDealerOf, stateRefusalOf, type fflDealerMachine } from './ffl-dealer.machine';
import type { ChosenDealer, FflDealerEvent, FflDealerResult } from './ffl-dealer.types';

type FflDealerSnapshot = SnapshotFrom<typeof fflDealerMachine>;
type Send = (event: FflDealerEvent) => void;

export type FflDealerStatus = 'recalling' | 'idle' | 'searching' | 'results' | 'noneNear' | 'failed' | 'chosen';

export interface FflDealerCard extends FflDealerResult {
  /** '12 mi' from the searched zip. */
  distanceLabel: string;
  /** Picked on the map (or refused): its card is marked and brought into view. */
  highlighted: boolean;
  /** Only a dealer with a current licence (and, for a handgun, in the buyer's state) can be chosen. */
  choosable: boolean;
  /** Why it cannot be: 'License expired', or 'Handguns: Colorado dealers only' (decision 077); null when it can. */
  unavailable: string | null;
}

export function fflDealerStatus(snapshot: FflDealerSnapshot): FflDealerStatus {
  if (snapshot.matches('recalling')) return 'recalling';
  if (snapshot.matches('chosen')) return 'chosen';
  if (snapshot.matches({ finding: 'searching' })) return 'searching';
  if (snapshot.matches({ finding: 'results' })) return 'results';
  if (snapshot.matches({ finding: 'noneNear' })) return 'noneNear';
  if (snapshot.matches({ finding: 'failed' })) return 'failed';
  return 'idle';
}

/**
 * The dealer step as the billing form needs it (zag's connect pattern): what to show, the listed
 * dealers with their distance and whether they can be chosen, the chosen dealer's form fields,
 * and the intents. The view decides none of the step's rules.
 */
export function connect(snapshot: FflDealerSnapshot, send: Send) {
  const { context } = snapshot;
  const status = fflDealerStatus(snapshot);
  const listed = status === 'results' || status === 'noneNear';
  const results: FflDealerCard[] = listed
    ? context.results.map((dealer) => {
        const outOfState = dealer.licenceCurrent && stateRefusalOf(context, dealer) !== null;
        const unavailable = !dealer.licenceCurrent ? 'License expired' : outOfState ? `Handguns: ${stateName(context.buyerState)} dealers only` : null;
        return {
          ...dealer,
          distanceLabel: dealer.distanceMetres === null ? '' : formatMiles(dealer.distanceMetres),
          highlighted: dealer.id === context.highlightedId,
          choosable: unavailable === null,
          unavailable,
        };
      })
    : [];
  // Decision 077: the shopper is told before choosing why dealers elsewhere are greyed.
  const handgunNote = !context.handguns
    ? null
    : context.buyerState
      ? `Your cart has a handgun. Federal law has a handgun transferred by a dealer in the buyer's home state, so it goes to a dealer in ${stateName(context.buyerState)}, the state of your billing address; dealers in other states are greyed.`
      : "Your cart has a handgun. Federal law has a handgun transferred by a dealer in the buyer's home state: choose a dealer in the state of your billing address.";
  const chosen: (ChosenDealer & { licenceEnding: string | null; isLast: boolean }) | null =
    status === 'chosen' && context.chosen
      ? { ...chosenDealerOf(context.chosen), licenceEnding: context.chosen.licenceEnding, isLast: context.chosenIsLast }
      : null;
  return {
    status,
    zip: context.zip,
    radius: context.radius,
    /** The zip and distance the list answers ('within 50 miles of 83702'). */
    searched: context.searched,
    /** The state a handgun's dealer must be in, by name, when the rule is in force ('Colorado'). */
    handgunState: context.handguns && context.buyerState ? stateName(context.buyerState) : null,
    handgunNote,
    results,
    highlightedId: context.highlightedId,
    chosen,
    busy: status === 'searching' || status === 'recalling',
    /** A search problem (no zip, unknown zip, service down), in the shopper's words. */
    error: status === 'idle' || status === 'failed' ? context.error : null,
    /** Why a dealer could not be chosen, or why the chosen one was dropped (shown with the search). */
    refusal: status === 'chosen' || status === 'searching' || status === 'recalling' ? null : context.refusal,
    setZip: (zip: string) => send({ type: 'dealer.zip.change', zip }),
    suggestZip: (zip: string) => send({ type: 'dealer.zip.suggest', zip }),
    setRadius: (radius: number) => send({ type: 'dealer.radius.change', radius }),
    search: () => send({ type: 'dealer.search' }),
    highlight: (id: number) => send({ type: 'dealer.highlight', id }),
    choose: (id: number) => send({ type: 'dealer.choose', id }),
    change: () => send({ type: 'dealer.change' }),
    /** The billing form's state changed (the buyer's residence, decision 077). */
    setResidence: (state: string) => send({ type: 'dealer.residence.change', state }),
  };
}

export type FflDealerApi = ReturnType<typeof connect>;
