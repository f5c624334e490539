import { redirect, type RouteObject } from 'react-router-dom';
import { paths, profileChildPath } from '../../config/paths';
import type { RouteHandle } from '../../config/route-handle';
import { withSession, type RouteActors, type RouteServices } from '../../services/route-services';
import {
  createAddressLoader,
  createMyReviewsLoader,
  createNewsletterStatusLoader,
  createOrderLoader,
  createOrdersLoader,
  createProfileLoader,
} from './account-loaders';

/**
 * The account area's screens (shop-core.md section 2), children of the guarded /profile route in
 * src/app/router.tsx. A pathless layout route gives them the account navigation; the overview is
 * its index. Screens are code-split; the loaders wait for the session's profile.
 */
export function createAccountRoutes(services: RouteServices, actors: RouteActors): RouteObject[] {
  const { api } = services;
  const child = (path: string) => profileChildPath(path);
  return [
    {
      lazy: { Component: async () => (await import('./account-layout')).AccountLayout },
      children: [
        {
          index: true,
          handle: { title: 'My Account', head: 'private' } satisfies RouteHandle,
          loader: withSession(actors, (session) => createNewsletterStatusLoader(api, session)),
          lazy: { Component: async () => (await import('./account-overview-screen')).AccountOverviewScreen },
        },
        {
          path: child(paths.profileDetails),
          handle: { title: 'Edit personal details', head: 'private' } satisfies RouteHandle,
          loader: withSession(actors, createProfileLoader),
          lazy: { Component: async () => (await import('./details-screen')).DetailsScreen },
        },
        {
          path: child(paths.profileNewsletter),
          handle: { title: 'Newsletter preference', head: 'private' } satisfies RouteHandle,
          loader: withSession(actors, (session) => createNewsletterStatusLoader(api, session)),
          lazy: { Component: async () => (await import('./newsletter-screen')).NewsletterScreen },
        },
        {
          path: child(paths.profileAddressBook),
          handle: { title: 'Address book', head: 'private' } satisfies RouteHandle,
          loader: withSession(actors, createProfileLoader),
          lazy: { Component: async () => (await import('./address-book-screen')).AddressBookScreen },
        },
        {
          path: child(paths.profileAddress),
          handle: { title: 'Edit address', head: 'private' } satisfies RouteHandle,
          loader: withSession(actors, createAddressLoader),
          lazy: { Component: async () => (await import('./address-form-screen')).AddressFormScreen },
        },
        {
          path: child(paths.profileOrders),
          handle: { title: 'My orders', head: 'private' } satisfies RouteHandle,
          loader: withSession(actors, (session) => createOrdersLoader(api, session)),
          lazy: { Component: async () => (await import('./orders-screen')).OrdersScreen },
        },
        {
          path: child(paths.profileOrder),
          handle: { title: 'Order details', head: 'private' } satisfies RouteHandle,
          loader: withSession(actors, (session) => createOrderLoader(api, session)),
          lazy: { Component: async () => (await import('./order-screen')).OrderScreen },
        },
        {
          path: child(paths.profileAccountInformation),
          handle: { title: 'Account information', head: 'private' } satisfies RouteHandle,
          loader: withSession(actors, createProfileLoader),
          lazy: { Component: async () => (await import('./account-information-screen')).AccountInformationScreen },
        },
        {
          path: child(paths.profileMyReviews),
          handle: { title: 'My reviews', head: 'private' } satisfies RouteHandle,
          loader: withSession(actors, (session) => createMyReviewsLoader(api, session)),
          lazy: { Component: async () => (await import('./my-reviews-screen')).MyReviewsScreen },
        },
      ],
    },
  ];
}

/**
 * /Newsletter/verify/{token} (shop-core.md sections 2 and 8): the screen verifies through its
 * machine and goes home. A token that cannot be one (the contract's pattern) goes home at once.
 */
export function createNewsletterVerifyRoute(_services: RouteServices): RouteObject {
  return {
    path: paths.newsletterVerify,
    handle: { title: 'Email verification', head: 'private' } satisfies RouteHandle,
    loader: ({ params }) => (params.token ? null : redirect(paths.home)),
    lazy: { Component: async () => (await import('./newsletter-verify-screen')).NewsletterVerifyScreen },
  };
}
