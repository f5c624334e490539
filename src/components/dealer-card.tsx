import { lazy, Suspense, type ComponentProps, type ReactNode } from 'react';
import type { DealerMapProps } from './dealer-map';
import styles from './dealer-card.module.css';

// mapbox-gl is large: the map's chunk is fetched only once a DealerMapPanel renders.
const DealerMap = lazy(async () => ({ default: (await import('./dealer-map')).DealerMap }));

/**
 * The dealers as a list of cards (catalogue-and-content.md section 2; decision 029), shared by the
 * dealer locator and the checkout's dealer step; its items are DealerCards.
 */
export function DealerList({ className, ...list }: ComponentProps<'ul'>) {
  return <ul {...list} className={[styles.list, className].filter(Boolean).join(' ')} />;
}

export interface DealerCardProps extends Omit<ComponentProps<'li'>, 'title'> {
  /** Written as `data-dealer-id`. */
  dealerId: string | number;
  /** The heading's content: the dealer's name, or a control named after the dealer. */
  title: ReactNode;
  /** '12 mi' from the searched zip; empty before a search. */
  distanceLabel?: string;
  /** The address, one entry a line (street, city, phone…); null entries are left out. */
  lines: readonly ReactNode[];
  /** Picked here or on the map: the card is marked. */
  selected?: boolean;
  /** Listed but not to be chosen (the checkout's expired licence): the card is greyed. */
  muted?: boolean;
}

/**
 * A dealer's card: its name as a heading, the distance, the address; what the screen offers for
 * the dealer (a Choose button, a licence note) comes as children, after the address.
 */
export function DealerCard({ dealerId, title, distanceLabel, lines, selected, muted, className, children, ...item }: DealerCardProps) {
  const classes = [styles.card, selected ? styles.cardSelected : '', muted ? styles.cardMuted : '', className].filter(Boolean).join(' ');
  return (
    <li {...item} className={classes} data-dealer-id={dealerId}>
      <h3 className={styles.cardTitle}>{title}</h3>
      {distanceLabel ? <p className={styles.distance}>{distanceLabel}</p> : null}
      <address className={styles.address}>
        {lines.map((line, index) =>
          line === null || line === undefined ? null : (
            <span key={index} className={styles.line}>
              {line}
            </span>
          ),
        )}
      </address>
      {children}
    </li>
  );
}

/** The map beside the list, fetched when first shown; a plain panel stands in while it loads. */
export function DealerMapPanel(props: DealerMapProps) {
  return (
    <div className={styles.mapPanel}>
      <Suspense fallback={<div className={styles.mapFallback} aria-hidden="true" />}>
        <DealerMap {...props} />
      </Suspense>
    </div>
  );
}
