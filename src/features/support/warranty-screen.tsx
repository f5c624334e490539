import { useLoaderData } from 'react-router-dom';
import { RichText } from '../../components/rich-text';
import styles from './support.module.css';
import type { createWarrantyLoader } from './support-loaders';

const sectionId = (index: number) => `warranty-section-${index + 1}`;

/**
 * Warranty (catalogue-and-content.md sections 2 and 3): the title and titled copy sections of
 * rich text. Long legal copy gets an in-page list of its sections so a reader can jump to one.
 */
export function WarrantyScreen() {
  const { title, copySections } = useLoaderData<ReturnType<typeof createWarrantyLoader>>();
  return (
    <div className={`${styles.page} ${styles.padded}`}>
      <header className={styles.pageHeader}>
        <h1 className={styles.title}>{title || 'Warranty'}</h1>
      </header>
      {copySections.length ? (
        <div className={styles.copyLayout}>
          {copySections.length > 1 ? (
            <nav aria-label="On this page" className={styles.toc}>
              <p className={styles.tocHeading}>On this page</p>
              <ol className={styles.tocList}>
                {copySections.map((section, index) => (
                  <li key={sectionId(index)}>
                    <a href={`#${sectionId(index)}`}>{section.header}</a>
                  </li>
                ))}
              </ol>
            </nav>
          ) : null}
          <div className={styles.copySections}>
            {copySections.map((section, index) => (
              <section key={sectionId(index)} id={sectionId(index)} aria-labelledby={`${sectionId(index)}-heading`} className={styles.copySection}>
                <h2 id={`${sectionId(index)}-heading`} className={styles.copyHeading}>
                  {section.header}
                </h2>
                <RichText content={section.content} />
              </section>
            ))}
          </div>
        </div>
      ) : (
        <p className={styles.empty}>Warranty details are not available right now. Please contact our support team.</p>
      )}
    </div>
  );
}
