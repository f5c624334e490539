import styles from './full-page-spinner.module.css';

/** Full-page loading indicator (shop-core.md section 2). Rendered only while something loads. */
export function FullPageSpinner() {
  return (
    <div className={styles.overlay} role="status" aria-label="Loading" aria-live="polite">
      <div className={styles.spinner} aria-hidden="true" />
    </div>
  );
}
