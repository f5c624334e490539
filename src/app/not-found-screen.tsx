import { Link, useLocation } from 'react-router-dom';
import { paths } from './paths';
import styles from './status-screen.module.css';

/**
 * The catch-all route's screen (shop-core.md section 2: any other path shows the 404 error
 * screen 'No route matches URL'). Rendered inside the shell so navigation stays available.
 */
export function NotFoundScreen() {
  const { pathname } = useLocation();
  return (
    <section className={styles.screen} aria-labelledby="not-found-title">
      <p className={styles.status}>404 Not Found</p>
      <h1 id="not-found-title" className={styles.title}>
        Page not found
      </h1>
      <p className={styles.message}>No route matches URL &quot;{pathname}&quot;</p>
      <p>
        <Link to={paths.home}>Back to the home page</Link>
      </p>
    </section>
  );
}
