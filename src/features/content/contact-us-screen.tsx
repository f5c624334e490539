import { useLoaderData } from 'react-router-dom';
import type { createContentLoaders } from './content-loaders';
import { emailHref, phoneHref } from '../../domain/map-contact-us';
import { useRouteTitle } from '../../components/use-route-title';
import { PageBanner } from '../../components/page-banner';
import page from '../../components/content-page.module.css';
import styles from './contact-us.module.css';

/**
 * Contact us (catalogue-and-content.md sections 2 and 3): image, address lines, phone (tel:),
 * e-mail (mailto:) and social links. Missing parts are left out; the empty default content
 * renders the title only.
 */
export function ContactUsScreen() {
  const content = useLoaderData<ReturnType<typeof createContentLoaders>['contactUs']>();
  const routeTitle = useRouteTitle();
  const title = content.title || routeTitle;
  const address = [content.address1, content.address2, content.address3].filter(Boolean);
  const tel = content.phone ? phoneHref(content.phone) : '';
  const mailto = content.email ? emailHref(content.email) : '';

  return (
    <article className={page.page}>
      <PageBanner src={content.imgUrl} alt={content.imgAlt} />
      <header className={`${page.container} ${page.header}`}>
        <h1 className={page.title}>{title}</h1>
      </header>
      <div className={`${page.container} ${styles.grid}`}>
        {address.length ? (
          <section className={styles.card} aria-labelledby="contact-address">
            <h2 id="contact-address" className={styles.cardHeading}>
              Address
            </h2>
            <address className={styles.address}>
              {address.map((line, index) => (
                <span key={`${index}-${line}`} className={styles.line}>
                  {line}
                </span>
              ))}
            </address>
          </section>
        ) : null}
        {content.phone || content.email ? (
          <section className={styles.card} aria-labelledby="contact-reach">
            <h2 id="contact-reach" className={styles.cardHeading}>
              Call or write
            </h2>
            <dl className={styles.reach}>
              {content.phone ? (
                <div>
                  <dt>Phone</dt>
                  <dd>{tel ? <a href={tel}>{content.phone}</a> : content.phone}</dd>
                </div>
              ) : null}
              {content.email ? (
                <div>
                  <dt>Email</dt>
                  <dd>{mailto ? <a href={mailto}>{content.email}</a> : content.email}</dd>
                </div>
              ) : null}
            </dl>
          </section>
        ) : null}
        {content.socialLinks.length ? (
          <section className={styles.card} aria-labelledby="contact-social">
            <h2 id="contact-social" className={styles.cardHeading}>
              Follow us
            </h2>
            <ul className={styles.social}>
              {content.socialLinks.map((link) => (
                <li key={link.url}>
                  <a className={styles.socialLink} href={link.url} target="_blank" rel="noopener noreferrer">
                    {link.iconUrl ? <img className={styles.icon} src={link.iconUrl} alt="" width={24} height={24} /> : null}
                    {link.title}
                    <span className="visually-hidden"> (opens in a new tab)</span>
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </article>
  );
}
