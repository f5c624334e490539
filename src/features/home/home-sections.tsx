import { Link } from 'react-router-dom';
import { CollectionCard } from '../../components/collection-card';
import { ImageLinkRibbon } from './image-link-ribbon';
import styles from './home-sections.module.css';
import type { HomeContent } from './map-home';

/**
 * Home below the carousel: the featured products and the "why buy here" strip (decision 043),
 * then the ribbon of image links. Loaded as its own chunk (home-screen.tsx): the server renders
 * it whole, and the browser hydrates it once its script arrives.
 */
export default function HomeSections({ featured, reasons, ribbon }: { featured: HomeContent['featured']; reasons: HomeContent['reasons']; ribbon: HomeContent['homeImageLinkRibbonList'] }) {
  return (
    <>
      <FeaturedProducts {...featured} />
      <HomeReasons {...reasons} />
      <ImageLinkRibbon items={ribbon} />
    </>
  );
}

/**
 * Products chosen in content, on the collection grid's own card, so price, '(N% off)', the struck
 * original price and add-to-cart read the same as in a collection.
 */
function FeaturedProducts({ heading, items }: HomeContent['featured']) {
  if (items.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="home-featured-title">
      <h2 id="home-featured-title" className={styles.heading}>
        {heading}
      </h2>
      <ul className={styles.grid}>
        {items.map((item) => (
          <li key={item.productId}>
            <CollectionCard item={item} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A few short reasons to buy here, each with a link to the page that says more. */
function HomeReasons({ heading, items }: HomeContent['reasons']) {
  if (items.length === 0) return null;
  return (
    <section className={styles.reasons} aria-labelledby="home-reasons-title">
      <div className={styles.section}>
        <h2 id="home-reasons-title" className={styles.heading}>
          {heading}
        </h2>
        <ul className={styles.reasonList}>
          {items.map((item) => (
            <li key={item.url + item.title} className={styles.reason}>
              <h3 className={styles.reasonTitle}>{item.title}</h3>
              {item.text ? <p className={styles.reasonText}>{item.text}</p> : null}
              <Link className={styles.reasonLink} to={item.url}>
                {item.linkLabel}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
