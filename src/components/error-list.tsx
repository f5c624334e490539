import styles from './error-list.module.css';

/**
 * A field's errors under it, in a region that is always there (so `aria-describedby` can point at
 * it): a module of its own, so a page with one error line (the product page) loads no form kit.
 */
export function ErrorList({ id, errors }: { id?: string; errors?: string[] | null }) {
  const list = errors?.filter(Boolean) ?? [];
  return (
    <div id={id} className={styles.errors}>
      {list.length ? (
        <ul>
          {list.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
