import { useMatches } from 'react-router-dom';
import styles from './route-pending.module.css';

/**
 * A screen that needs the browser's session (checkout, confirmation, account area) while its data
 * loads: rendered inside the shell by the server and by the browser until the route's loader has
 * answered, so the page has its header and footer at once and never a full-screen spinner
 * (docs/decisions/025). It names the page it is loading but is not that page's heading: the
 * heading arrives with the screen.
 */
export function RoutePending() {
  const title = (useMatches().at(-1)?.handle as { title?: string } | undefined)?.title;
  const label = title ? `Loading ${title}` : 'Loading';
  return (
    <section className={styles.pending} aria-busy="true" aria-label={label}>
      <p className={styles.title} aria-hidden="true">
        {title}
      </p>
      <div className={styles.spinner} role="status" aria-label={label} />
    </section>
  );
}
