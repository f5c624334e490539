/** What each route declares in its `handle` (read by the placeholder screen and document title). */
export interface RouteHandle {
  title: string;
  /**
   * Which head builder of src/app/route-head.ts reads the route's loader data for the title,
   * description, preview image and JSON-LD. Only the name lives here: this file is in the
   * first-load bundle, the builders are not. Without one, the page gets its title and the
   * site's description.
   */
  head?: HeadKind;
  /**
   * The route needs the browser's session (router.tsx `browserOnly`): the server renders its
   * loading state and leaves its loader to the browser.
   */
  browserOnly?: boolean;
  /**
   * The query parameters the route's loader or screen reads when the server renders it: names, or
   * prefixes ending in `*` (`filter.*`). The server renders a page with these alone, so any other
   * parameter (`utm_source`, a cache-buster) neither renders it again nor keeps another copy of its
   * HTML (src/app/page-address.ts, decision 074). A parameter read only in the browser needs no entry.
   */
  query?: readonly string[];
}

export type HeadKind =
  | 'home'
  | 'product'
  | 'collection'
  | 'search'
  | 'about-us'
  | 'contact-us'
  | 'copy'
  | 'faq'
  | 'patents'
  | 'support'
  | 'warranty'
  | 'resources'
  | 'reviews'
  | 'media-library'
  | 'limited-edition'
  | 'dealer-locator'
  | 'dealer-registration'
  | 'product-registration'
  | 'builder'
  /** Personal or transactional pages (checkout, confirmation, account, sign-in): never indexed. */
  | 'private'
  | 'not-found';
