import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { ChevronIcon } from '../../components/icons';
import styles from './image-link-ribbon.module.css';
import type { HomeImageLink } from './map-home';

/** The buttons' state follows window resizes after this pause (catalogue-and-content.md section 9). */
export const RIBBON_RESIZE_DEBOUNCE_MS = 250;

interface ImageLinkRibbonProps {
  items: HomeImageLink[];
}

interface ScrollEdges {
  canPrev: boolean;
  canNext: boolean;
}

/** Sub-pixel scroll positions (zoom, fractional widths) must not leave a button enabled at the end. */
const EDGE_TOLERANCE_PX = 2;

function edgesOf(list: HTMLElement): ScrollEdges {
  const max = list.scrollWidth - list.clientWidth;
  return { canPrev: list.scrollLeft > EDGE_TOLERANCE_PX, canNext: list.scrollLeft < max - EDGE_TOLERANCE_PX };
}

/**
 * Horizontally scrolling ribbon of titled image links (home page), 250 px tiles that snap into
 * place. Swipe, trackpad and keyboard (tabbing scrolls the focused link into view) all scroll it;
 * the previous/next buttons page through it for mouse users and show when there is more to see.
 * Scroll position is view state only, so it stays in the component.
 */
export function ImageLinkRibbon({ items }: ImageLinkRibbonProps) {
  const listRef = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState<ScrollEdges>({ canPrev: false, canNext: false });

  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const update = () =>
      setEdges((current) => {
        const next = edgesOf(list);
        return next.canPrev === current.canPrev && next.canNext === current.canNext ? current : next;
      });
    let timer: number | undefined;
    const updateLater = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(update, RIBBON_RESIZE_DEBOUNCE_MS);
    };
    update();
    list.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', updateLater);
    return () => {
      window.clearTimeout(timer);
      list.removeEventListener('scroll', update);
      window.removeEventListener('resize', updateLater);
    };
  }, [items.length]);

  if (items.length === 0) return null;

  /** Pages by the tiles that are fully in view; scroll snapping lines the next one up at the start. */
  function page(direction: -1 | 1) {
    const list = listRef.current;
    const tile = list?.firstElementChild as HTMLElement | null;
    if (!list || !tile) return;
    const gap = parseFloat(getComputedStyle(list).columnGap) || 0;
    const step = tile.offsetWidth + gap;
    const perPage = Math.max(1, Math.floor((list.clientWidth + gap) / step));
    list.scrollBy({ left: direction * perPage * step });
  }

  // aria-disabled rather than disabled: a button that pages to the end keeps keyboard focus.
  const scrollable = edges.canPrev || edges.canNext;

  return (
    <section className={styles.ribbon} aria-labelledby="image-link-ribbon-title">
      <div className={styles.head}>
        <h2 id="image-link-ribbon-title" className={styles.heading}>
          Shop by category
        </h2>
        {scrollable ? (
          <div className={styles.buttons}>
            <button
              type="button"
              className={styles.button}
              aria-label="Previous categories"
              aria-controls="image-link-ribbon-list"
              aria-disabled={!edges.canPrev}
              onClick={() => {
                if (edges.canPrev) page(-1);
              }}
            >
              <ChevronIcon direction="left" />
            </button>
            <button
              type="button"
              className={styles.button}
              aria-label="Next categories"
              aria-controls="image-link-ribbon-list"
              aria-disabled={!edges.canNext}
              onClick={() => {
                if (edges.canNext) page(1);
              }}
            >
              <ChevronIcon direction="right" />
            </button>
          </div>
        ) : null}
      </div>
      <ul id="image-link-ribbon-list" ref={listRef} className={styles.list}>
        {items.map((item, index) => (
          <li key={`${item.url}-${index}`} className={styles.item}>
            <Link className={styles.link} to={item.url}>
              <img className={styles.image} src={item.imgUrl} alt="" loading="lazy" width={250} height={250} />
              <span className={styles.title}>
                <span className={styles.titleText}>{item.title}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
