import { useMatches } from 'react-router-dom';
import type { RouteHandle } from '../config/route-handle';
import styles from './status-screen.module.css';

/**
 * Stand-in for screens whose issue has not landed yet: shows the screen's title (from the route's
 * `handle`) inside the shell. Each screen replaces this with its own lazy module.
 */
export function PlaceholderScreen() {
  const matches = useMatches();
  const handle = matches.at(-1)?.handle as RouteHandle | undefined;
  return (
    <section className={styles.screen}>
      <h1>{handle?.title ?? ''}</h1>
    </section>
  );
}
