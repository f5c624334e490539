import './zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { createAppServices } from './app/app-services';
import { loadInspector } from './app/inspector';
import { AppProviders, createAppActors } from './app/providers';
import { bindRouteChanges } from './app/route-changes';
import { bindConsentPageViews } from './features/consent/consent-page-views';
import { paths } from './app/paths';
import { createAppRouter } from './app/router';
import { readRuntimeSettings } from './runtime-settings';
import './styles/tokens.css';
import './styles/global.css';

/**
 * Start-up: settings from the page (docs/decisions/001), then the services and actors that live
 * for the whole page load, then the router (whose root loader starts the navigation and footer
 * requests right away), then React.
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
  const actors = createAppActors(services, { inspect });
  const router = createAppRouter(services, actors);
  bindRouteChanges(router, services.ui);
  bindConsentPageViews(router, actors.consent);

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element.');
  createRoot(container).render(
    <StrictMode>
      <AppProviders services={services} actors={actors}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

void start();
