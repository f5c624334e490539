import { useMemo } from 'react';
import { Tab, TabList, TabPanel, Tabs, type Key } from 'react-aria-components';
import { useLoaderData, useSearchParams } from 'react-router-dom';
import { activeTab, ALL_TAB, collectionTabs, itemsOfTab } from '../../domain/collection-filters';
import type { createCollectionLoader } from './collection-loader';
import { CollectionGrid, CollectionPage, EmptyState, HomeLink, NO_ITEMS_TEXT } from './collection-page';
import styles from './collection-tabbed-screen.module.css';

/** The URL query parameter holding the active tab (section 4). */
export const ACTIVE_FILTER_PARAM = 'activeFilter';

/**
 * Tabbed collection (catalogue-and-content.md sections 2 and 4): tabs by tag, 'all' by default;
 * the active tab lives in the URL (activeFilter), so reloads and shared links keep it. An unknown
 * value shows 'all'.
 */
export function CollectionTabbedScreen() {
  const { collection } = useLoaderData<ReturnType<typeof createCollectionLoader>>();
  const [searchParams, setSearchParams] = useSearchParams();
  const items = useMemo(() => collection?.collectionItems ?? [], [collection]);
  const tabs = useMemo(() => collectionTabs(items), [items]);
  const selected = activeTab(searchParams.get(ACTIVE_FILTER_PARAM), tabs);

  const select = (key: Key) => {
    const next = new URLSearchParams(searchParams);
    next.set(ACTIVE_FILTER_PARAM, String(key));
    setSearchParams(next, { preventScrollReset: true });
  };

  return (
    <CollectionPage collection={collection}>
      {items.length === 0 ? (
        <EmptyState title={NO_ITEMS_TEXT}>
          <HomeLink />
        </EmptyState>
      ) : (
        <Tabs selectedKey={selected} onSelectionChange={select} className={styles.tabs}>
          <TabList aria-label={`${collection?.title ?? 'Collection'} categories`} className={styles.tabList}>
            {tabs.map((tab) => (
              <Tab key={tab} id={tab} className={styles.tab}>
                {tab === ALL_TAB ? 'All' : tab}
              </Tab>
            ))}
          </TabList>
          {tabs.map((tab) => (
            <TabPanel key={tab} id={tab} className={styles.panel}>
              <CollectionGrid items={itemsOfTab(items, tab)} />
            </TabPanel>
          ))}
        </Tabs>
      )}
    </CollectionPage>
  );
}
