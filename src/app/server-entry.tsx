import { AsyncLocalStorage } from 'node:async_hooks';
import { Transform, type Readable } from 'node:stream';
import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type RouteObject, type StaticHandlerContext } from 'react-router-dom';
import { createActor } from 'xstate';
import { cartMachine } from '../../machines/cart/cart.machine';
import { consentMachine } from '../../machines/consent/consent.machine';
import { notificationMachine } from '../../machines/notification/notification.machine';
import { sessionMachine } from '../../machines/session/session.machine';
import type { SessionClient } from '../../machines/session/session.types';
import type { RuntimeSettings } from '../runtime-settings';
import { createAppServices, type AppServices } from '../services/app-services';
import { headHtml } from './document-head';
import { HYDRATION_ELEMENT_ID, HydrationDone, serializeHydration } from '../services/hydration';
import { AppProviders, type AppActors } from '../services/providers';
import { loadActorHooks } from '../services/actor-selector';
import type { RouteHandle } from '../config/route-handle';
import { headForRoute } from './route-head';
import type { RouteActors } from '../services/route-services';
import { createRoutes } from './router';
import { loadLazyRoute } from './load-lazy-route';
import { pageAddress } from './page-address';

/**
 * Server rendering (issue 16, docs/decisions/025): the same route table and loaders as the
 * browser, run by React Router's static handler, rendered by React 19's streaming renderer into
 * the built index.html. Built by Vite as its own server bundle (`vite build --ssr`) and loaded by
 * the Fastify server (server/src/ssr.ts), which hands it an in-process fetch for the API.
 *
 * Nothing of a machine runs here: the actors the views read are created and never started, so
 * they show their initial state (signed out, empty cart). Browser-only routes (checkout, account,
 * confirmation, sign-in callback) render their loading state; their loaders run in the browser.
 */

export interface RenderRequest {
  /** PUBLIC_URL's origin: every absolute address the page writes is on it (decision 074). */
  origin: string;
  /**
   * The request's path and query, as asked; checked by the server to name a path on `origin`
   * (server/src/ssr.ts pageTarget), never joined to a host the request names.
   */
  target: string;
  method: string;
  headers: Headers;
  /** Reaches the shop API in-process (Fastify's inject), never over the network. */
  fetch: typeof fetch;
  settings: RuntimeSettings;
  /** Origin a relative API base (the default '/api') is resolved against on the server. */
  apiOrigin: string;
  /** The built index.html with the runtime-settings placeholder already filled. */
  template: string;
  /**
   * Stylesheet and module-preload links of the browser build's files for the given screen
   * modules (source paths); absent in development, where Vite injects styles itself.
   */
  screenAssets?: (screens: readonly string[]) => string;
}

export type RenderResult =
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page';
      /** The status the route's data gives (404 for an unknown product, 5xx for a failed loader). */
      status: number;
      /**
       * What the page's HTML is made from besides the renderer and the template: the URL and the
       * router's serialized state (every loader's data and error). The same key renders the same
       * HTML, so the server may keep the HTML it made for it (server/src/ssr.ts).
       */
      key: string;
      /** React's rendering of the page; status turns 500 when rendering fails. */
      html(): Promise<{ status: number; body: Readable }>;
    };

/** The identity client is the browser's; on the server nobody is signed in. */
const noIdentity: SessionClient = {
  getUser: async () => null,
  signinRedirect: () => Promise.reject(new Error('Sign-in runs in the browser.')),
  signinCallback: () => Promise.reject(new Error('Sign-in runs in the browser.')),
  signinSilent: () => Promise.reject(new Error('Sign-in runs in the browser.')),
  signoutRedirect: () => Promise.reject(new Error('Sign-out runs in the browser.')),
  removeUser: async () => undefined,
  subscribe: () => () => undefined,
  getAccessToken: () => undefined,
};

