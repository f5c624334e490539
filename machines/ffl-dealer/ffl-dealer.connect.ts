import type { SnapshotFrom } from 'xstate';
import { formatMiles } from '../../src/domain/distance';
import { chosenDealerOf, type fflDealerMachine } from './ffl-dealer.machine';
import type { ChosenDealer, FflDealerEvent, FflDealerResult } from './ffl-dealer.types';

type FflDealerSnapshot = SnapshotFrom<typeof fflDealerMachine>;
type Send = (event: FflDealerEvent) => void;

export type FflDealerStatus = 'recalling' | 'idle' | 'searching' | 'results' | 'noneNear' | 'failed' | 'chosen';

export interface FflDealerCard extends FflDealerResult {
  /** '12 mi' from the searched zip. */
  distanceLabel: string;
  /** Picked on the map (or refused): its card is marked and brought into view. */
  highlighted: boolean;
  /** Only a dealer with a current licence can be chosen. */
  choosable: boolean;
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
    ? context.results.map((dealer) => ({
        ...dealer,
        distanceLabel: dealer.distanceMetres === null ? '' : formatMiles(dealer.distanceMetres),
        highlighted: dealer.id === context.highlightedId,
        choosable: dealer.licenceCurrent,
      }))
    : [];
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
    results,
    highlightedId: context.highlightedId,
    chosen,
    busy: status === 'searching' || status === 'recalling',
    /** A search problem (no zip, unknown zip, service down), in the shopper's words. */
    error: status === 'idle' || status === 'failed' ? context.error : null,
    /** Why a dealer could not be chosen. */
    refusal: listed ? context.refusal : null,
    setZip: (zip: string) => send({ type: 'dealer.zip.change', zip }),
    suggestZip: (zip: string) => send({ type: 'dealer.zip.suggest', zip }),
    setRadius: (radius: number) => send({ type: 'dealer.radius.change', radius }),
    search: () => send({ type: 'dealer.search' }),
    highlight: (id: number) => send({ type: 'dealer.highlight', id }),
    choose: (id: number) => send({ type: 'dealer.choose', id }),
    change: () => send({ type: 'dealer.change' }),
  };
}

export type FflDealerApi = ReturnType<typeof connect>;
