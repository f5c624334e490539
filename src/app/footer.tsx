import { ChevronIcon } from '../components/icons';
import styles from './footer.module.css';
import type { FooterContent } from './map-shell';
import { SmartLink } from './smart-link';

interface FooterProps {
  content: FooterContent;
}

function scrollToTop() {
  window.scrollTo({ top: 0, behavior: 'smooth' });
  // Move focus too, so keyboard and screen-reader users land where sighted users do.
  document.getElementById('main-content')?.focus({ preventScroll: true });
}

/**
 * Site footer (catalogue-and-content.md section 2): back-to-top, link columns (3 groups), social
 * links, download guide and bottom texts. The newsletter sign-up (captcha) is its own issue.
 */
export function Footer({ content }: FooterProps) {
  const { logoUrl, linkColumns, socialLinks, bottomTexts, downloadAsset } = content;
  const hasLinks = linkColumns.some((column) => column.length > 0);

  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.top}>
          {logoUrl ? <img className={styles.logo} src={logoUrl} alt="Ridgeline Arms" /> : <span className={styles.brand}>Ridgeline Arms</span>}
          <button type="button" className={styles.backToTop} onClick={scrollToTop}>
            <ChevronIcon direction="up" />
            Back to top
          </button>
        </div>

        {hasLinks ? (
          <nav aria-label="Footer">
            <div className={styles.columns}>
              {linkColumns.map((column, index) => (
                <ul className={styles.column} key={index}>
                  {column.map((link) => (
                    <li key={`${link.href}-${link.label}`}>
                      <SmartLink href={link.href} className={styles.link}>
                        {link.label}
                      </SmartLink>
                    </li>
                  ))}
                  {index === linkColumns.length - 1 && downloadAsset ? (
                    <li>
                      <a className={styles.link} href={downloadAsset.href} download>
                        {downloadAsset.label}
                      </a>
                    </li>
                  ) : null}
                </ul>
              ))}
            </div>
          </nav>
        ) : null}

        {socialLinks.length > 0 ? (
          <ul className={styles.social} aria-label="Social media">
            {socialLinks.map((link) => (
              <li key={link.href}>
                <SmartLink href={link.href} className={styles.socialLink} aria-label={link.label}>
                  {link.iconUrl ? <img className={styles.socialIcon} src={link.iconUrl} alt="" /> : link.label}
                </SmartLink>
              </li>
            ))}
          </ul>
        ) : null}

        {bottomTexts.length > 0 ? (
          <ul className={styles.bottom}>
            {bottomTexts.map((item, index) => (
              <li key={index}>{item.href ? <SmartLink href={item.href}>{item.text}</SmartLink> : item.text}</li>
            ))}
          </ul>
        ) : null}
      </div>
    </footer>
  );
}
