import { sessionMachine } from '../../machines/session/session.machine';
import type { SessionEvent, SessionUser, UserProfile } from '../../machines/session/session.types';
import type { PathModel } from './test-model';

/**
 * The session machine's path model (shared by tests/machines/session.test.ts and the scenario
 * docs, docs/machines/session.md): the stored and renewed users, the profile, the identity
 * provider's failures, and every event with its payload.
 */

export const user: SessionUser = {
  accessToken: 'access-1',
  expiresAt: 2_000_000_000,
  expired: false,
  renewable: true,
  claims: { sub: 'user-1', email: 'demo@ridgeline.example' },
};
const renewedUser: SessionUser = { ...user, accessToken: 'access-2', expiresAt: 2_000_000_300 };
const expiredUser: SessionUser = { ...user, accessToken: 'access-0', expired: true };
export const profile = {
  keycloakId: 'user-1',
  fullName: 'Demo Shopper',
  firstName: 'Demo',
  lastName: 'Shopper',
  email: 'demo@ridgeline.example',
  phoneNumber: null,
  addresses: [],
  orders: [],
} satisfies UserProfile;

// Plain objects, so the path descriptions and the model's serialized states show them.
const timeoutError = { name: 'ErrorTimeout', message: 'IFrame timed out without a response' };
const protocolError = { name: 'ErrorResponse', message: 'No matching state found in storage' };
const unauthorized = { name: 'ApiError', status: 401, message: 'Unauthorized' };
const serverError = { name: 'ApiError', status: 500, message: 'Something went wrong on our side. Please try again.' };

export const CALLBACK_URL = 'http://shop.test/auth/callback?code=abc&state=xyz';
export const RENEW_RETRY = 'xstate.after.renewRetry.session.authenticated.token.renewalRetry';

export const events = [
  { type: 'xstate.done.actor.loadUser', output: user },
  { type: 'xstate.done.actor.loadUser', output: null },
  // A stored user whose access token expired while the tab was closed; the refresh token lives.
  { type: 'xstate.done.actor.loadUser', output: expiredUser },
  { type: 'xstate.done.actor.resumeSession', output: renewedUser },
  { type: 'xstate.done.actor.resumeSession', output: expiredUser },
  { type: 'xstate.error.actor.resumeSession', error: protocolError },
  { type: 'xstate.done.actor.dropUser' },
  { type: 'xstate.error.actor.dropUser', error: protocolError },
  { type: 'xstate.error.actor.loadUser', error: protocolError },
  { type: 'session.signin', returnTo: '/profile' },
  { type: 'session.register' },
  { type: 'xstate.error.actor.signIn', error: protocolError },
  { type: 'session.callback', url: CALLBACK_URL },
  { type: 'xstate.done.actor.completeSignIn', output: { user, returnTo: '/profile' } },
  { type: 'xstate.done.actor.completeSignIn', output: { user: expiredUser, returnTo: null } },
  { type: 'xstate.error.actor.completeSignIn', error: protocolError },
  { type: 'xstate.done.actor.loadProfile', output: profile },
  { type: 'xstate.error.actor.loadProfile', error: unauthorized },
  { type: 'xstate.error.actor.loadProfile', error: serverError },
  { type: 'session.user.loaded', user: renewedUser },
  { type: 'session.user.unloaded' },
  { type: 'session.token.expiring' },
  { type: 'session.token.expired', renewable: true },
  { type: 'session.token.expired', renewable: false },
  { type: 'xstate.done.actor.reviveToken', output: renewedUser },
  { type: 'xstate.done.actor.reviveToken', output: expiredUser },
  { type: 'xstate.error.actor.reviveToken', error: protocolError },
  { type: 'session.renew.error', message: 'login_required' },
  { type: 'session.user.signedout' },
  { type: 'xstate.done.actor.renewToken', output: renewedUser },
  { type: 'xstate.error.actor.renewToken', error: timeoutError },
  { type: 'xstate.error.actor.renewToken', error: protocolError },
  { type: 'xstate.done.actor.retryRenewToken', output: renewedUser },
  { type: 'xstate.error.actor.retryRenewToken', error: timeoutError },
  { type: RENEW_RETRY },
  { type: 'session.password.change', returnTo: '/profile' },
  { type: 'xstate.error.actor.changePassword', error: protocolError },
  { type: 'session.signout' },
  { type: 'xstate.error.actor.signOut', error: protocolError },
  { type: 'xstate.done.actor.removeUser' },
  { type: 'xstate.error.actor.removeUser', error: protocolError },
  { type: 'session.profile.reload' },
  { type: 'session.claims.refresh' },
] as unknown as SessionEvent[];

export const sessionModel: PathModel<typeof sessionMachine> = {
  machine: sessionMachine,
  options: {
    events,
    // A state is its value and context plus the event that led to it, so a transition that
    // changes neither (a notice, a self-transition) still gets its own path.
    serializeTransition: (_state, event, previous) =>
      event ? ` via ${JSON.stringify(event)}${previous ? ` from ${JSON.stringify(previous.value)}` : ''}` : '',
  },
  starts: [{ name: '' }],
  // A step: the state value before, the event with its payload, the state value after. The
  // context (user, profile, notices) follows from those; every step still checks it.
  stepKey: (previous, event, next) => `${JSON.stringify(previous?.value ?? null)} ${JSON.stringify(event)} ${JSON.stringify(next.value)}`,
};
