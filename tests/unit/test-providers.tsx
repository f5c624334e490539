import { useState, type ReactNode } from 'react';
import { createAppServices, type AppServices } from '../../src/services/app-services';
import { createAppActors } from '../../src/app/app-actors';
import { AppProviders, type AppActors } from '../../src/services/providers';
import { defaultRuntimeSettings } from '../../src/runtime-settings';

const notFound = async () => Response.json({ status: 404, title: 'Not Found', message: 'Not here' }, { status: 404 });

/** The app's real services and actors over a fake network, for screens rendered on their own. */
export function createTestApp(fetchImpl: typeof fetch = notFound as typeof fetch) {
  // An absolute base: openapi-fetch builds Request objects, which need an origin under jsdom.
  const services = createAppServices({ settings: { ...defaultRuntimeSettings, apiBaseUrl: 'http://shop.test/api' }, fetch: fetchImpl });
  const actors = createAppActors(services, { scrollToTop: () => {} });
  return { services, actors };
}

/** Wraps a screen in AppProviders; `override` replaces services or actors (e.g. a spied cart). */
export function TestProviders({
  children,
  fetch: fetchImpl,
  override,
}: {
  children: ReactNode;
  fetch?: typeof fetch;
  override?: (app: { services: AppServices; actors: AppActors }) => { services: AppServices; actors: AppActors };
}) {
  const [app] = useState(() => {
    const created = createTestApp(fetchImpl);
    return override ? override(created) : created;
  });
  return (
    <AppProviders services={app.services} actors={app.actors}>
      {children}
    </AppProviders>
  );
}
