import { useEffect } from 'react';
import { UNSAFE_ErrorResponseImpl as ErrorResponseImpl, isRouteErrorResponse, type HydrationState } from 'react-router-dom';

/**
 * The server's router state goes to the browser as a JSON script element, not an inline script,
 * so the Content-Security-Policy keeps "no inline script" (docs/decisions/022, 025). Route errors
 * (a thrown 404 Response, an Error) are not JSON: they travel as tagged objects and are rebuilt.
 */
export const HYDRATION_ELEMENT_ID = 'router-hydration';

type SerializedError =
  | { __type: 'RouteErrorResponse'; status: number; statusText: string; data: unknown; internal: boolean }
  | { __type: 'Error'; message: string };

export interface SerializedHydration {
  loaderData: Record<string, unknown>;
  actionData: Record<string, unknown> | null;
  errors: Record<string, SerializedError> | null;
}

export function serializeHydration(state: {
  loaderData: Record<string, unknown>;
  actionData: Record<string, unknown> | null;
  errors: Record<string, unknown> | null;
}): string {
  const errors = state.errors
    ? Object.fromEntries(
        Object.entries(state.errors).map(([id, error]): [string, SerializedError] => [
          id,
          isRouteErrorResponse(error)
            ? { __type: 'RouteErrorResponse', status: error.status, statusText: error.statusText, data: error.data, internal: (error as { internal?: boolean }).internal === true }
            : { __type: 'Error', message: error instanceof Error ? error.message : String(error) },
        ]),
      )
    : null;
  const payload: SerializedHydration = { loaderData: state.loaderData, actionData: state.actionData, errors };
  // Safe inside <script type="application/json">: no "</script>" or HTML comment can form.
  return JSON.stringify(payload).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** The server's router state from the page, or undefined when the page was not rendered there. */
export function readHydration(doc: Document | undefined = globalThis.document): HydrationState | undefined {
  const text = doc?.getElementById(HYDRATION_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  const payload = JSON.parse(text) as SerializedHydration;
  const errors = payload.errors
    ? Object.fromEntries(
        Object.entries(payload.errors).map(([id, error]) => [
          id,
          error.__type === 'RouteErrorResponse'
            ? new ErrorResponseImpl(error.status, error.statusText, error.data, error.internal)
            : new Error(error.message),
        ]),
      )
    : null;
  return { loaderData: payload.loaderData, actionData: payload.actionData, errors };
}

let markHydrated: () => void = () => undefined;
let hydrated: Promise<void> = Promise.resolve();

/** Called before hydrating the server's HTML: from now on `whenHydrated` waits for it. */
export function expectHydration(): void {
  hydrated = new Promise<void>((resolve) => {
    markHydrated = resolve;
  });
}

/**
 * Resolves once React has hydrated the server's HTML (the effect of `HydrationDone`, beside the
 * router, after the first commit); at once for a page the browser renders alone. The loaders of
 * browser-only routes wait for it: one that finished before the hydration render would make the
 * browser's first render differ from the server's loading state.
 */
export function whenHydrated(): Promise<void> {
  return hydrated;
}

/** Marks the `<template>` an ActorBoundary renders; set to 'live' once that part has hydrated. */
export const ACTOR_BOUNDARY_ATTRIBUTE = 'data-actor-boundary';

/** Whether the root has hydrated; the actor boundaries may still be waiting. */
let rootHydrated = false;

/**
 * `html[data-hydrated]`, for whoever waits on the page from outside (the end-to-end tests): React
 * is in charge of all of it, the root and every part that waited for the actors.
 */
function markInteractiveWhenDone(rootDone: boolean) {
  if (rootDone) rootHydrated = true;
  if (rootHydrated && !document.querySelector(`template[${ACTOR_BOUNDARY_ATTRIBUTE}]:not([${ACTOR_BOUNDARY_ATTRIBUTE}="live"])`)) {
    document.documentElement.dataset.hydrated = 'true';
  }
}

/** An ActorBoundary's part has hydrated (or rendered). */
export function markBoundaryLive(marker: HTMLTemplateElement) {
  marker.setAttribute(ACTOR_BOUNDARY_ATTRIBUTE, 'live');
  markInteractiveWhenDone(false);
}

/**
 * Rendered beside the router by the browser and by the server alike (useId's ids depend on the
 * shape of the tree, so both must have it); its effect runs only in the browser.
 */
export function HydrationDone() {
  useEffect(() => {
    markHydrated();
    markInteractiveWhenDone(true);
  }, []);
  return null;
}
