import { useLoaderData } from 'react-router-dom';
import { ArrowRightIcon } from '../../components/icons';
import { SmartLink } from '../../components/smart-link';
import { ContentImage } from '../../components/content-image';
import cardGrid from '../../components/card-grid.module.css';
import styles from './support.module.css';
import type { createSupportLoader } from './support-loaders';

/** Support hub (catalogue-and-content.md section 2): a banner, header, sub header and cards linking to other pages. */
export function SupportScreen() {
  const { backgroundImage, header, subHeader, navCards } = useLoaderData<ReturnType<typeof createSupportLoader>>();
  return (
    <div className={styles.page}>
      <ContentImage image={backgroundImage} className={styles.banner} eager />
      <header className={styles.pageHeader}>
        <h1 className={styles.title}>{header || 'Support'}</h1>
        {subHeader ? <p className={styles.lead}>{subHeader}</p> : null}
      </header>
      {navCards.length ? (
        <nav aria-label="Support topics">
          <ul className={cardGrid.grid}>
            {navCards.map((card) => (
              <li key={`${card.link}-${card.title}`}>
                <SmartLink href={card.link} className={styles.card}>
                  <ContentImage image={card.image} className={styles.cardImage} decorative />
                  <span className={styles.cardText}>
                    <span className={styles.cardTitle}>{card.title}</span>
                    {card.subtitle ? <span className={styles.cardSubtitle}>{card.subtitle}</span> : null}
                  </span>
                  <ArrowRightIcon className={styles.cardArrow} aria-hidden="true" />
                </SmartLink>
              </li>
            ))}
          </ul>
        </nav>
      ) : (
        <p className={styles.empty}>Support topics are not available right now. Please check back soon.</p>
      )}
    </div>
  );
}
