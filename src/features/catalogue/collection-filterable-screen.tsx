import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { useLoaderData, useLocation, useNavigationType, useSearchParams } from 'react-router-dom';
import {
  filterCollection,
  hasActiveFilters,
  isSortOrder,
  sanitizeSelection,
  shownFilterGroups,
  SORT_LABELS,
  SORT_ORDERS,
  toggleFilterValue,
  type FilterSelection,
  type ShownFilterGroup,
} from '../../domain/collection-filters';
import { parseCollectionView, serializeCollectionView, type CollectionView } from '../../domain/collection-query';
import type { createCollectionLoader } from './collection-loader';
import type { Collection } from '../../domain/map-collection';
import { CollectionGrid, CollectionPage, EmptyState, HomeLink, NO_ITEMS_TEXT } from './collection-page';
import styles from './collection-filterable-screen.module.css';

const loadFilterDrawer = () => import('./collection-filter-drawer');
const CollectionFilterDrawer = lazy(() => loadFilterDrawer().then((module) => ({ default: module.CollectionFilterDrawer })));

/** The filterable grid's empty result (catalogue-and-content.md section 8). */
export const PRODUCT_NOT_FOUND_TEXT = 'Product not found';

/** The grid's own part of the address, to tell its own writes from other navigations. */
const viewKey = (view: CollectionView) => serializeCollectionView(view).toString();

const itemsText = (count: number) => (count === 1 ? '1 item' : `${count} items`);

/**
 * Filterable grid collection (catalogue-and-content.md sections 2 and 4): search inside the grid,
 * sort and a filter sidebar (a drawer on phones). The rules are pure in
 * src/domain/collection-filters.ts. Filters, sort and search live in the URL's query
 * (src/domain/collection-query.ts, decision 041): a filter or sort change pushes a history entry,
 * typing in the search box replaces the current one. The server renders the same state from the URL.
 */
export function CollectionFilterableScreen() {
  const { collection } = useLoaderData<ReturnType<typeof createCollectionLoader>>();
  // Keyed by collection: moving to another collection on the same route starts afresh.
  return <FilterableCollection key={collection?.documentId ?? ''} collection={collection} />;
}

