import { useId, useMemo, useState } from 'react';
import { useLoaderData } from 'react-router-dom';
import {
  filterCollection,
  hasActiveFilters,
  shownFilterGroups,
  toggleFilterValue,
  type FilterSelection,
  type ShownFilterGroup,
  type SortOrder,
} from '../../domain/collection-filters';
import type { CollectionPageData } from './collection-loader';
import type { Collection } from './map-collection';
import { CollectionGrid, CollectionPage, EmptyState, HomeLink, NO_ITEMS_TEXT } from './collection-page';
import styles from './collection-filterable-screen.module.css';

/** The filterable grid's empty result (catalogue-and-content.md section 8). */
export const PRODUCT_NOT_FOUND_TEXT = 'Product not found';

/**
 * Filterable grid collection (catalogue-and-content.md sections 2 and 4): search inside the grid,
 * sort by title and a filter sidebar (a toggleable panel on phones). The rules are pure in
 * src/domain/collection-filters.ts; this view keeps only the state.
 */
export function CollectionFilterableScreen() {
  const { collection } = useLoaderData() as CollectionPageData;
  // Keyed by collection: moving to another collection on the same route starts with fresh filters.
  return <FilterableCollection key={collection?.documentId ?? ''} collection={collection} />;
}

function FilterableCollection({ collection }: { collection: Collection | null }) {
  const items = useMemo(() => collection?.collectionItems ?? [], [collection]);
  const [selection, setSelection] = useState<FilterSelection>({});
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<SortOrder>('asc');
  const [filtersOpen, setFiltersOpen] = useState(false);
  const ids = { search: useId(), sort: useId(), panel: useId() };

  const groups = useMemo(
    () => shownFilterGroups(collection?.filters ?? [], items, selection),
    [collection, items, selection],
  );
  const shown = useMemo(() => filterCollection(items, { selection, query, sort }), [items, selection, query, sort]);
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

  return (
    <CollectionPage collection={collection}>
      <div className={styles.layout}>
        <div className={styles.sidebar}>
          <button
            type="button"
            className={styles.filtersToggle}
            aria-expanded={filtersOpen}
            aria-controls={ids.panel}
            onClick={() => setFiltersOpen((open) => !open)}
          >
            {filtersOpen ? 'Hide filters' : 'Show filters'}
            {activeCount > 0 ? <span className={styles.count}> ({activeCount} selected)</span> : null}
          </button>
          <section id={ids.panel} className={styles.panel} data-open={filtersOpen || undefined} aria-labelledby={`${ids.panel}-h`}>
            <div className={styles.panelHead}>
              <h2 id={`${ids.panel}-h`} className={styles.panelTitle}>
                Filter
              </h2>
              {active ? (
                <button type="button" className={styles.reset} onClick={() => setSelection({})}>
                  Reset All
                </button>
              ) : null}
            </div>
            {groups.map((group) => (
              <FilterGroupFields
                key={group.category}
                group={group}
                onToggle={(value) => setSelection((current) => toggleFilterValue(current, group, value))}
              />
            ))}
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
                value={query}
                placeholder="Search by name"
                onChange={(event) => setQuery(event.target.value)}
              />
            </div>
            <div className={styles.field}>
              <label htmlFor={ids.sort} className={styles.label}>
                Sort by
              </label>
              <select
                id={ids.sort}
                className={styles.input}
                value={sort}
                onChange={(event) => setSort(event.target.value === 'desc' ? 'desc' : 'asc')}
              >
                <option value="asc">Title: A to Z</option>
                <option value="desc">Title: Z to A</option>
              </select>
            </div>
          </div>
          <p className={styles.resultCount} role="status">
            {shown.length === 1 ? '1 product' : `${shown.length} products`}
          </p>
          {shown.length > 0 ? <CollectionGrid items={shown} columns={3} /> : <EmptyState title={PRODUCT_NOT_FOUND_TEXT} />}
        </div>
      </div>
    </CollectionPage>
  );
}

function FilterGroupFields({ group, onToggle }: { group: ShownFilterGroup; onToggle: (value: string) => void }) {
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>{group.category}</legend>
      <ul className={styles.values}>
        {group.values.map((value) => (
          <li key={value}>
            <label className={styles.option}>
              <input
                type="checkbox"
                className={styles.checkbox}
                checked={group.selected.includes(value)}
                onChange={() => onToggle(value)}
              />
              <span>{value}</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
