import { useLoaderData } from 'react-router-dom';
import { CollectionCard } from '../../components/collection-card';
import type { createCollectionLoader } from './collection-loader';
import { CollectionPage, EmptyState, HomeLink, NO_ITEMS_TEXT } from './collection-page';
import styles from './collection-cards-screen.module.css';

/**
 * Promo-cards collection (catalogue-and-content.md section 2): few, large feature cards, two to a
 * row on desktop and one on phones, each the same card as the grids (price, discount, add to cart).
 */
export function CollectionCardsScreen() {
  const { collection } = useLoaderData<ReturnType<typeof createCollectionLoader>>();
  const items = collection?.collectionItems ?? [];
  return (
    <CollectionPage collection={collection}>
      {items.length > 0 ? (
        <ul className={styles.promos}>
          {items.map((item, index) => (
            <li key={item.productId} className={styles.promo}>
              <CollectionCard item={item} headingLevel={2} variant="promo" priority={index === 0} />
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState title={NO_ITEMS_TEXT}>
          <HomeLink />
        </EmptyState>
      )}
    </CollectionPage>
  );
}