function FilterableCollection({ collection }: { collection: Collection | null }) {
  const items = useMemo(() => collection?.collectionItems ?? [], [collection]);
  const filters = useMemo(() => collection?.filters ?? [], [collection]);
  const [searchParams, setSearchParams] = useSearchParams();
  const urlView = useMemo<CollectionView>(() => {
    const parsed = parseCollectionView(searchParams);
    return { ...parsed, selection: sanitizeSelection(parsed.selection, filters) };
  }, [searchParams, filters]);

  // The view answers every click and keystroke at once from its own state, and the URL follows
  // (a navigation, which completes a moment later). An address this view wrote is its own echo
  // and is not taken back (fast typing is never overwritten by an older address); any other
  // arrival (Back or Forward, a link to this collection) becomes the view. Arrivals are told
  // apart by the location's key, not by the address: Back may lead to an address the view wrote
  // itself, and React may draw only the last of several arrivals.
  const location = useLocation();
  const arrivedBy = useNavigationType();
  const urlKey = viewKey(urlView);
  const [view, setView] = useState(urlView);
  const [seenLocation, setSeenLocation] = useState(location.key);
  const [pending, setPending] = useState<readonly string[]>([]);
  if (seenLocation !== location.key) {
    setSeenLocation(location.key);
    const echo = arrivedBy === 'POP' ? -1 : pending.indexOf(urlKey);
    if (echo >= 0) {
      setPending(pending.slice(echo + 1));
    } else {
      setView(urlView);
      // A history move or a link ends the navigations this view had started.
      setPending([]);
    }
  }
  const { selection, sort, query: text } = view;

  const [drawerOpen, setDrawerOpen] = useState(false);
  // The drawer's chunk is fetched on the first intent to open it and stays mounted afterwards.
  const [drawerWanted, setDrawerWanted] = useState(false);
  const ids = { search: useId(), sort: useId(), panel: useId(), drawer: useId() };

  const write = (change: Partial<CollectionView>, replace = false) => {
    const next = { ...view, ...change };
    setView(next);
    setPending((keys) => [...keys, viewKey(next)]);
    // Drawn as soon as the router has it (not in a transition React may fold into a later one):
    // the echo is seen before any Back that follows it.
    setSearchParams((current) => serializeCollectionView(next, current), { replace, preventScrollReset: true, flushSync: true });
  };
  const setSelection = (next: FilterSelection) => write({ selection: next });

  const groups = useMemo(() => shownFilterGroups(filters, items, selection, text), [filters, items, selection, text]);
  const shown = useMemo(() => filterCollection(items, { selection, query: text, sort }), [items, selection, text, sort]);
  const active = hasActiveFilters(selection);
  const activeCount = Object.values(selection).reduce((sum, values) => sum + values.length, 0);

  if (collection && items.length === 0) {
    return (
      <CollectionPage collection={collection}>
        <EmptyState title={NO_ITEMS_TEXT}>
          <HomeLink />
        </EmptyState>
      </CollectionPage>
    );
  }

  const fields = (
    <FilterFields
      groups={groups}
      onToggle={(group, value) => setSelection(toggleFilterValue(selection, group, value))}
    />
  );
  const resetAll = active ? (
    <button type="button" className={styles.reset} onClick={() => setSelection({})}>
      Reset All
    </button>
  ) : null;

  return (
    <CollectionPage collection={collection}>
      <div className={styles.layout}>
        <div className={styles.sidebar}>
          <section id={ids.panel} className={styles.panel} aria-labelledby={`${ids.panel}-h`}>
            <div className={styles.panelHead}>
              <h2 id={`${ids.panel}-h`} className={styles.panelTitle}>
                Filter
              </h2>
              {resetAll}
            </div>
            {fields}
          </section>
        </div>
        <div className={styles.results}>
          <div className={styles.toolbar}>
            <div className={styles.field}>
              <label htmlFor={ids.search} className={styles.label}>
                Search this collection
              </label>
              <input
                id={ids.search}
                type="search"
                className={styles.input}
                value={text}
                placeholder="Search by name"
                onChange={(event) => write({ query: event.target.value }, true)}
              />
            </div>
            <div className={styles.toolbarRow}>
              <button
                type="button"
                className={styles.filtersToggle}
                aria-haspopup="dialog"
                onPointerEnter={loadFilterDrawer}
                onPointerDown={loadFilterDrawer}
                onFocus={loadFilterDrawer}
                onClick={() => {
                  setDrawerWanted(true);
                  setDrawerOpen(true);
                }}
              >
                Filters
                {activeCount > 0 ? (
                  <span className={styles.count}>
                    {' '}
                    ({activeCount}
                    <span className="visually-hidden"> selected</span>)
                  </span>
                ) : null}
              </button>
              <div className={`${styles.field} ${styles.sortField}`}>
                <label htmlFor={ids.sort} className={styles.label}>
                  Sort by
                </label>
                <select
                  id={ids.sort}
                  className={styles.input}
                  value={sort}
                  onChange={(event) => {
                    if (isSortOrder(event.target.value)) write({ sort: event.target.value });
                  }}
                >
                  {SORT_ORDERS.map((order) => (
                    <option key={order} value={order}>
                      {SORT_LABELS[order]}
                    </option>
                  ))}
                </select>
              </div>
            </div>
          </div>
          <p className={styles.resultCount} role="status">
            {shown.length === 1 ? '1 product' : `${shown.length} products`}
          </p>
          {shown.length > 0 ? <CollectionGrid items={shown} columns={3} /> : <EmptyState title={PRODUCT_NOT_FOUND_TEXT} />}
        </div>
      </div>
      {/* Phones: the same filters in a drawer, so they never push the results off the screen. */}
      {drawerWanted ? (
        <Suspense fallback={null}>
          <CollectionFilterDrawer
            isOpen={drawerOpen}
            onOpenChange={setDrawerOpen}
            headingId={`${ids.drawer}-h`}
            fields={fields}
            resetAll={resetAll}
            showItemsText={`Show ${itemsText(shown.length)}`}
          />
        </Suspense>
      ) : null}
    </CollectionPage>
  );
}

function FilterFields({
  groups,
  onToggle,
}: {
  groups: readonly ShownFilterGroup[];
  onToggle: (group: ShownFilterGroup, value: string) => void;
}) {
  return (
    <>
      {groups.map((group) => (
        <fieldset key={group.category} className={styles.group}>
          <legend className={styles.legend}>{group.category}</legend>
          <ul className={styles.values}>
            {group.values.map((value) => (
              <li key={value}>
                <label className={styles.option}>
                  {/* Named with its count ('6.5 Creedmoor, 4 items'): the visible '(4)' read in words. */}
                  <input
                    type="checkbox"
                    className={styles.checkbox}
                    checked={group.selected.includes(value)}
                    aria-label={`${value}, ${itemsText(group.counts[value] ?? 0)}`}
                    onChange={() => onToggle(group, value)}
                  />
                  <span>{value}</span>
                  <span className={styles.valueCount} aria-hidden="true">
                    ({group.counts[value] ?? 0})
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ))}
    </>
  );
}
