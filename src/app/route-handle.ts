/** What each route declares in its `handle` (read by the placeholder screen and document title). */
export interface RouteHandle {
  title: string;
}
