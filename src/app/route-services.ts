import type { RouteObject } from 'react-router-dom';
import type { AppServices } from './app-services';
import type { AppActors } from './providers';
import type { RouteHandle } from './route-handle';

/**
 * What route builders get. The API client and prices are optional so route-table tests can build
 * the table without a network.
 */
export type RouteServices = Pick<AppServices, 'pageContent'> & Partial<Pick<AppServices, 'api' | 'prices'>>;
export type RouteActors = Pick<AppActors, 'session'>;

const placeholder = async () => (await import('./placeholder-screen')).PlaceholderScreen;

/** A screen whose issue has not landed: shows its title (PlaceholderScreen, one shared chunk). */
export function placeholderRoute(path: string, title: string): RouteObject {
  const handle: RouteHandle = { title };
  return { path, handle, lazy: { Component: placeholder } };
}
