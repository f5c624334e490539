import { useLoaderData } from 'react-router-dom';
import { HomeCarousel } from './home-carousel';
import { ImageLinkRibbon } from './image-link-ribbon';
import type { HomeContent } from './map-home';

/** Home (catalogue-and-content.md section 2): a carousel of image links and a ribbon of image links. */
export function HomeScreen() {
  const { homeCarouselCardList, homeImageLinkRibbonList } = useLoaderData() as HomeContent;
  return (
    <>
      <h1 className="visually-hidden">Ridgeline Arms</h1>
      <HomeCarousel cards={homeCarouselCardList} />
      <ImageLinkRibbon items={homeImageLinkRibbonList} />
    </>
  );
}
