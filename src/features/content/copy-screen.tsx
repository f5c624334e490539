import { useLoaderData } from 'react-router-dom';
import { RichText } from '../../components/rich-text';
import type { createContentLoaders } from './content-loaders';
import { useRouteTitle } from '../../components/use-route-title';
import page from '../../components/content-page.module.css';
import styles from './copy-screen.module.css';

/**
 * Copy text page (catalogue-and-content.md section 2): the rich text of the terms or the privacy
 * policy, for /copy/{copyId} and /terms-of-service. Copy that opens with its own level-1 heading
 * keeps it as the page heading (one h1 per page); otherwise the page title heads it.
 */
export function CopyScreen() {
  const content = useLoaderData<ReturnType<typeof createContentLoaders>['copy' | 'terms']>();
  const routeTitle = useRouteTitle();
  return (
    <article className={`${page.page} ${page.narrow} ${styles.copy}`}>
      {content.hasOwnTitle ? null : <h1 className={page.title}>{content.title || routeTitle}</h1>}
      <RichText className={styles.body} content={content.content} />
    </article>
  );
}
