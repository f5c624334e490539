import { assign, setup } from 'xstate';
import { notProvidedCallback } from '../shared/not-provided';
import {
  INACTIVITY_TIMEOUT_MS,
  type AnalyticsEvent,
  type ConsentContext,
  type ConsentEvent,
  type ConsentInput,
  type StoredConsent,
} from './consent.types';

/**
 * Analytics consent (shop-core.md sections 2, 3, 4, 9):
 *
 * - `undecided`: the bar 'We value your privacy' is shown; Accept or Decline.
 * - `accepted`: tracking starts. The page the visitor is on is counted on entry, then every page
 *   they move to; after 30 s without user activity one inactivity event is sent (`idle`), and
 *   activity starts the 30 s again.
 * - `declined`: nothing is ever sent.
 *
 * The footer's 'Cookie preferences' (issue 18 item 8, docs/decisions/036) reopens the choice
 * (`consent.reopen`, context `reviewing`): the answer in force stays in force while the bar is
 * shown, and a new answer takes effect at once (Decline leaves `accepted`, which stops the activity
 * watcher and every analytics call; Accept enters it and counts the page). Pressing the answer
 * already given closes the bar and changes nothing.
 *
 * The decision is stored with a timestamp (`storeDecision`, provided by the app: local storage,
 * kept permanently) and read at start as input, so a stored decision skips the bar. No
 * analytics action runs outside `accepted`, so nothing is sent before acceptance.
 *
 * Side effects are named and provided by the app (src/app/app-actors.ts): `storeDecision`,
 * `sendAnalytics` (the first-party POST /Analytics/events), and the `watchActivity` callback
 * actor (DOM listeners), which runs only while accepted.
 */
export const consentMachine = setup({
  types: {
    context: {} as ConsentContext,
    events: {} as ConsentEvent,
    input: {} as ConsentInput,
  },
  actors: {
    watchActivity: notProvidedCallback('watchActivity'),
  },
  actions: {
    setPath: assign({ path: (_, params: { path: string }) => params.path }),
    recordDecision: assign({
      stored: (_, params: { value: boolean }) => ({ value: params.value, decidedAt: new Date().toISOString() }),
    }),
    openReview: assign({ reviewing: true }),
    closeReview: assign({ reviewing: false }),
    /** Local storage `analyticsConsent` := the decision (provided by the app). */
    storeDecision: (_, _params: { stored: StoredConsent | null }) => {},
    /** Sends one analytics event (provided by the app). */
    sendAnalytics: (_, _params: AnalyticsEvent) => {},
  },
  guards: {
    storedAccepted: ({ context }) => context.stored?.value === true,
    storedDeclined: ({ context }) => context.stored?.value === false,
  },
  delays: {
    inactivity: INACTIVITY_TIMEOUT_MS,
  },
}).createMachine({
  id: 'consent',
  context: ({ input }) => ({ stored: input.stored, path: input.path, reviewing: false }),
  initial: 'restoring',
  on: {
    // Outside `accepted` a page change is only remembered, never sent.
    'consent.page.viewed': { actions: { type: 'setPath', params: ({ event }) => ({ path: event.path }) } },
  },
  states: {
    restoring: {
      always: [
        { guard: 'storedAccepted', target: 'accepted' },
        { guard: 'storedDeclined', target: 'declined' },
        { target: 'undecided' },
      ],
    },
    undecided: {
      on: {
        'consent.accept': {
          target: 'accepted',
          actions: [
            { type: 'recordDecision', params: { value: true } },
            { type: 'storeDecision', params: ({ context }) => ({ stored: context.stored }) },
          ],
        },
        'consent.decline': {
          target: 'declined',
          actions: [
            { type: 'recordDecision', params: { value: false } },
            { type: 'storeDecision', params: ({ context }) => ({ stored: context.stored }) },
          ],
        },
      },
    },
    accepted: {
      entry: {
        type: 'sendAnalytics',
        params: ({ context }) => ({ type: 'page_view' as const, path: context.path, at: new Date().toISOString() }),
      },
      invoke: { src: 'watchActivity' },
      on: {
        'consent.page.viewed': {
          actions: [
            { type: 'setPath', params: ({ event }) => ({ path: event.path }) },
            {
              type: 'sendAnalytics',
              params: ({ event }) => ({ type: 'page_view' as const, path: event.path, at: new Date().toISOString() }),
            },
          ],
        },
        'consent.reopen': { actions: 'openReview' },
        // Already accepted: the bar closes, nothing changes.
        'consent.accept': { actions: 'closeReview' },
        // Changed to Decline: leaving `accepted` stops tracking at once.
        'consent.decline': {
          target: 'declined',
          actions: [
            'closeReview',
            { type: 'recordDecision', params: { value: false } },
            { type: 'storeDecision', params: ({ context }) => ({ stored: context.stored }) },
          ],
        },
      },
      initial: 'active',
      states: {
        active: {
          after: { inactivity: 'idle' },
          // Activity restarts the 30 s.
          on: { 'consent.activity': { target: 'active', reenter: true } },
        },
        idle: {
          entry: {
            type: 'sendAnalytics',
            params: ({ context }) => ({ type: 'inactivity' as const, path: context.path, at: new Date().toISOString() }),
          },
          on: { 'consent.activity': 'active' },
        },
      },
    },
    declined: {
      on: {
        'consent.reopen': { actions: 'openReview' },
        // Changed to Accept: entering `accepted` counts the page and starts tracking.
        'consent.accept': {
          target: 'accepted',
          actions: [
            'closeReview',
            { type: 'recordDecision', params: { value: true } },
            { type: 'storeDecision', params: ({ context }) => ({ stored: context.stored }) },
          ],
        },
        // Already declined: the bar closes, nothing changes.
        'consent.decline': { actions: 'closeReview' },
      },
    },
  },
});
