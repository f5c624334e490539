import { Link } from 'react-router-dom';
import { safeUrl } from '../domain/safe-url';
import styles from './breadcrumbs.module.css';

export interface BreadcrumbItem {
  title: string;
  url: string;
}

export interface BreadcrumbsProps {
  items: readonly BreadcrumbItem[];
  /** 'dark' on dark backgrounds such as a hero image; 'light' (default) on the page background. */
  tone?: 'light' | 'dark';
  className?: string;
}

/**
 * Breadcrumbs (catalogue-and-content.md section 2): an ordered list where each item navigates to
 * its link unless it is the current page; the last item is the current page (aria-current="page")
 * and is plain text. Items with an unusable link are plain text too.
 */
export function Breadcrumbs({ items, tone = 'light', className }: BreadcrumbsProps) {
  const usable = items.filter((item) => item.title.trim());
  if (usable.length === 0) return null;
  return (
    <nav aria-label="Breadcrumb" className={[styles.nav, styles[tone], className].filter(Boolean).join(' ')}>
      <ol className={styles.list}>
        {usable.map((item, index) => {
          const isCurrent = index === usable.length - 1;
          const href = safeUrl(item.url);
          return (
            <li key={`${index}-${item.title}`} className={styles.item}>
              {isCurrent ? (
                <span className={styles.current} aria-current="page">
                  {item.title}
                </span>
              ) : href ? (
                <Link className={styles.link} to={href}>
                  {item.title}
                </Link>
              ) : (
                <span>{item.title}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
