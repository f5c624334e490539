import './zod-jitless';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes, RouterProvider, type RouteObject } from 'react-router-dom';
import { createAppServices } from './services/app-services';
import { loadInspector } from './app/inspector';
import { AppProviders, trackActors } from './services/providers';
import { loadActorHooks } from './services/actor-selector';
import { bindNotificationRouteChanges, bindRouteChanges } from './app/route-changes';
import { bindDocumentHead } from './app/document-head-updates';
import { bindConsentPageViews } from './app/consent-page-views';
import { paths } from './config/paths';
import { createAppRouter, createRoutes } from './app/router';
import { loadLazyRoute } from './app/load-lazy-route';
import { routeActorsOf } from './services/route-services';
import { expectHydration, HydrationDone, readHydration } from './services/hydration';
import { readRuntimeSettings } from './runtime-settings';
import './styles/tokens.css';
import './styles/global.css';

/**
 * The screens of the routes the server rendered, loaded before hydration: a route still lazy
 * would render its loading state instead of the server's HTML.
 */
async function loadMatchedScreens(routes: RouteObject[]) {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(matches.map(({ route }) => loadLazyRoute(route)));
}

/**
 * Start-up: settings from the page (docs/decisions/001), then the services and actors that live
 * for the whole page load, then the router, then React. A page the server rendered carries the
 * router's state (src/app/hydration.ts): React hydrates it without fetching the route's data
 * again. Without it (the dev server's fallback) the root loader starts the requests at once.
 */
async function start() {
  // The silent-renew iframe only hands the provider's answer to its parent: no app to boot.
  if (window.location.pathname === paths.authSilentRenew) {
    await (await import('./app/silent-renew')).completeSilentRenew();
    return;
  }
  const settings = readRuntimeSettings();
  const inspect = await loadInspector();
  const services = createAppServices({ settings });
  // The actors (xstate and the machines) load beside hydration, in a chunk of their own: the parts
  // of a page that read them wait inside ActorBoundary, the rest hydrates meanwhile (decision 057).
  // @xstate/react, which views read the actors with, loads beside them (decision 064).
  const actors = Promise.all([import('./app/app-actors'), loadActorHooks()]).then(([{ createAppActors }]) =>
    createAppActors(services, { inspect }),
  );
  trackActors(actors);
  const routeActors = routeActorsOf(actors);
  const hydrationData = readHydration();
  const routes = createRoutes(services, routeActors);
  if (hydrationData) {
    expectHydration();
    await loadMatchedScreens(routes);
  } else {
    // Rendered by the browser alone (no server HTML to keep): start once the actors are there.
    await actors;
  }
  const router = createAppRouter(services, routeActors, routes, hydrationData);
  bindRouteChanges(router, services.ui);
  bindDocumentHead(router, { initial: !hydrationData });
  void actors.then((loaded) => {
    bindNotificationRouteChanges(router, loaded.notification);
    bindConsentPageViews(router, loaded.consent);
  });

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element.');
  const app = (
    <StrictMode>
      <AppProviders services={services} actors={actors}>
        <RouterProvider router={router} />
        <HydrationDone />
      </AppProviders>
    </StrictMode>
  );
  // In a transition, hydration yields to the browser between components instead of running as one
  // long task after the page has painted (what Lighthouse counts as blocking time).
  if (hydrationData) startTransition(() => void hydrateRoot(container, app, { onRecoverableError: reportRecoverable }));
  else createRoot(container).render(app);
}

/**
 * React threw the server's HTML away (or part of it) and rendered it again: reported like React's
 * default does, and with what went wrong, which React's own message only carries as its cause.
 */
function reportRecoverable(error: unknown) {
  reportError(error);
  if (error instanceof Error && error.cause !== undefined) console.error('Hydration recovered from:', error.cause);
}

void start();
