import { useLoaderData } from 'react-router-dom';
import { RichText } from '../../components/rich-text';
import { ContentImage } from '../../components/content-image';
import type { createLimitedEditionLoader } from './limited-edition-loader';
import type { LimitedEditionFeature } from './map-limited-edition';
import styles from './limited-edition.module.css';
import { NewsletterSignupForm } from '../../components/forms/newsletter-signup-form';

/**
 * Limited edition (catalogue-and-content.md section 2): top banner, current feature, the
 * 'Stay Informed' newsletter sign-up and past limited editions. The sign-up form itself is
 * captcha-protected and built with the other captcha forms; it mounts in the marked slot.
 */
export function LimitedEditionScreen() {
  const { topRibbonTitle, stayInformedContent, currentFeature, pastFeatures } = useLoaderData<ReturnType<typeof createLimitedEditionLoader>>();
  return (
    <div className={styles.page}>
      <div className={styles.ribbon}>
        <div className={styles.ribbonInner}>
          <p className={styles.eyebrow}>Limited Edition</p>
          {/* The ribbon title is the page's heading; without content the page still has one. */}
          <h1 className={styles.ribbonTitle}>{topRibbonTitle || 'Limited Edition'}</h1>
        </div>
      </div>

      <div className={styles.inner}>
        {currentFeature ? (
          <section aria-labelledby="le-current" className={styles.current}>
            <p className={styles.kicker}>Current release</p>
            <h2 id="le-current" className={styles.featureTitle}>
              {currentFeature.title}
            </h2>
            <div className={styles.currentGrid}>
              <div className={styles.gallery}>
                <ContentImage image={currentFeature.image1} className={styles.galleryMain} eager />
                <ContentImage image={currentFeature.image2} className={styles.gallerySecond} />
              </div>
              <RichText content={currentFeature.content} className={styles.copy} />
            </div>
          </section>
        ) : (
          <p className={styles.empty}>There is no limited edition on sale right now. Sign up below to hear about the next one first.</p>
        )}

        <section aria-labelledby="le-stay-informed" className={styles.stayInformed}>
          <div>
            <h2 id="le-stay-informed" className={styles.stayHeading}>
              Stay Informed
            </h2>
            {stayInformedContent ? <p className={styles.stayText}>{stayInformedContent}</p> : null}
          </div>
          <div data-slot="newsletter-signup" className={styles.slot}>
            <NewsletterSignupForm id="limited-edition-newsletter" />
          </div>
        </section>

        {pastFeatures.length ? (
          <section aria-labelledby="le-past" className={styles.past}>
            <h2 id="le-past" className={styles.sectionHeading}>
              Past Limited Editions
            </h2>
            <ul className={styles.pastList}>
              {pastFeatures.map((feature, index) => (
                <li key={`${feature.title}-${index}`}>
                  <PastFeature feature={feature} />
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </div>
  );
}

function PastFeature({ feature }: { feature: LimitedEditionFeature }) {
  return (
    <article className={styles.pastCard} aria-label={feature.title}>
      <ContentImage image={feature.image1 ?? feature.image2} className={styles.pastImage} />
      <div className={styles.pastBody}>
        <h3 className={styles.pastTitle}>{feature.title}</h3>
        <RichText content={feature.content} className={styles.pastCopy} />
      </div>
    </article>
  );
}
