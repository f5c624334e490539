import { useLoaderData } from 'react-router-dom';
import type { createCollectionLoader } from './collection-loader';
import { CollectionGrid, CollectionPage, EmptyState, HomeLink, NO_ITEMS_TEXT } from './collection-page';

/** Simple grid collection (catalogue-and-content.md section 2); empty: 'No items found' (section 8). */
export function CollectionSimpleScreen() {
  const { collection } = useLoaderData<ReturnType<typeof createCollectionLoader>>();
  const items = collection?.collectionItems ?? [];
  return (
    <CollectionPage collection={collection}>
      {items.length > 0 ? (
        <CollectionGrid items={items} />
      ) : (
        <EmptyState title={NO_ITEMS_TEXT}>
          <HomeLink />
        </EmptyState>
      )}
    </CollectionPage>
  );
}
