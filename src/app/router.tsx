import { createBrowserRouter, Outlet, redirect, type RouteObject } from 'react-router-dom';
import { createConfirmationLoader, createCheckoutLoader } from '../features/checkout/checkout-loaders';
import { createHomeLoader } from '../features/home/home-loader';
import { AuthGuard } from './auth-guard';
import { createAuthCallbackLoader, createAuthGuardLoader, createRegisterLoader } from './auth-routes';
import { FullPageSpinner } from '../components/full-page-spinner';
import { NotFoundScreen } from './not-found-screen';
import { paths } from './paths';
import { createRootLoader } from './root-loader';
import { placeholderRoute, type RouteActors, type RouteServices } from './route-services';
import { createContentRoutes } from '../features/content/content-routes';
import { createSupportRoutes } from '../features/support/support-routes';
import { createCollectionRoutes } from '../features/catalogue/collection-routes';
import { createProductRoutes } from '../features/product/product-routes';
import { createSearchRoutes } from '../features/search/search-routes';
import { createDealerLocatorRoute } from '../features/dealers/dealer-locator-routes';
import { createDealerRegistrationRoute } from '../features/dealers/dealer-registration-routes';
import { createProductRegistrationRoute } from '../features/product-registration/product-registration-routes';
import { createBuilderRoute } from '../features/builder/builder-routes';
import { createAccountRoutes, createNewsletterVerifyRoute } from '../features/account/account-routes';
import { RouteErrorScreen } from './route-error-screen';
import type { RouteHandle } from './route-handle';
import { Shell } from './shell';

/*
 * The complete route table of shop-core.md section 2 and catalogue-and-content.md section 2.
 * Every screen is code-split through the route's `lazy` so the first load carries only the shell.
 * Each area adds its routes through its own builder (features/<area>/*-routes.tsx); screens whose
 * issue has not landed show their title (placeholderRoute).
 */

const screen = placeholderRoute;


export function createRoutes(services: RouteServices, actors: RouteActors): RouteObject[] {
  return [
    {
      id: 'root',
      path: paths.home,
      Component: Shell,
      loader: createRootLoader(services.pageContent),
      HydrateFallback: FullPageSpinner,
      ErrorBoundary: RouteErrorScreen,
      children: [
        {
          // Child errors render inside the shell, so navigation survives a failed screen.
          ErrorBoundary: RouteErrorScreen,
          children: [
            {
              index: true,
              handle: { title: 'Home' } satisfies RouteHandle,
              loader: createHomeLoader(services.pageContent),
              lazy: { Component: async () => (await import('../features/home/home-screen')).HomeScreen },
            },
            {
              path: paths.checkout,
              handle: { title: 'Checkout' } satisfies RouteHandle,
              loader: createCheckoutLoader(services.api, actors.session),
              lazy: { Component: async () => (await import('../features/checkout/checkout-screen')).CheckoutScreen },
            },
            {
              path: paths.confirm,
              handle: { title: 'Order confirmation' } satisfies RouteHandle,
              loader: createConfirmationLoader(services.api, actors.session),
              lazy: { Component: async () => (await import('../features/checkout/confirmation-screen')).ConfirmationScreen },
            },
            ...createContentRoutes(services),
            ...createSupportRoutes(services),
            ...createCollectionRoutes(services),
            ...createProductRoutes(services),
            ...createSearchRoutes(services),
            { ...screen(paths.register, 'Registration'), loader: createRegisterLoader(actors.session) },
            createProductRegistrationRoute(services),
            createDealerLocatorRoute(services),
            createDealerRegistrationRoute(services),
            createNewsletterVerifyRoute(services),
            createBuilderRoute(services),
            {
              // Completes the sign-in through the session machine and redirects; never renders.
              path: paths.authCallback,
              loader: createAuthCallbackLoader(actors.session),
              Component: FullPageSpinner,
            },
            {
              // The provider's silent-renew iframe is answered by main.tsx before the app boots
              // (src/app/silent-renew.ts); reached inside the app, the page means nothing.
              path: paths.authSilentRenew,
              loader: () => redirect(paths.home),
            },
            // catalogue-and-content.md section 2: a redirect page that sends the visitor home.
            { path: paths.redirect, loader: () => redirect(paths.home) },
            {
              // The account parent is the overview itself (its index); all of it sits behind the guard.
              path: paths.profile,
              loader: createAuthGuardLoader(actors.session),
              element: (
                <AuthGuard>
                  <Outlet />
                </AuthGuard>
              ),
              children: createAccountRoutes(services, actors),
            },
            { path: '*', Component: NotFoundScreen },
          ],
        },
      ],
    },
  ];
}

export function createAppRouter(services: RouteServices, actors: RouteActors) {
  return createBrowserRouter(createRoutes(services, actors));
}

export type AppRouter = ReturnType<typeof createAppRouter>;
