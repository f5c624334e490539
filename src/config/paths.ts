/**
 * Route paths of shop-core.md and catalogue-and-content.md section 2, as named constants.
 * The route table (router.tsx) and every link builder read these, so a path is spelled once.
 * Plain TypeScript (no router import) so domain code and machines' inputs can build URLs too.
 */

export const productDisplayTypes = ['product-short', 'product-short-alt', 'product-long'] as const;
export type ProductDisplayType = (typeof productDisplayTypes)[number];

export const collectionDisplayTypes = [
  'collection-cards',
  'collection-filterable-grid',
  'collection-simple-grid',
  'collection-tabbed-grid',
] as const;
export type CollectionDisplayType = (typeof collectionDisplayTypes)[number];

/** Any `display_type` a catalogue link may carry (products and collections share /product/...). */
export type DisplayType = ProductDisplayType | CollectionDisplayType;

export const checkoutSteps = ['billing', 'payment'] as const;
export type CheckoutStepId = (typeof checkoutSteps)[number];

export const paths = {
  home: '/',
  checkout: '/checkout',
  confirm: '/confirm/:orderId',
  limitedEdition: '/limited-edition',
  aboutUs: '/about-us',
  contactUs: '/contact-us',
  mediaLibrary: '/media-library',
  support: '/support',
  warranty: '/warranty',
  register: '/register',
  productRegistration: '/registration',
  faq: '/faq',
  reviews: '/reviews',
  resources: '/resources',
  dealerLocator: '/dealer-locator',
  dealerRegistration: '/dealer-registration',
  copy: '/copy/:copyId',
  termsOfService: '/terms-of-service',
  patents: '/patents',
  search: '/search/:query',
  newsletterVerify: '/Newsletter/verify/:token',
  productShort: '/product/product-short/:documentId',
  productShortAlt: '/product/product-short-alt/:documentId',
  productLong: '/product/product-long/:documentId',
  collectionCards: '/product/collection-cards/:documentId',
  collectionFilterableGrid: '/product/collection-filterable-grid/:documentId',
  collectionSimpleGrid: '/product/collection-simple-grid/:documentId',
  collectionTabbedGrid: '/product/collection-tabbed-grid/:documentId',
  builder3d: '/3dbuilder',
  profile: '/profile',
  profileDetails: '/profile/details',
  profileNewsletter: '/profile/newsletter',
  profileAddressBook: '/profile/address-book',
  profileAddress: '/profile/address-book/:id',
  profileOrders: '/profile/orders',
  profileOrder: '/profile/orders/:id',
  profileAccountInformation: '/profile/account-information',
  profileMyReviews: '/profile/my-reviews',
  /** Identity-provider redirect URIs (registered with the provider; not in the spec's table). */
  authCallback: '/auth/callback',
  authSilentRenew: '/auth/silent-renew',
  /** The redirect page of catalogue-and-content.md section 2: sends the visitor home. */
  redirect: '/redirect',
} as const;

export type PathName = keyof typeof paths;

/** Id used by the address edit route for a new address (shop-core.md section 2). */
export const newAddressId = 'new';

const seg = (value: string | number) => encodeURIComponent(String(value));

/** Product and collection URL from its content `display_type` and `documentId`. */
export function productUrl(displayType: DisplayType, documentId: string): string {
  return `/product/${displayType}/${seg(documentId)}`;
}

export function checkoutUrl(stepId: CheckoutStepId = 'billing'): string {
  return `${paths.checkout}?stepId=${stepId}`;
}

export function confirmUrl(orderId: string | number): string {
  return `/confirm/${seg(orderId)}`;
}

export function copyUrl(copyId: string): string {
  return `/copy/${seg(copyId)}`;
}

export function searchUrl(query: string): string {
  return `/search/${seg(query)}`;
}

export function newsletterVerifyUrl(token: string): string {
  return `/Newsletter/verify/${seg(token)}`;
}

export function profileAddressUrl(id: string | number = newAddressId): string {
  return `${paths.profileAddressBook}/${seg(id)}`;
}

export function profileOrderUrl(id: string | number): string {
  return `${paths.profileOrders}/${seg(id)}`;
}

/**
 * Child path of a /profile/... constant, for nesting under the profile parent route
 * ('/profile/orders/:id' -> 'orders/:id').
 */
export function profileChildPath(path: string): string {
  return path.slice(paths.profile.length + 1);
}
