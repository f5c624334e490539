import { lazy, Suspense } from 'react';
import { useAfterPageLoad } from '../components/use-after-page-load';
import { DownloadIcon } from '../components/icons';
import { isExternalUrl } from '../domain/safe-url';
import { COOKIE_PREFERENCES_ID } from '../features/consent/cookie-preferences-id';
import { BackToTop } from './back-to-top';
import styles from './footer.module.css';
import type { FooterContent } from '../domain/map-shell';
import { SmartLink } from '../components/smart-link';

const NewsletterSignupForm = lazy(() => import('../components/forms/newsletter-signup-form').then((m) => ({ default: m.NewsletterSignupForm })));

interface FooterProps {
  content: FooterContent;
  /** 'Cookie preferences': shows the analytics consent bar again (docs/decisions/036). */
  onCookiePreferences?: () => void;
}

/**
 * Site footer (catalogue-and-content.md section 2, "Footer"): newsletter sign-up, link columns in
 * 3 groups (section 9), social links, the download-guide link, bottom texts and back-to-top. The
 * sign-up form (email plus captcha) is a lazy chunk mounted once the page has loaded: the footer
 * is on every first load, the form is below the fold. 'Cookie preferences' in the bottom bar
 * reopens the analytics consent bar.
 */
export function Footer({ content, onCookiePreferences }: FooterProps) {
  const { logoUrl, linkColumns, socialLinks, bottomTexts, downloadAsset, newsletter } = content;
  const showSignup = useAfterPageLoad();
  const hasLinks = linkColumns.some((column) => column.length > 0);

  return (
    <footer className={styles.footer}>
      <div className={styles.newsletterBand}>
        <div className={`${styles.inner} ${styles.newsletter}`}>
          {newsletter ? (
            <div className={styles.newsletterText}>
              <h2 className={styles.newsletterHeading}>{newsletter.heading}</h2>
              {newsletter.text ? <p className={styles.newsletterCopy}>{newsletter.text}</p> : null}
            </div>
          ) : null}
          <div className={styles.newsletterSlot} data-slot="newsletter-signup">
            {showSignup ? (
              <Suspense fallback={null}>
                <NewsletterSignupForm id="footer-newsletter" tone="dark" />
              </Suspense>
            ) : null}
          </div>
        </div>
      </div>

      <div className={`${styles.inner} ${styles.main}`}>
        <div className={styles.brandColumn}>
          {logoUrl ? (
            <img className={styles.logo} src={logoUrl} alt="Ridgeline Arms" width={320} height={80} />
          ) : (
            <p className={styles.brand}>Ridgeline Arms</p>
          )}
          {socialLinks.length > 0 ? (
            <ul className={styles.social} aria-label="Ridgeline Arms on social media">
              {socialLinks.map((link) => (
                <li key={`${link.href}-${link.label}`}>
                  <SmartLink
                    href={link.href}
                    className={styles.socialLink}
                    aria-label={isExternalUrl(link.href) ? `${link.label} (opens in a new tab)` : link.label}
                  >
                    {link.iconUrl ? <img className={styles.socialIcon} src={link.iconUrl} alt="" width={24} height={24} /> : link.label}
                  </SmartLink>
                </li>
              ))}
            </ul>
          ) : null}
          {downloadAsset ? (
            <a className={styles.download} href={downloadAsset.href} download>
              <DownloadIcon aria-hidden="true" />
              {downloadAsset.label}
            </a>
          ) : null}
        </div>

        {hasLinks ? (
          <nav className={styles.links} aria-label="Footer">
            {linkColumns.map((column, index) =>
              column.length > 0 ? (
                <ul className={styles.column} key={index}>
                  {column.map((link) => (
                    <li key={`${link.href}-${link.label}`}>
                      <SmartLink href={link.href} className={styles.link}>
                        {link.label}
                      </SmartLink>
                    </li>
                  ))}
                </ul>
              ) : null,
            )}
          </nav>
        ) : null}
      </div>

      <div className={styles.bottomBand}>
        <div className={`${styles.inner} ${styles.bottomBar}`}>
          {bottomTexts.length > 0 || onCookiePreferences ? (
            <ul className={styles.bottom}>
              {bottomTexts.map((item, index) => (
                <li key={`${index}-${item.text}`}>
                  {item.href ? (
                    <SmartLink href={item.href} className={styles.bottomLink}>
                      {item.text}
                    </SmartLink>
                  ) : (
                    item.text
                  )}
                </li>
              ))}
              {onCookiePreferences ? (
                <li>
                  <button type="button" id={COOKIE_PREFERENCES_ID} className={styles.bottomButton} onClick={onCookiePreferences}>
                    Cookie preferences
                  </button>
                </li>
              ) : null}
            </ul>
          ) : null}
          <BackToTop className={styles.backToTop} />
        </div>
      </div>
    </footer>
  );
}
