import { redirect, type LoaderFunctionArgs } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import { whenSnapshot } from '../components/when-snapshot';
import { isSettled } from '../../machines/session/session.connect';
import type { sessionMachine } from '../../machines/session/session.machine';
import { paths } from '../config/paths';

/*
 * Route loaders that hand identity work to the session machine and turn its answer into a
 * navigation. The machine decides (who is signed in, what to show, where to go back to); the
 * loaders only send its events and wait for it to settle, so nothing runs in a render effect.
 */

type SessionRef = ActorRefFrom<typeof sessionMachine>;

function appPath(url: URL): string {
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * /auth/callback: complete the authorization-code callback, then go to the page the user came
 * from (it travelled in the sign-in `state`); home when it failed (the machine shows 'Sign-in
 * failed') or when there was none. The redirect replaces the callback URL in the history.
 */
export function createAuthCallbackLoader(session: SessionRef) {
  return async ({ request }: LoaderFunctionArgs) => {
    session.send({ type: 'session.callback', url: request.url });
    const snapshot = await whenSnapshot(session, isSettled);
    const target = snapshot.matches('authenticated') ? (snapshot.context.returnTo ?? paths.home) : paths.home;
    return redirect(target);
  };
}

/**
 * /register (shop-core.md sections 2 and 8): signed in, the machine shows the warning 'You are
 * already a registered user, ...' and we go home; otherwise the machine starts the redirect to the
 * provider's registration page (prompt=create) and the route shows its title meanwhile.
 */
export function createRegisterLoader(session: SessionRef) {
  return async () => {
    await whenSnapshot(session, isSettled);
    session.send({ type: 'session.register' });
    return session.getSnapshot().matches('authenticated') ? redirect(paths.home) : null;
  };
}

/**
 * The guard of /profile (shop-core.md section 2): once the session has settled, an anonymous
 * visitor is sent to the provider's login page, with the requested page as the place to come back
 * to. The AuthGuard component renders the account area only for a signed-in user.
 */
export function createAuthGuardLoader(session: SessionRef) {
  return async ({ request }: LoaderFunctionArgs) => {
    const snapshot = await whenSnapshot(session, isSettled);
    if (!snapshot.matches('authenticated')) {
      session.send({ type: 'session.signin', returnTo: appPath(new URL(request.url)) });
    }
    return null;
  };
}
