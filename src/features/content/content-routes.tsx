import type { RouteObject } from 'react-router-dom';
import { paths } from '../../config/paths';
import type { RouteHandle } from '../../config/route-handle';
import type { RouteServices } from '../../services/route-services';
import { createContentLoaders } from './content-loaders';

/** Routes of this area (catalogue-and-content.md section 2), added to the table by src/app/router.tsx. */
export function createContentRoutes(services: RouteServices): RouteObject[] {
  const loaders = createContentLoaders(services.pageContent);
  // Terms of service and /copy/{copyId} share one screen (both are rich-text copy pages).
  const copyScreen = async () => (await import('./copy-screen')).CopyScreen;
  return [
    {
      path: paths.aboutUs,
      handle: { title: 'About us', head: 'about-us' } satisfies RouteHandle,
      loader: loaders.aboutUs,
      lazy: { Component: async () => (await import('./about-us-screen')).AboutUsScreen },
    },
    {
      path: paths.contactUs,
      handle: { title: 'Contact us', head: 'contact-us' } satisfies RouteHandle,
      loader: loaders.contactUs,
      lazy: { Component: async () => (await import('./contact-us-screen')).ContactUsScreen },
    },
    {
      path: paths.copy,
      handle: { title: 'Terms and privacy', head: 'copy' } satisfies RouteHandle,
      loader: loaders.copy,
      lazy: { Component: copyScreen },
    },
    {
      path: paths.termsOfService,
      handle: { title: 'Terms of service', head: 'copy' } satisfies RouteHandle,
      loader: loaders.terms,
      lazy: { Component: copyScreen },
    },
    {
      path: paths.faq,
      handle: { title: 'FAQ', head: 'faq' } satisfies RouteHandle,
      loader: loaders.faq,
      lazy: { Component: async () => (await import('./faq-screen')).FaqScreen },
    },
    {
      path: paths.patents,
      handle: { title: 'Patents', head: 'patents' } satisfies RouteHandle,
      loader: loaders.patents,
      lazy: { Component: async () => (await import('./patents-screen')).PatentsScreen },
    },
  ];
}
