import { Link, useLoaderData } from 'react-router-dom';
import { paths } from '../../app/paths';
import { CollectionCard } from '../catalogue/collection-card';
import type { SearchResultsData } from './search-loader';
import styles from './search-screen.module.css';

/** The results heading (catalogue-and-content.md section 8: 'Results for' the query), verbatim. */
export function resultsHeading(query: string): string {
  return `Results for ${query}`;
}

/**
 * Search results (/search/{query}, catalogue-and-content.md sections 2, 7, 8): the heading
 * 'Results for {query}', the matching products sorted by title as product cards (image, title,
 * subtitle, price, link), or an empty state when nothing matches or the search failed.
 */
export function SearchScreen() {
  const { query, items } = useLoaderData() as SearchResultsData;
  return (
    <div className={styles.page}>
      <header className={styles.hero}>
        <div className={styles.heroInner}>
          <h1 className={styles.title}>{resultsHeading(query)}</h1>
          {items.length > 0 ? (
            <p className={styles.count}>
              {items.length} {items.length === 1 ? 'product' : 'products'}
            </p>
          ) : null}
        </div>
      </header>
      <div className={styles.body}>
        {items.length > 0 ? (
          <ul className={styles.grid} aria-label="Search results">
            {items.map((item) => (
              <li key={item.productId} className={styles.cell}>
                <CollectionCard item={item} headingLevel={2} />
              </li>
            ))}
          </ul>
        ) : (
          <div className={styles.empty}>
            <p className={styles.emptyTitle}>No products found</p>
            <p className={styles.emptyText}>
              Nothing in the catalogue matches this search. Check the spelling, or try a model name such as RK-15 or
              a shorter word.
            </p>
            <Link className={styles.homeLink} to={paths.home}>
              Back to home
            </Link>
          </div>
        )}
      </div>
    </div>
  );
}
