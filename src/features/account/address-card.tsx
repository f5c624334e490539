import type { ReactNode } from 'react';
import { addressLines } from './account-format';
import type { Address } from './account-loaders';
import styles from './account.module.css';

interface AddressCardProps {
  title: string;
  /** Heading level inside the screen's outline. */
  level?: 2 | 3;
  address: Address | null;
  empty?: string;
  children?: ReactNode;
}

/** A saved address as a card: its name, default badges, lines, and the screen's actions. */
export function AddressCard({ title, level = 3, address, empty, children }: AddressCardProps) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <article className={styles.card} aria-label={title}>
      <Heading className={styles.cardTitle}>{title}</Heading>
      {address ? (
        <>
          {address.isDefaultShipping || address.isDefaultBilling || !address.residential ? (
            <ul className={styles.badges} aria-label="Address flags">
              {address.isDefaultShipping ? <li className={styles.badge}>Default shipping</li> : null}
              {address.isDefaultBilling ? <li className={styles.badge}>Default billing</li> : null}
              {!address.residential ? <li className={styles.badge}>Business</li> : null}
            </ul>
          ) : null}
          <address className={styles.cardBody}>
            {addressLines(address).map((line, index) => (
              <span key={`${index}-${line}`}>
                {line}
                <br />
              </span>
            ))}
          </address>
        </>
      ) : (
        <p className={`${styles.cardBody} ${styles.muted}`}>{empty}</p>
      )}
      {children ? <div className={styles.cardActions}>{children}</div> : null}
    </article>
  );
}