/** Actors in their initial state, never started: what a first visit looks like before any script. */
function idleActors(path: string): AppActors {
  return {
    notification: createActor(notificationMachine),
    session: createActor(sessionMachine),
    cart: createActor(cartMachine, { input: { guestToken: null } }),
    consent: createActor(consentMachine, { input: { stored: null, path } }),
  };
}

/**
 * The screen modules a route loads: each lazy screen import of a route file reports its source
 * path here in the server bundle (vite.config.ts `reportScreensToRenderer`).
 */
const screensLoading = new AsyncLocalStorage<Set<string>>();
(globalThis as { __ssrScreen?: (source: string) => void }).__ssrScreen = (source) => {
  screensLoading.getStore()?.add(source);
};

function isBrowserOnly(handle: unknown): boolean {
  return (handle as RouteHandle | undefined)?.browserOnly === true;
}

const ROOT_MARKER = '<div id="root"></div>';

/** What one page request's loaders reach: its API client, page content and prices. */
const requestServices = new AsyncLocalStorage<AppServices>();

/** An object whose members are those of the current request's (route loaders keep the object). */
function ofRequest<T extends object>(pick: (services: AppServices) => T): T {
  return new Proxy({} as T, {
    get(_target, key) {
      const services = requestServices.getStore();
      if (!services) throw new Error('A route loader ran outside a page request.');
      const target = pick(services);
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

interface RouteTable {
  handler: ReturnType<typeof createStaticHandler>;
  /** The screen modules of each route id (their built files are linked in the page's head). */
  screens: Map<string, readonly string[]>;
}

/**
 * The route table, made once per process (decision 060): flattening and ranking the routes and
 * loading each lazy screen were a third of a page request's time when made per request. Loaders
 * reach the request's services through `requestServices`; every lazy route property is loaded
 * here, once, noting which screen modules it imports, so a request knows its screens from its
 * matches. Browser-only loaders never run on the server, so the session is never asked for.
 */
let routeTable: Promise<RouteTable> | undefined;

function sharedRouteTable(): Promise<RouteTable> {
  routeTable ??= (async () => {
    const services = {
      pageContent: ofRequest((s) => s.pageContent),
      prices: ofRequest((s) => s.prices),
      api: ofRequest((s) => s.api),
    };
    const actors: RouteActors = {
      session: () => Promise.reject(new Error('The session runs in the browser.')),
    };
    const routes = createRoutes(services, actors);
    const screens = new Map<string, readonly string[]>();
    // The screens' modules, and @xstate/react, which views read the actors with: loaded once per
    // process, so rendering never suspends on them (src/services/actor-selector.ts).
    await Promise.all([loadLazyRoutes(routes, [], screens), loadActorHooks()]);
    return { handler: createStaticHandler(routes), screens };
  })();
  routeTable.catch(() => {
    routeTable = undefined;
  });
  return routeTable;
}

/** Replaces each route's `lazy` by what it loads, noting its screens under React Router's route id. */
async function loadLazyRoutes(routes: RouteObject[], parentPath: number[], screens: Map<string, readonly string[]>): Promise<void> {
  await Promise.all(
    routes.map(async (route, index) => {
      const treePath = [...parentPath, index];
      const id = route.id ?? treePath.join('-'); // as React Router's convertRoutesToDataRoutes names it
      if (route.lazy) {
        const loaded = new Set<string>();
        await screensLoading.run(loaded, () => loadLazyRoute(route));
        screens.set(id, [...loaded]);
      }
      if (route.children) await loadLazyRoutes(route.children, treePath, screens);
    }),
  );
}

export async function render(request: RenderRequest): Promise<RenderResult> {
  const { handler, screens: screensOf } = await sharedRouteTable();
  // One address per page, rendered with the query parameters it reads (src/app/page-address.ts).
  const address = pageAddress(handler.dataRoutes, request.origin, request.target);
  if (address.kind === 'redirect') return { kind: 'redirect', status: 301, location: address.location };
  const { url } = address;
  const services = createAppServices({ settings: request.settings, fetch: request.fetch, identity: noIdentity, apiOrigin: request.apiOrigin });
  const fetchRequest = new Request(url, { method: request.method === 'HEAD' ? 'GET' : request.method, headers: request.headers });
  const context = await requestServices.run(services, () =>
    handler.query(fetchRequest, { filterMatchesToLoad: (match) => !isBrowserOnly(match.route.handle) }),
  );
  if (context instanceof Response) {
    return { kind: 'redirect', status: context.status, location: withAskedQuery(context.headers.get('location') ?? '/', url, address.search) };
  }
  const screens = context.matches.flatMap((match) => screensOf.get(match.route.id) ?? []);

  const hydration = serializeHydration(context);
  return {
    kind: 'page',
    status: context.statusCode,
    key: `${url.href}\n${hydration}`,
    html: () => renderHtml(handler.dataRoutes, context, services, idleActors(url.pathname), splitTemplate(request.template, context, url, hydration, request.screenAssets?.(screens) ?? '')),
  };
}

/**
 * A loader's redirect that keeps the page's query (the product page moving to its own layout,
 * decision 042) keeps the whole query as asked, the parameters the page does not read included.
 */
function withAskedQuery(location: string, url: URL, askedSearch: string): string {
  if (!location.startsWith('/') || location.startsWith('//') || askedSearch === url.search) return location;
  const target = new URL(location, url.origin);
  return target.search === url.search ? `${target.pathname}${askedSearch}${target.hash}` : location;
}

function renderHtml(
  routes: Parameters<typeof createStaticRouter>[0],
  context: StaticHandlerContext,
  services: AppServices,
  actors: AppActors,
  [before, after]: [string, string],
): Promise<{ status: number; body: Readable }> {
  const router = createStaticRouter(routes, context);
  const app = (
    <StrictMode>
      <AppProviders services={services} actors={actors}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
        <HydrationDone />
      </AppProviders>
    </StrictMode>
  );
  // The document's start, React's stream, then the rest of the document.
  const body = new Transform({
    transform: (chunk, _encoding, done) => done(null, chunk),
    flush: (done) => done(null, after),
  });

  return new Promise((resolve, reject) => {
    let status = context.statusCode;
    // Everything is awaited before the first byte: loaders have already answered, and a page
    // sent whole needs none of React's inline scripts for late Suspense boundaries (CSP).
    const stream = renderToPipeableStream(app, {
      // React outlines a large Suspense boundary (over 12.8 kB by default) behind an inline
      // completion script even when it is ready; a page sent whole keeps every boundary in place
      // (the product page's lazy sections below the buy box, decision 042).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        body.write(before);
        stream.pipe(body);
        resolve({ status, body });
      },
      onShellError(error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      },
      onError(error) {
        status = 500;
        console.error('Server rendering failed:', error);
      },
    });
  });
}

/** The template around #root: head tags and the router's state for hydration filled in. */
function splitTemplate(template: string, context: StaticHandlerContext, url: URL, hydration: string, assets: string): [string, string] {
  const at = template.indexOf(ROOT_MARKER);
  if (at < 0) throw new Error(`index.html has no ${ROOT_MARKER}.`);
  const head = headForRoute(
    context.matches.map((match) => ({
      id: match.route.id,
      pathname: match.pathname,
      handle: match.route.handle,
      data: context.loaderData[match.route.id],
    })),
    url,
  );
  const document = template
    .replace(/<title>[^<]*<\/title>\s*/, '')
    .replace(/<meta name="description"[^>]*>\s*/, '')
    .replace('</head>', `${assets}${headHtml(head, url.origin)}\n  </head>`);
  const split = document.indexOf(ROOT_MARKER);
  const state = `<script type="application/json" id="${HYDRATION_ELEMENT_ID}">${hydration}</script>`;
  return [document.slice(0, split) + '<div id="root">', '</div>' + state + document.slice(split + ROOT_MARKER.length)];
}
