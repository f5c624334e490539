import { lazy, Suspense } from 'react';
import { useLoaderData } from 'react-router-dom';
import { HomeCarousel } from './home-carousel';
import { loadHomeSections } from './home-routes';
import type { createHomeLoader } from './home-loader';

/**
 * Below the fold, in its own chunk (decision 043): the cards' script (card, cart line, price
 * display), the strip and the ribbon are not needed to render and hydrate the top of the page.
 * The server renders them whole and links the chunk (home-routes.ts); the browser keeps that
 * markup and hydrates it once the chunk has run. The loader fetches it on a client-side visit.
 */
const HomeSections = lazy(loadHomeSections);

/**
 * Home (catalogue-and-content.md section 2): the carousel of image links, whose slides carry
 * their headline and call to action as text; the featured products and the "why buy here" strip
 * (decision 043); the ribbon of image links.
 */
export function HomeScreen() {
  const { homeCarouselCardList, homeImageLinkRibbonList, featured, reasons } = useLoaderData<ReturnType<typeof createHomeLoader>>();
  return (
    <>
      <h1 className="visually-hidden">Ridgeline Arms</h1>
      <HomeCarousel cards={homeCarouselCardList} />
      <Suspense fallback={null}>
        <HomeSections featured={featured} reasons={reasons} ribbon={homeImageLinkRibbonList} />
      </Suspense>
    </>
  );
}
