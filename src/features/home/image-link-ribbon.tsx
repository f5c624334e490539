import { Link } from 'react-router-dom';
import styles from './image-link-ribbon.module.css';
import type { HomeImageLink } from './map-home';

interface ImageLinkRibbonProps {
  items: HomeImageLink[];
}

/** Horizontally scrolling ribbon of titled image links (home page). */
export function ImageLinkRibbon({ items }: ImageLinkRibbonProps) {
  if (items.length === 0) return null;
  return (
    <section className={styles.ribbon} aria-labelledby="image-link-ribbon-title">
      <h2 id="image-link-ribbon-title" className="visually-hidden">
        Shop by category
      </h2>
      <ul className={styles.list}>
        {items.map((item, index) => (
          <li key={`${item.url}-${index}`} className={styles.item}>
            <Link className={styles.link} to={item.url}>
              <img className={styles.image} src={item.imgUrl} alt="" loading="lazy" />
              <span className={styles.title}>{item.title}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
