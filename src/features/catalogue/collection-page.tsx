import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { Breadcrumbs } from '../../components/breadcrumbs';
import { CollectionCard } from '../../components/collection-card';
import grid from '../../components/product-grid.module.css';
import styles from './collection-page.module.css';
import { collectionBanner, type Collection, type CollectionItem } from '../../domain/map-collection';

/** 'No items found' (catalogue-and-content.md section 8), the text of every empty collection. */
export const NO_ITEMS_TEXT = 'No items found';

/**
 * The frame of every collection layout: a hero with the collection's background image and its
 * title (and tagline) set as text over it (a plain dark hero with the title when there is no
 * image), breadcrumbs, then the layout's body. A collection that could not be loaded gets the
 * not-found state.
 */
export function CollectionPage({ collection, children }: { collection: Collection | null; children: ReactNode }) {
  if (!collection) return <CollectionNotFound />;
  const banner = collectionBanner(collection);
  return (
    <div className={styles.page}>
      {collection.imgUrl ? (
        // The banner is a picture only; its title and tagline are text over its clear left side.
        <header className={styles.banner}>
          <img className={styles.bannerImage} src={collection.imgUrl} alt={banner.imgAlt} width={1600} height={500} fetchPriority="high" />
          <div className={styles.bannerText}>
            <div className={styles.heroInner}>
              <h1 className={styles.heroTitle}>{collection.title}</h1>
              {banner.tagline ? <p className={styles.bannerLead}>{banner.tagline}</p> : null}
            </div>
          </div>
        </header>
      ) : (
        <header className={styles.hero}>
          <div className={styles.heroInner}>
            <h1 className={styles.heroTitle}>{collection.title}</h1>
          </div>
        </header>
      )}
      <div className={styles.crumbs}>
        <Breadcrumbs items={collection.breadcrumbs} />
      </div>
      <div className={styles.body}>{children}</div>
    </div>
  );
}

/** A collection that does not exist or failed to load: a clear page with a way back, never a crash. */
export function CollectionNotFound() {
  return (
    <div className={styles.notFoundPage}>
      <h1 className={styles.notFoundTitle}>{NO_ITEMS_TEXT}</h1>
      <p className={styles.notFoundText}>This collection is not available right now.</p>
      <Link className={styles.homeLink} to={paths.home}>
        Back to home
      </Link>
    </div>
  );
}

/** An empty list's message inside a loaded collection ('No items found' or 'Product not found'). */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className={grid.empty}>
      <p className={grid.emptyTitle}>{title}</p>
      {children}
    </div>
  );
}

/** The responsive product grid (1-2 columns on phones, 3-4 on desktop). */
export function CollectionGrid({ items, columns = 4 }: { items: readonly CollectionItem[]; columns?: 3 | 4 }) {
  return (
    <ul className={columns === 4 ? `${grid.grid} ${grid.four}` : grid.grid}>
      {items.map((item, index) => (
        <li key={item.productId} className={grid.cell}>
          <CollectionCard item={item} headingLevel={2} priority={index === 0} />
        </li>
      ))}
    </ul>
  );
}

export function HomeLink() {
  return (
    <Link className={styles.homeLink} to={paths.home}>
      Back to home
    </Link>
  );
}
