import type { SnapshotFrom } from 'xstate';
import type { consentMachine } from './consent.machine';
import type { ConsentEvent } from './consent.types';

type ConsentSnapshot = SnapshotFrom<typeof consentMachine>;
type Send = (event: ConsentEvent) => void;

/** What the consent modal needs: whether to show it, and the two intents. */
export function connect(snapshot: ConsentSnapshot, send: Send) {
  return {
    /** The modal is shown only while no decision exists (section 4: undecided). */
    open: snapshot.matches('undecided'),
    accepted: snapshot.matches('accepted'),
    declined: snapshot.matches('declined'),
    accept: () => send({ type: 'consent.accept' }),
    decline: () => send({ type: 'consent.decline' }),
  };
}

export type ConsentApi = ReturnType<typeof connect>;
