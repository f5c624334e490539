import { consentMachine } from '../../machines/consent/consent.machine';
import type { ConsentEvent, StoredConsent } from '../../machines/consent/consent.types';
import type { PathModel } from './test-model';

/**
 * Analytics consent's path model (shared by tests/machines/consent.test.ts and the scenario docs,
 * docs/machines/consent.md).
 */

export const AFTER_INACTIVITY = 'xstate.after.inactivity.consent.accepted.active';
const START_PATH = '/';
export const OTHER_PATH = '/about-us';

const events = [
  { type: 'consent.accept' },
  { type: 'consent.decline' },
  { type: 'consent.reopen' },
  { type: 'consent.page.viewed', path: OTHER_PATH },
  { type: 'consent.activity' },
  { type: AFTER_INACTIVITY },
] as unknown as ConsentEvent[];

export const accepted: StoredConsent = { value: true, decidedAt: '2026-01-02T03:04:05.000Z' };
export const declined: StoredConsent = { value: false, decidedAt: '2026-01-02T03:04:05.000Z' };

export const consentModel: PathModel<typeof consentMachine> = {
  machine: consentMachine,
  options: {
    events,
    // The decision's timestamp is left out: the paths are about states, the stored value and the page.
    serializeState: (state) =>
      JSON.stringify({ value: state.value, decided: state.context.stored?.value ?? null, path: state.context.path, reviewing: state.context.reviewing }),
  },
  // The three starts the app has: no stored decision, a stored accept, a stored decline.
  starts: [
    { name: 'on a first visit', input: { stored: null, path: START_PATH } },
    { name: 'with a stored acceptance', input: { stored: accepted, path: START_PATH } },
    { name: 'with a stored refusal', input: { stored: declined, path: START_PATH } },
  ],
};

