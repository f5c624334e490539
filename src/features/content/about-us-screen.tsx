import { useEffect } from 'react';
import { Link, useLoaderData, useLocation } from 'react-router-dom';
import { paths } from '../../config/paths';
import { ArrowRightIcon, PlayIcon } from '../../components/icons';
import { RichText } from '../../components/rich-text';
import { safeUrl } from '../../domain/safe-url';
import type { createContentLoaders } from './content-loaders';
import { useRouteTitle } from '../../components/use-route-title';
import { PageBanner } from '../../components/page-banner';
import page from '../../components/content-page.module.css';
import styles from './about-us.module.css';
import { prefersReducedMotion } from '../../components/reduced-motion';

/** Id of the careers section, the target of /about-us#careers (footer link 'Careers'). */
export const careersSectionId = 'careers';

/**
 * About us (catalogue-and-content.md section 2): banner with the heading image and video link,
 * the simple copy section, careers (heading, rich-text sub-heading, job listings) and 'want to
 * talk' with a Contact Us button. Sections without content are left out, so the empty default
 * content (section 8) renders the title only.
 */
export function AboutUsScreen() {
  const content = useLoaderData<ReturnType<typeof createContentLoaders>['aboutUs']>();
  const routeTitle = useRouteTitle();
  const title = content.title || routeTitle;
  useScrollToHash();
  const videoUrl = safeUrl(content.headingVideoUrl);
  const hasCareers = Boolean(content.lookingForHeading || content.lookingForSubHeading.length || content.lookingForListContent.length);
  const hasTalk = Boolean(content.wantToTalkHeading || content.wantToTalkContent);

  return (
    <article className={page.page}>
      <PageBanner src={content.headingImageUrl} alt={content.headingImageAlt} />
      <header className={`${page.container} ${page.header} ${styles.intro}`}>
        <h1 className={page.title}>{title}</h1>
        {videoUrl ? (
          <a className={page.secondaryButton} href={videoUrl} target="_blank" rel="noopener noreferrer">
            <PlayIcon width={20} height={20} />
            Watch our video<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        ) : null}
      </header>

      {content.simpleCopySection.length ? (
        <section className={page.narrow} aria-label="Our story">
          <RichText className={styles.copy} content={content.simpleCopySection} />
        </section>
      ) : null}

      {hasCareers ? (
        <section
          id={careersSectionId}
          tabIndex={-1}
          className={styles.careers}
          aria-labelledby={content.lookingForHeading ? 'careers-heading' : undefined}
          aria-label={content.lookingForHeading ? undefined : 'Careers'}
        >
          <div className={`${page.container} ${styles.split}`}>
            {content.lookingForImageUrl ? (
              <img className={styles.sideImage} src={content.lookingForImageUrl} alt={content.lookingForImageAlt} width={1200} height={600} loading="lazy" />
            ) : null}
            <div>
              {content.lookingForHeading ? (
                <h2 id="careers-heading" className={page.sectionHeading}>
                  {content.lookingForHeading}
                </h2>
              ) : null}
              <RichText className={styles.subHeading} content={content.lookingForSubHeading} />
              {content.lookingForListContent.length ? (
                <>
                  <h3 className={styles.jobsHeading}>Open positions</h3>
                  <ul className={styles.jobs}>
                    {content.lookingForListContent.map((job, index) => (
                      <li key={`${index}-${job}`} className={styles.job}>
                        {job}
                      </li>
                    ))}
                  </ul>
                </>
              ) : null}
            </div>
          </div>
        </section>
      ) : null}

      {hasTalk ? (
        <section className={`${page.container} ${styles.split} ${styles.talk}`} aria-labelledby={content.wantToTalkHeading ? 'talk-heading' : undefined} aria-label={content.wantToTalkHeading ? undefined : 'Contact'}>
          <div>
            {content.wantToTalkHeading ? (
              <h2 id="talk-heading" className={page.sectionHeading}>
                {content.wantToTalkHeading}
              </h2>
            ) : null}
            {content.wantToTalkContent ? <p className={styles.talkText}>{content.wantToTalkContent}</p> : null}
            <Link className={page.primaryButton} to={paths.contactUs}>
              Contact Us
              <ArrowRightIcon width={20} height={20} />
            </Link>
          </div>
          {content.wantToTalkImageUrl ? (
            <img className={styles.sideImage} src={content.wantToTalkImageUrl} alt={content.wantToTalkImageAlt} width={1200} height={600} loading="lazy" />
          ) : null}
        </section>
      ) : null}
    </article>
  );
}

/**
 * Scrolls smoothly to the element the URL hash names (spec section 2: /about-us#careers), on
 * arrival and whenever the hash changes on this page, and moves focus there so keyboard and
 * screen-reader users land in the same place. Reduced-motion visitors get an instant jump.
 */
function useScrollToHash() {
  // The key too: following a link to the hash already in the URL (footer 'Careers' while on
  // /about-us#careers) is a new navigation with the same hash, and must scroll again.
  const { hash, key } = useLocation();
  useEffect(() => {
    if (hash.length < 2) return;
    let id: string;
    try {
      id = decodeURIComponent(hash.slice(1));
    } catch {
      return;
    }
    // After the frame in which the screen's images and sections have been laid out.
    const frame = requestAnimationFrame(() => {
      const target = document.getElementById(id);
      if (!target) return;
      target.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
      if (target.tabIndex >= -1 && target.hasAttribute('tabindex')) target.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [hash, key]);
}
