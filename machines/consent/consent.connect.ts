import type { SnapshotFrom } from 'xstate';
import type { consentMachine } from './consent.machine';
import type { ConsentEvent } from './consent.types';

type ConsentSnapshot = SnapshotFrom<typeof consentMachine>;
type Send = (event: ConsentEvent) => void;

/** What the consent bar needs: whether to show it, the answer in force, and the intents. */
export function connect(snapshot: ConsentSnapshot, send: Send) {
  return {
    /** Shown while no decision exists (section 4: undecided), or when reopened from the footer. */
    open: selectConsentOpen(snapshot),
    /** Reopened: a decision exists and stays in force until the visitor gives another. */
    reviewing: snapshot.context.reviewing,
    accepted: snapshot.matches('accepted'),
    declined: snapshot.matches('declined'),
    accept: () => send({ type: 'consent.accept' }),
    decline: () => send({ type: 'consent.decline' }),
    reopen: () => send({ type: 'consent.reopen' }),
  };
}

/** Whether the consent bar shows (a selector: the shell and the promotion slot re-render on it alone). */
export function selectConsentOpen(snapshot: ConsentSnapshot): boolean {
  return snapshot.matches('undecided') || snapshot.context.reviewing;
}

export type ConsentApi = ReturnType<typeof connect>;
