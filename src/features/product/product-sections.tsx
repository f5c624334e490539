import { useId } from 'react';
import { Button, Disclosure, DisclosureGroup, DisclosurePanel, Heading } from 'react-aria-components';
import { ChevronIcon } from '../../components/icons';
import { CollectionCard } from '../../components/collection-card';
import type { CollectionItem } from '../../domain/map-collection';
import type { ProductImage, ProductPage, PromoVideos as Promo } from './map-product';
import cardGrid from '../../components/card-grid.module.css';
import styles from './product.module.css';

/** Promo videos (section 3): a title with an accent part, and video cards with a poster image. */
export function PromoVideos({ promo }: { promo: Promo | null }) {
  const headingId = useId();
  if (!promo) return null;
  return (
    <section aria-labelledby={headingId} className={styles.promo}>
      <div className={styles.inner}>
        <h2 id={headingId} className={styles.promoHeading}>
          {promo.title} {promo.accentTitle ? <span className={styles.accent}>{promo.accentTitle}</span> : null}
        </h2>
        <ul className={styles.videoList}>
          {promo.videos.map((video) => (
            <li key={video.id}>
              <figure className={styles.video}>
                {/* Preload nothing: the poster shows until the shopper plays it. */}
                <video controls preload="none" poster={video.image.url} aria-label={video.image.alt} className={styles.videoPlayer}>
                  <source src={video.videoUrl} />
                </video>
                <figcaption>{video.image.alt}</figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/**
 * Image library (section 3, "imageLibrary (label, url)"): one link per image, named by its label,
 * opening the full-size file, on all three layouts (decision 042).
 */
export function ImageLibrary({ images }: { images: readonly ProductImage[] }) {
  const headingId = useId();
  if (images.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className={styles.section}>
      <h2 id={headingId} className={styles.sectionHeading}>
        Image Library
      </h2>
      <ul className={styles.library}>
        {images.map((image, index) => (
          <li key={`${image.url}-${index}`}>
            <a href={image.url} className={styles.libraryItem}>
              <img src={image.url} alt="" loading="lazy" width={300} height={200} />
              <span className={styles.libraryLabel}>{image.alt}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** More-details accordion (section 4: on product pages one opens at a time). */
export function MoreDetails({ items }: { items: ProductPage['moreDetails'] }) {
  const headingId = useId();
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className={styles.section}>
      <h2 id={headingId} className={styles.sectionHeading}>
        More Details
      </h2>
      <DisclosureGroup className={styles.accordion}>
        {items.map((item) => (
          <Disclosure key={item.id} id={item.id} className={styles.disclosure}>
            <Heading level={3} className={styles.disclosureHeading}>
              <Button slot="trigger" className={styles.disclosureTrigger}>
                <span>{item.title}</span>
                <ChevronIcon direction="right" className={styles.disclosureChevron} aria-hidden="true" />
              </Button>
            </Heading>
            <DisclosurePanel className={styles.disclosurePanel}>
              <p>{item.details}</p>
            </DisclosurePanel>
          </Disclosure>
        ))}
      </DisclosureGroup>
    </section>
  );
}

/** Related products, shown as the collection cards. */
export function RelatedProducts({ items }: { items: readonly CollectionItem[] }) {
  const headingId = useId();
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className={styles.section}>
      <h2 id={headingId} className={styles.sectionHeading}>
        Related Products
      </h2>
      <ul className={cardGrid.grid}>
        {items.map((item) => (
          <li key={item.productId}>
            <CollectionCard item={item} headingLevel={3} />
          </li>
        ))}
      </ul>
    </section>
  );
}
