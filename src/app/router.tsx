import { withFrom } from '../components/navigation-state';
import { createBrowserRouter, data, Outlet, redirect, type DataRouter, type HydrationState, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import { whenHydrated } from '../services/hydration';
import { createConfirmationLoader, createCheckoutLoader } from '../features/checkout/checkout-loaders';
import { createHomeLoader } from '../features/home/home-loader';
import { AuthGuard } from './auth-guard';
import { createAuthCallbackLoader, createAuthGuardLoader, createRegisterLoader } from './auth-routes';
import { FullPageSpinner } from '../components/full-page-spinner';
import { RoutePending } from '../components/route-pending';
import { paths } from '../config/paths';
import { keepDataOnNewQuery } from '../config/revalidation';
import { createRootLoader } from './root-loader';
import { withSession, type RouteActors, type RouteServices } from '../services/route-services';
import { createContentRoutes } from '../features/content/content-routes';
import { createSupportRoutes } from './support-routes';
import { createCollectionRoutes } from '../features/catalogue/collection-routes';
import { createProductRoutes } from '../features/product/product-routes';
import { createSearchRoutes } from '../features/search/search-routes';
import { createDealerLocatorRoute } from '../features/dealers/dealer-locator-routes';
import { createDealerRegistrationRoute } from '../features/dealers/dealer-registration-routes';
import { createProductRegistrationRoute } from '../features/product-registration/product-registration-routes';
import { createBuilderRoute } from '../features/builder/builder-routes';
import { createAccountRoutes, createNewsletterVerifyRoute } from '../features/account/account-routes';
import { RouteErrorScreen } from './route-error-screen';
import type { RouteHandle } from '../config/route-handle';
import { Shell } from './shell';

/*
 * The complete route table of shop-core.md section 2 and catalogue-and-content.md section 2.
 * Every screen is code-split through the route's `lazy` so the first load carries only the shell.
 * Each area adds its routes through its own builder (features/<area>/*-routes.tsx); screens whose
 * issue has not landed show their title (`screen`).
 */

const placeholder = async () => (await import('./placeholder-screen')).PlaceholderScreen;

/** A screen whose issue has not landed: shows its title (PlaceholderScreen, one shared chunk). */
function screen(path: string, title: string): RouteObject {
  const handle: RouteHandle = { title };
  return { path, handle, lazy: { Component: placeholder } };
}

/**
 * Routes that need the browser's session (checkout, confirmation, registration, sign-in callback,
 * account area): the server renders the shell with their loading state and never runs their
 * loader (server-entry.tsx filters them out); the browser runs it on hydration, showing the same
 * loading state meanwhile (docs/decisions/025).
 */
function browserOnly(route: RouteObject): RouteObject {
  return { ...markBrowserOnly(route), HydrateFallback: RoutePending };
}

function markBrowserOnly(route: RouteObject): RouteObject {
  const handle: RouteHandle = { title: '', ...(route.handle as RouteHandle | undefined), browserOnly: true };
  const loader = route.loader;
  return {
    ...route,
    handle,
    // Started at once, as without server rendering (the session sees its events in the same
    // order), answered only after hydration, so the first render is the server's loading state.
    // A failed loader waits too: its error (a 404 Response) must not reach the router mid-hydration.
    loader: typeof loader === 'function' ? async (args: LoaderFunctionArgs) => afterHydration(loader(args)) : loader,
    children: route.children?.map(markBrowserOnly),
  } as RouteObject;
}


/** The loader's outcome, answer or error, once the page is hydrated. */
async function afterHydration<T>(outcome: T | Promise<T>): Promise<T> {
  const [settled] = await Promise.allSettled([outcome, whenHydrated()]);
  if (settled.status === 'rejected') throw settled.reason;
  return settled.value;
}

/**
 * The route table, the same in the browser and on the server. On the server the actors are never
 * started and the browser-only loaders never run (src/app/server-entry.tsx).
 */
export function createRoutes(services: RouteServices, actors: RouteActors): RouteObject[] {
  return [
    {
      id: 'root',
      path: paths.home,
      Component: Shell,
      loader: createRootLoader(services.pageContent),
      // The navigation and footer do not depend on the query (a collection's filters and search).
      shouldRevalidate: keepDataOnNewQuery,
      HydrateFallback: FullPageSpinner,
      ErrorBoundary: RouteErrorScreen,
      children: [
        {
          // Child errors render inside the shell, so navigation survives a failed screen.
          ErrorBoundary: RouteErrorScreen,
          children: [
            {
              index: true,
              handle: { title: 'Home', head: 'home' } satisfies RouteHandle,
              loader: createHomeLoader(services.pageContent, services.prices),
              lazy: { Component: async () => (await import('../features/home/home-screen')).HomeScreen },
            },
            browserOnly({
              path: paths.checkout,
              handle: { title: 'Checkout', head: 'private' } satisfies RouteHandle,
              loader: withSession(actors, (session) => createCheckoutLoader(services.api, session)),
              lazy: { Component: async () => (await import('../features/checkout/checkout-screen')).CheckoutScreen },
            }),
            browserOnly({
              path: paths.confirm,
              handle: { title: 'Order confirmation', head: 'private' } satisfies RouteHandle,
              loader: withSession(actors, (session) => createConfirmationLoader(services.api, session)),
              lazy: { Component: async () => (await import('../features/checkout/confirmation-screen')).ConfirmationScreen },
            }),
            ...createContentRoutes(services),
            ...createSupportRoutes(services),
            ...createCollectionRoutes(services),
            ...createProductRoutes(services),
            ...createSearchRoutes(services),
            browserOnly({
              ...screen(paths.register, 'Registration'),
              handle: { title: 'Registration', head: 'private' } satisfies RouteHandle,
              loader: withSession(actors, createRegisterLoader),
            }),
            createProductRegistrationRoute(services),
            createDealerLocatorRoute(services),
            createDealerRegistrationRoute(services),
            createNewsletterVerifyRoute(services),
            createBuilderRoute(services),
            browserOnly({
              // Completes the sign-in through the session machine and redirects; never renders.
              path: paths.authCallback,
              handle: { title: 'Signing in', head: 'private' } satisfies RouteHandle,
              loader: withSession(actors, createAuthCallbackLoader),
              Component: FullPageSpinner,
            }),
            {
              // The provider's silent-renew iframe is answered by main.tsx before the app boots
              // (src/app/silent-renew.ts); reached inside the app, the page means nothing.
              path: paths.authSilentRenew,
              loader: () => redirect(paths.home),
            },
            // catalogue-and-content.md section 2: a redirect page that sends the visitor home.
            { path: paths.redirect, loader: () => redirect(paths.home) },
            browserOnly({
              // The account parent is the overview itself (its index); all of it sits behind the guard.
              path: paths.profile,
              handle: { title: 'My Account', head: 'private' } satisfies RouteHandle,
              loader: withSession(actors, createAuthGuardLoader),
              element: (
                <AuthGuard>
                  <Outlet />
                </AuthGuard>
              ),
              children: createAccountRoutes(services, actors),
            }),
            // Any other path: the 404 screen, answered with HTTP 404 when rendered on the server.
            {
              path: '*',
              handle: { title: 'Page not found', head: 'not-found' } satisfies RouteHandle,
              lazy: { Component: async () => (await import('./not-found-screen')).NotFoundScreen },
              loader: () => data(null, { status: 404 }),
            },
          ],
        },
      ],
    },
  ];
}

/** The browser's router; `hydrationData` is the server's answer when the page was rendered there. */
export function createAppRouter(services: RouteServices, actors: RouteActors, routes = createRoutes(services, actors), hydrationData?: HydrationState) {
  return passPreviousLocation(createBrowserRouter(routes, { hydrationData }));
}

/**
 * Every in-app navigation passes the previous location along as state (section 2), once, here:
 * Link, NavLink, `useNavigate()` and form submissions of the data router all call `navigate`.
 * History moves (`navigate(-1)`) are left as they are.
 */
export function passPreviousLocation<T extends Pick<DataRouter, 'navigate' | 'state'>>(router: T): T {
  const navigate = router.navigate.bind(router) as (to: unknown, options?: { state?: unknown; replace?: boolean }) => Promise<void>;
  router.navigate = ((to: unknown, options?: { state?: unknown; replace?: boolean }) => {
    if (typeof to === 'number') return navigate(to);
    const { location } = router.state;
    return navigate(to, { ...options, state: withFrom(options?.state, location, options?.replace === true) });
  }) as T['navigate'];
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;
