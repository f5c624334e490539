import { useId, type FormEvent } from 'react';
import { Link, useLoaderData, useNavigate } from 'react-router-dom';
import { MIN_SUBMIT_LENGTH } from '../../../machines/search/search.types';
import { paths, searchUrl } from '../../config/paths';
import { CollectionCard } from '../../components/collection-card';
import type { createSearchLoader } from './search-loader';
import type { NoResultsHelp } from './no-results';
import grid from '../../components/product-grid.module.css';
import styles from './search-screen.module.css';

/** The results heading (catalogue-and-content.md section 8: 'Results for' the query), verbatim. */
export function resultsHeading(query: string): string {
  return `Results for ${query}`;
}

/**
 * Search results (/search/{query}, catalogue-and-content.md sections 2, 7, 8): the heading
 * 'Results for {query}', the matching products as product cards (image, title, subtitle, price,
 * link) in the server's order (title matches first, each group sorted by title), or an empty
 * state when nothing matches or the search failed: a search box that keeps the query, the main
 * categories and a few products (issue 19 item 3).
 */
export function SearchScreen() {
  const { query, items, help } = useLoaderData<ReturnType<typeof createSearchLoader>>();
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
          <ul className={`${grid.grid} ${grid.four}`} aria-label="Search results">
            {items.map((item) => (
              <li key={item.productId} className={grid.cell}>
                <CollectionCard item={item} headingLevel={2} />
              </li>
            ))}
          </ul>
        ) : (
          <NoResults query={query} help={help} />
        )}
      </div>
    </div>
  );
}

function NoResults({ query, help }: { query: string; help: NoResultsHelp | null }) {
  const navigate = useNavigate();
  const inputId = useId();
  const picksId = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = String(new FormData(event.currentTarget).get('query') ?? '').trim();
    if (text.length >= MIN_SUBMIT_LENGTH) void navigate(searchUrl(text));
  }

  return (
    <>
      <div className={grid.empty}>
        <p className={grid.emptyTitle}>No products found</p>
        <p className={styles.emptyText}>
          Nothing in the catalogue matches this search. Check the spelling, or try a model name such as RK-15 or a
          shorter word.
        </p>
        <form className={styles.again} role="search" aria-label="Search again" onSubmit={submit}>
          <label htmlFor={inputId} className="visually-hidden">
            Search the catalogue
          </label>
          {/* Keyed by the query: a new search starts from what was searched. */}
          <input
            key={query}
            id={inputId}
            className={styles.againInput}
            type="search"
            name="query"
            defaultValue={query}
            minLength={MIN_SUBMIT_LENGTH}
            required
            autoComplete="off"
            enterKeyHint="search"
          />
          <button type="submit" className={styles.againSubmit}>
            Search
          </button>
        </form>
        {help && help.categories.length > 0 ? (
          <nav className={styles.categories} aria-label="Shop by category">
            <p className={styles.categoriesTitle}>Or shop by category</p>
            <ul className={styles.categoryList}>
              {help.categories.map((category) => (
                <li key={category.link}>
                  <Link className={styles.categoryLink} to={category.link}>
                    {category.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <Link className={styles.homeLink} to={paths.home}>
          Back to home
        </Link>
      </div>
      {help && help.products.length > 0 ? (
        <section className={styles.picks} aria-labelledby={picksId}>
          <h2 id={picksId} className={styles.picksTitle}>
            Our picks
          </h2>
          <ul className={`${grid.grid} ${grid.four}`}>
            {help.products.map((item) => (
              <li key={item.productId} className={grid.cell}>
                <CollectionCard item={item} headingLevel={3} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
