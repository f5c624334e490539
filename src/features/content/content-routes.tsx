import type { RouteObject } from 'react-router-dom';
import { paths } from '../../app/paths';
import { placeholderRoute, type RouteServices } from '../../app/route-services';

/** Routes of this area (catalogue-and-content.md section 2), added to the table by src/app/router.tsx. */
export function createContentRoutes(_services: RouteServices): RouteObject[] {
  return [
    placeholderRoute(paths.aboutUs, 'About us'),
    placeholderRoute(paths.contactUs, 'Contact us'),
    placeholderRoute(paths.copy, 'Terms and privacy'),
    placeholderRoute(paths.termsOfService, 'Terms of service'),
    placeholderRoute(paths.faq, 'FAQ'),
    placeholderRoute(paths.patents, 'Patents'),
  ];
}
