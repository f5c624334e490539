import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { unwrap, type ApiClient } from '../../src/api/client';
import type { components } from '../../src/api/schema';
import type { SessionClient, SessionUser, SignInRequest, SignInResult, UserManagerEvent } from './session.types';

/** GET /User/profile (the spec's User entity). */
export type UserProfile = components['schemas']['User'];

export interface SessionActorDeps {
  /** The identity provider (src/services/oidc-session-client.ts); loads oidc-client-ts on first use. */
  client: SessionClient;
  api: ApiClient;
}

/**
 * The session machine's actors over the identity client and the API client. The app provides
 * them with `sessionMachine.provide({ actors: createSessionActors(deps) })`; tests provide fakes.
 */
export function createSessionActors({ client, api }: SessionActorDeps) {
  return {
    loadUser: fromPromise<SessionUser | null>(() => client.getUser()),
    signIn: fromPromise<void, SignInRequest>(({ input }) => client.signinRedirect(input)),
    completeSignIn: fromPromise<SignInResult, { url: string }>(({ input }) => client.signinCallback(input.url)),
    renewToken: fromPromise<SessionUser>(() => client.signinSilent()),
    signOut: fromPromise<void>(() => client.signoutRedirect()),
    removeUser: fromPromise<void>(() => client.removeUser()),
    loadProfile: fromPromise<UserProfile>(() => unwrap(api.GET('/User/profile'))),
    /** Forwards the UserManager's events as `session.*` events while a user is signed in. */
    watchUserManager: fromCallback<EventObject>(({ sendBack }) =>
      client.subscribe((event: UserManagerEvent) => sendBack(event)),
    ),
  };
}
