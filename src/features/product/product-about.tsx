import { useId } from 'react';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { RichText } from '../../components/rich-text';
import { SmartLink } from '../../components/smart-link';
import type { ProductAbout as About } from './map-product';
import styles from './product.module.css';

const isFile = (url: string) => /\.[a-z0-9]{2,5}$/i.test(url.split(/[?#]/)[0]);

/**
 * About section (section 3, "about"): title and subtitle, a description / tech specs toggle
 * (section 4), read-more link, detail lists, disclaimer and patents.
 */
export function ProductAbout({ about, withImage = false }: { about: About | null; withImage?: boolean }) {
  const headingId = useId();
  if (!about) return null;
  const hasSpecs = about.techSpecs.length > 0;
  return (
    <section aria-labelledby={headingId} className={[styles.about, withImage && about.image ? styles.aboutWithImage : ''].join(' ')}>
      <div className={styles.aboutBody}>
        <h2 id={headingId} className={styles.sectionHeading}>
          {about.title}
        </h2>
        {about.subtitle ? <p className={styles.aboutSubtitle}>{about.subtitle}</p> : null}
        {hasSpecs ? (
          <Tabs className={styles.aboutTabs}>
            <TabList aria-label={`${about.title}: description or tech specs`} className={styles.tabList}>
              <Tab id="description" className={styles.tab}>
                Description
              </Tab>
              <Tab id="specs" className={styles.tab}>
                Tech Specs
              </Tab>
            </TabList>
            <TabPanel id="description" className={styles.tabPanel}>
              <RichText content={about.summary} />
            </TabPanel>
            <TabPanel id="specs" className={styles.tabPanel}>
              <RichText content={about.techSpecs} className={styles.specs} />
            </TabPanel>
          </Tabs>
        ) : (
          <RichText content={about.summary} />
        )}
        {about.readMore ? (
          <p>
            {isFile(about.readMore.url) ? (
              // A document (the owner's manual): the browser opens it, not the router.
              <a href={about.readMore.url} className={styles.readMore}>
                {about.readMore.label}
              </a>
            ) : (
              <SmartLink href={about.readMore.url} className={styles.readMore}>
                {about.readMore.label}
              </SmartLink>
            )}
          </p>
        ) : null}
        {about.details.length > 0 ? (
          <div className={styles.details}>
            {about.details.map((detail) => (
              <div key={detail.title}>
                <h3 className={styles.detailTitle}>{detail.title}</h3>
                <ul className={styles.detailList}>
                  {detail.listItems.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        ) : null}
        {about.patents ? (
          <p className={styles.fineprint}>
            <strong>Patents:</strong> {about.patents}
          </p>
        ) : null}
        {about.disclaimer ? <p className={styles.fineprint}>{about.disclaimer}</p> : null}
      </div>
      {withImage && about.image ? <img src={about.image.url} alt={about.image.alt} className={styles.aboutImage} loading="lazy" /> : null}
    </section>
  );
}
