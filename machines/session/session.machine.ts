import { assign, emit, setup, stateIn } from 'xstate';
import { errorStatus, networkErrorText } from '../../src/domain/error-text';
import { notProvided, notProvidedCallback } from '../shared/not-provided';
import {
  RENEW_RETRY_DELAY_MS,
  SESSION_TEXTS,
  TIMEOUT_ERROR_NAME,
  type SessionContext,
  type SessionEmitted,
  type SessionEvent,
  type SessionUser,
  type SignInRequest,
  type SignInResult,
  type UserProfile,
} from './session.types';

/**
 * The signed-in identity (shop-core.md sections 4, 6, 8, 9).
 *
 * - Auth: loading, then authenticated or not. A stored user whose access token has expired but who
 *   holds a refresh token is renewed first (`resuming`, issue 18: a closed laptop or a tab reopened
 *   later keeps the session as long as the refresh token lives); only a failed renewal signs the
 *   shopper out, with 'Your session has expired. Please sign in again.'. Without a refresh token an
 *   expired user counts as not authenticated (`hasValidUser`).
 * - When the access token expires while signed in (a computer waking from sleep), it is renewed
 *   the same way (`token.reviving`); a failed renewal signs the shopper out with that text.
 * - On sign-out the user is signed out and the cart is reset (`session.ended` is emitted; the app
 *   forwards it to the cart machine). Sign-out revokes the refresh token at the provider (the
 *   identity adapter's settings) and carries the ID token, so the provider does not ask again.
 * - When a renewal of an expired session fails (at load or while signed in) the shopper is signed
 *   out with the expiry text, and `session.expired` lets the cart carry on as a guest's with the
 *   same lines (issue 18): the shopper did not choose to leave.
 * - The account area may ask for fresh claims (`session.claims.refresh`: whether the email is
 *   verified now); that is a renewal, as on the "expiring" notice. Change Password during a
 *   renewal is not dropped: it goes to the provider's page at once (the renewal is abandoned).
 * - After sign-in the profile is loaded; a 401 on the profile call signs the user out. The account
 *   area asks for it again (`session.profile.reload`) after it changed details or addresses. Each
 *   loaded profile is announced (`session.profile.loaded`): the cart learns the default shipping
 *   address from it (decision 030).
 * - Silent renewal: on the UserManager's "access token expiring" (60 s ahead) the token is renewed;
 *   a renewal that times out is retried once after 5 s; other failures raise 'Renew silent failed'.
 * - Sign-in protocol failures show 'Sign-in failed' / 'Sign-out failed' (section 8).
 *
 * Every side effect is a named actor supplied by the app (session.actors.ts); the machine
 * declares them with `notProvided` so tests and the visualizer run the same machine.
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    emitted: {} as SessionEmitted,
  },
  actors: {
    loadUser: notProvided<SessionUser | null>('loadUser'),
    signIn: notProvided<void, SignInRequest>('signIn'),
    completeSignIn: notProvided<SignInResult, { url: string }>('completeSignIn'),
    renewToken: notProvided<SessionUser>('renewToken'),
    signOut: notProvided<void>('signOut'),
    removeUser: notProvided<void>('removeUser'),
    loadProfile: notProvided<UserProfile>('loadProfile'),
    watchUserManager: notProvidedCallback('watchUserManager'),
  },
  actions: {
    setUser: assign({ user: (_, params: { user: SessionUser }) => params.user }),
    setReturnTo: assign({ returnTo: (_, params: { returnTo: string | null }) => params.returnTo }),
    setProfile: assign({ profile: (_, params: { profile: UserProfile }) => params.profile }),
    clearSession: assign({ user: null, profile: null }),
    emitAuthenticated: emit(({ context }) => ({ type: 'session.authenticated' as const, user: context.user! })),
    emitAnonymous: emit({ type: 'session.anonymous' }),
    emitEnded: emit({ type: 'session.ended' }),
    emitExpired: emit({ type: 'session.expired' }),
    emitProfileLoaded: emit((_, params: { profile: UserProfile }) => ({ type: 'session.profile.loaded' as const, profile: params.profile })),
    notify: emit((_, params: { kind: 'error' | 'warning'; text: string }) => ({
      type: 'notification.show' as const,
      kind: params.kind,
      text: params.text,
    })),
  },
  guards: {
    hasValidUser: (_, params: { user: SessionUser | null }) => params.user !== null && !params.user.expired,
    /** Expired, but a refresh token can renew it. */
    canResume: (_, params: { user: SessionUser | null }) => params.user !== null && params.user.expired && params.user.renewable,
    /** The expired token's user holds a refresh token (the adapter says so with the notice). */
    isRenewable: ({ event }) => event.type === 'session.token.expired' && event.renewable,
    /** The silent request got no answer in time (retried once; other failures are reported). */
    isTimeout: (_, params: { error: unknown }) => (params.error as { name?: unknown } | null)?.name === TIMEOUT_ERROR_NAME,
    isUnauthorized: (_, params: { error: unknown }) => errorStatus(params.error) === 401,
  },
  delays: {
    renewRetry: RENEW_RETRY_DELAY_MS,
  },
}).createMachine({
  id: 'session',
  context: { user: null, profile: null, returnTo: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadUser',
        src: 'loadUser',
        onDone: [
          {
            guard: { type: 'hasValidUser', params: ({ event }) => ({ user: event.output }) },
            target: 'authenticated',
            actions: [{ type: 'setUser', params: ({ event }) => ({ user: event.output! }) }, 'emitAuthenticated'],
          },
          { guard: { type: 'canResume', params: ({ event }) => ({ user: event.output }) }, target: 'resuming' },
          { target: 'anonymous', actions: 'emitAnonymous' },
        ],
        // Unreadable storage or a broken provider: browse as a guest.
        onError: { target: 'anonymous', actions: 'emitAnonymous' },
      },
      on: {
        'session.callback': { target: 'completingSignIn' },
      },
    },

    /**
     * Page load with an expired access token and a refresh token: renew before deciding anything.
     * Nobody was announced yet, so a failure removes the stored user and announces a guest.
     */
    resuming: {
      invoke: {
        id: 'resumeSession',
        src: 'renewToken',
        onDone: [
          {
            guard: { type: 'hasValidUser', params: ({ event }) => ({ user: event.output }) },
            target: 'authenticated',
            actions: [{ type: 'setUser', params: ({ event }) => ({ user: event.output }) }, 'emitAuthenticated'],
          },
          { target: 'droppingSession' },
        ],
        onError: { target: 'droppingSession' },
      },
      on: {
        'session.callback': { target: 'completingSignIn' },
      },
    },

    /**
     * The session expired and could not be renewed, at load (`resuming`) or while signed in
     * (`token.reviving`, or an expiry without a refresh token): forget it, say so, browse as a
     * guest. The shopper did not sign out, so `session.expired` lets the cart carry on with the
     * same lines as a guest's (issue 18).
     */
    droppingSession: {
      entry: ['clearSession', { type: 'notify', params: { kind: 'warning', text: SESSION_TEXTS.sessionExpired } }],
      invoke: {
        id: 'dropUser',
        src: 'removeUser',
        onDone: { target: 'anonymous', actions: 'emitExpired' },
        onError: { target: 'anonymous', actions: 'emitExpired' },
      },
    },

    anonymous: {
      on: {
        'session.signin': { target: 'signingIn' },
        'session.register': { target: 'signingIn' },
        'session.callback': { target: 'completingSignIn' },
      },
    },

    signingIn: {
      // Success leaves the page for the identity provider; only a failure comes back here.
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ event }): SignInRequest =>
          event.type === 'session.register' ? { returnTo: '/', prompt: 'create' } : { returnTo: 'returnTo' in event ? event.returnTo : '/' },
        onError: {
          target: 'anonymous',
          actions: [{ type: 'notify', params: { kind: 'error', text: SESSION_TEXTS.signInFailed } }, 'emitAnonymous'],
        },
      },
    },

    completingSignIn: {
      invoke: {
        id: 'completeSignIn',
        src: 'completeSignIn',
        input: ({ event }) => ({ url: event.type === 'session.callback' ? event.url : '' }),
        onDone: [
          {
            guard: { type: 'hasValidUser', params: ({ event }) => ({ user: event.output.user }) },
            target: 'authenticated',
            actions: [
              { type: 'setUser', params: ({ event }) => ({ user: event.output.user }) },
              { type: 'setReturnTo', params: ({ event }) => ({ returnTo: event.output.returnTo }) },
              'emitAuthenticated',
            ],
          },
          {
            target: 'anonymous',
            actions: [{ type: 'notify', params: { kind: 'error', text: SESSION_TEXTS.signInFailed } }, 'emitAnonymous'],
          },
        ],
        onError: {
          target: 'anonymous',
          actions: [{ type: 'notify', params: { kind: 'error', text: SESSION_TEXTS.signInFailed } }, 'emitAnonymous'],
        },
      },
    },

    authenticated: {
      // Two independent concerns while signed in: the token's life and the profile's loading.
      type: 'parallel',
      invoke: { id: 'watchUserManager', src: 'watchUserManager' },
      on: {
        // Renewed (by us or by another UserManager call): keep the fresh token.
        'session.user.loaded': { actions: { type: 'setUser', params: ({ event }) => ({ user: event.user }) } },
        // Woken with an expired token: renew it when a refresh token allows, else sign out.
        'session.token.expired': [
          // Already renewing it: the UserManager's repeated notice changes nothing.
          { guard: stateIn('#session.authenticated.token.reviving') },
          { guard: 'isRenewable', target: '.token.reviving' },
          { target: 'droppingSession' },
        ],
        'session.user.signedout': { target: 'endingSession' },
        'session.user.unloaded': { target: 'endingSession' },
        'session.renew.error': { actions: { type: 'notify', params: { kind: 'error', text: SESSION_TEXTS.renewFailed } } },
        'session.signout': { target: 'signingOut' },
        'session.register': {
          actions: { type: 'notify', params: { kind: 'warning', text: SESSION_TEXTS.alreadyRegistered } },
        },
      },
      states: {
        token: {
          initial: 'active',
          states: {
            active: {
              on: {
                'session.token.expiring': { target: 'renewing' },
                // The account area asks for fresh claims (the email's verification): a renewal.
                'session.claims.refresh': { target: 'renewing' },
                'session.password.change': { target: 'changingPassword' },
              },
            },
            renewing: {
              on: { 'session.password.change': { target: 'changingPassword' } },
              invoke: {
                id: 'renewToken',
                src: 'renewToken',
                onDone: { target: 'active', actions: { type: 'setUser', params: ({ event }) => ({ user: event.output }) } },
                onError: [
                  { guard: { type: 'isTimeout', params: ({ event }) => ({ error: event.error }) }, target: 'renewalRetry' },
                  // The token stays until it expires; `session.token.expired` then signs the user out.
                  { target: 'active', actions: { type: 'notify', params: { kind: 'error', text: SESSION_TEXTS.renewFailed } } },
                ],
              },
            },
            /** A renewal timed out: wait 5 s, then the one retry. */
            renewalRetry: {
              after: { renewRetry: { target: 'retryingRenewal' } },
              on: { 'session.password.change': { target: 'changingPassword' } },
            },
            retryingRenewal: {
              on: { 'session.password.change': { target: 'changingPassword' } },
              invoke: {
                id: 'retryRenewToken',
                src: 'renewToken',
                onDone: { target: 'active', actions: { type: 'setUser', params: ({ event }) => ({ user: event.output }) } },
                onError: { target: 'active', actions: { type: 'notify', params: { kind: 'error', text: SESSION_TEXTS.renewFailed } } },
              },
            },
            /** The access token has expired (a laptop woke up): renew it, or sign the shopper out. */
            reviving: {
              on: { 'session.password.change': { target: 'changingPassword' } },
              invoke: {
                id: 'reviveToken',
                src: 'renewToken',
                onDone: [
                  {
                    guard: { type: 'hasValidUser', params: ({ event }) => ({ user: event.output }) },
                    target: 'active',
                    actions: { type: 'setUser', params: ({ event }) => ({ user: event.output }) },
                  },
                  { target: '#session.droppingSession' },
                ],
                onError: { target: '#session.droppingSession' },
              },
            },
            changingPassword: {
              // The provider's password page, then the callback route signs the user in again.
              invoke: {
                id: 'changePassword',
                src: 'signIn',
                input: ({ event }): SignInRequest => ({
                  returnTo: event.type === 'session.password.change' ? event.returnTo : '/',
                  action: 'UPDATE_PASSWORD',
                }),
                onError: { target: 'active', actions: { type: 'notify', params: { kind: 'error', text: SESSION_TEXTS.signInFailed } } },
              },
            },
          },
        },
        profile: {
          initial: 'loading',
          on: {
            // The account area saved details or addresses: read the profile again (checkout
            // prefills from it). A load already running is restarted, so its older answer is dropped.
            'session.profile.reload': { target: '.loading', reenter: true },
          },
          states: {
            loading: {
              invoke: {
                id: 'loadProfile',
                src: 'loadProfile',
                onDone: {
                  target: 'loaded',
                  actions: [
                    { type: 'setProfile', params: ({ event }) => ({ profile: event.output }) },
                    { type: 'emitProfileLoaded', params: ({ event }) => ({ profile: event.output }) },
                  ],
                },
                onError: [
                  // shop-core section 8: a 401 on the profile call signs the user out.
                  {
                    guard: { type: 'isUnauthorized', params: ({ event }) => ({ error: event.error }) },
                    target: '#session.endingSession',
                  },
                  {
                    target: 'failed',
                    actions: { type: 'notify', params: ({ event }) => ({ kind: 'error', text: networkErrorText(event.error) }) },
                  },
                ],
              },
            },
            loaded: {},
            /** The error was shown; the account area shows what the ID token says. */
            failed: {},
          },
        },
      },
    },

    signingOut: {
      // Success leaves the page for the provider's end-session page, which returns to home.
      invoke: {
        id: 'signOut',
        src: 'signOut',
        onError: {
          target: 'endingSession',
          actions: { type: 'notify', params: { kind: 'error', text: SESSION_TEXTS.signOutFailed } },
        },
      },
    },

    /** Signed out locally: the stored user is removed, then the app resets the cart. */
    endingSession: {
      entry: 'clearSession',
      invoke: {
        id: 'removeUser',
        src: 'removeUser',
        onDone: { target: 'anonymous', actions: 'emitEnded' },
        onError: { target: 'anonymous', actions: 'emitEnded' },
      },
    },
  },
});
