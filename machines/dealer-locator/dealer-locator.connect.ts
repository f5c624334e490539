import type { SnapshotFrom } from 'xstate';
import { formatMiles } from '../../src/domain/distance';
import type { dealerLocatorMachine } from './dealer-locator.machine';
import { DEALERS_UNAVAILABLE_TEXT, type DealerResult, type LocatorEvent } from './dealer-locator.types';

type LocatorSnapshot = SnapshotFrom<typeof dealerLocatorMachine>;
type Send = (event: LocatorEvent) => void;

export type LocatorStatus = 'loading' | 'unavailable' | 'idle' | 'searching' | 'failed';

export interface ResultView extends DealerResult {
  /** '12 mi' from the searched zip, or '' when every dealer is listed. */
  distanceLabel: string;
  selected: boolean;
}

/** The state a view needs, by name (the view decides nothing about the locator's rules). */
export function locatorStatus(snapshot: LocatorSnapshot): LocatorStatus {
  if (snapshot.matches('loadingDealers')) return 'loading';
  if (snapshot.matches('unavailable')) return 'unavailable';
  if (snapshot.matches({ ready: 'searching' })) return 'searching';
  if (snapshot.matches({ ready: 'geocodeFailed' })) return 'failed';
  return 'idle';
}

/**
 * A locator snapshot as the screen needs it (zag's connect pattern): the form values, the listed
 * dealers with their distance labels and selection, the notices, and the intents.
 */
export function connect(snapshot: LocatorSnapshot, send: Send) {
  const { context } = snapshot;
  const status = locatorStatus(snapshot);
  const results: ResultView[] = context.results.map((dealer) => ({
    ...dealer,
    distanceLabel: dealer.distanceMetres === null ? '' : formatMiles(dealer.distanceMetres),
    selected: dealer.id === context.selectedId,
  }));
  return {
    status,
    zip: context.zip,
    radius: context.radius,
    results,
    selectedId: context.selectedId,
    /** True once a zip search has been answered (the list is then "within N miles of zip"). */
    searched: context.origin !== null,
    busy: status === 'loading' || status === 'searching',
    error: status === 'failed' ? context.error : status === 'unavailable' ? DEALERS_UNAVAILABLE_TEXT : null,
    setZip: (zip: string) => send({ type: 'locator.zip.change', zip }),
    setRadius: (radius: number | null) => send({ type: 'locator.radius.change', radius }),
    submit: () => send({ type: 'locator.submit' }),
    select: (id: string) => send({ type: 'locator.dealer.select', id }),
    clearSelection: () => send({ type: 'locator.dealer.clear' }),
    retry: () => send({ type: 'locator.retry' }),
  };
}

export type LocatorApi = ReturnType<typeof connect>;
