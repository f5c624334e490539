import { useId, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useRouteLoaderData } from 'react-router-dom';
import { paths, searchUrl } from '../config/paths';
import type { createRootLoader } from './root-loader';
import { SmartLink } from '../components/smart-link';
import styles from './status-screen.module.css';

/**
 * The catch-all route's screen (shop-core.md section 2: any other path shows the 404 error
 * screen 'No route matches URL'). Rendered inside the shell so navigation stays available, with
 * a way on: a search box and the shop's main categories (the navigation's top menus that open a
 * collection; issue 19 item 8).
 */
export function NotFoundScreen() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const searchId = useId();
  const shell = useRouteLoaderData<ReturnType<typeof createRootLoader>>('root');
  // The menus that open a part of the catalogue (not Support and other content menus).
  const categories = (shell?.navigation ?? []).filter((menu) => menu.href.startsWith('/product/'));

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    // Section 4: a search needs more than 1 character, as in the header's search.
    if (query.length > 1) navigate(searchUrl(query));
  };

  return (
    <section className={styles.screen} aria-labelledby="not-found-title">
      <p className={styles.status}>404 Not Found</p>
      <h1 id="not-found-title" className={styles.title}>
        Page not found
      </h1>
      <p className={styles.message}>No route matches URL &quot;{pathname}&quot;</p>
      <form role="search" aria-label="Search the shop" className={styles.search} onSubmit={onSearch}>
        <label htmlFor={searchId}>Search for a product instead</label>
        <div className={styles.searchRow}>
          <input id={searchId} name="q" type="search" autoComplete="off" required minLength={2} />
          <button type="submit" className={styles.searchButton}>Search</button>
        </div>
      </form>
      {categories.length > 0 ? (
        <nav aria-label="Shop by category" className={styles.categories}>
          <h2>Shop by category</h2>
          <ul>
            {categories.map((menu) => (
              <li key={menu.id}>
                <SmartLink href={menu.href}>{menu.label}</SmartLink>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <p>
        <Link to={paths.home}>Back to the home page</Link>
      </p>
    </section>
  );
}
