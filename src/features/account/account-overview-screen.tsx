import { useEffect } from 'react';
import { Link, useLoaderData, useLocation } from 'react-router-dom';
import { connect } from '../../../machines/session/session.connect';
import { paths, profileAddressUrl } from '../../config/paths';
import { emailVerificationUrl } from '../../config/identity-links';
import { useAppActors, useAppServices } from '../../services/providers';
import { useConnect } from '../../components/use-connect';
import { NEWSLETTER_TEXTS } from '../../domain/newsletter-texts';
import type { createNewsletterStatusLoader } from './account-loaders';
import { AddressCard } from './address-card';
import styles from './account.module.css';
import { useProfile } from './use-account';

/**
 * The account index (/profile, shop-core.md section 2, "Account area"): contact information with
 * Edit and Change Password (the provider's page with the UPDATE_PASSWORD action, through the
 * session machine), the newsletter status, and the default shipping and billing addresses, each
 * with a link to change it. An address the provider has not verified says "Email not verified —
 * resend" (issue 18), from the ID token's `email_verified`; the claims are read again when the
 * overview shows it, so a verification done since clears it.
 */
export function AccountOverviewScreen() {
  const { session } = useAppActors();
  const { settings } = useAppServices();
  const location = useLocation();
  const account = useConnect(session, (snapshot) => connect(snapshot, session.send));
  const { isEmailUnverified } = account;
  // Once per showing of the notice; the renewal's claims decide whether it stays.
  useEffect(() => {
    if (isEmailUnverified) session.send({ type: 'session.claims.refresh' });
  }, [isEmailUnverified, session]);
  const profile = useProfile();
  const { isSubscribed, isPending } = useLoaderData<ReturnType<typeof createNewsletterStatusLoader>>();

  const shipping = profile?.addresses.find((address) => address.isDefaultShipping) ?? null;
  const billing = profile?.addresses.find((address) => address.isDefaultBilling) ?? null;
  const changeLink = (address: typeof shipping, kind: string) =>
    address ? (
      <Link to={profileAddressUrl(address.id)} className={styles.link} aria-label={`Change ${kind} address`}>
        Change
      </Link>
    ) : (
      <Link to={profileAddressUrl()} className={styles.link} aria-label={`Add a ${kind} address`}>
        Add address
      </Link>
    );

  return (
    <section aria-labelledby="account-title">
      <h1 id="account-title" className={styles.title}>
        My Account
      </h1>

      <h2 className={styles.sectionTitle}>Account information</h2>
      <div className={styles.cards}>
        <article className={styles.card} aria-label="Contact information">
          <h3 className={styles.cardTitle}>Contact information</h3>
          {account.hasProfile || account.name || account.email ? (
            <dl className={styles.details}>
              <dt>Name</dt>
              <dd>{account.name}</dd>
              <dt>Email</dt>
              <dd>
                <span>{account.email}</span>
                {isEmailUnverified ? (
                  <>
                    <br />
                    <span className={styles.muted}>
                      Email not verified —{' '}
                      <a href={emailVerificationUrl(settings.oidcAuthority, globalThis.location?.origin ?? '', account.email)} className={styles.link}>
                        resend
                      </a>
                    </span>
                  </>
                ) : null}
              </dd>
              <dt>Phone</dt>
              <dd>{profile?.phoneNumber || <span className={styles.muted}>Not given</span>}</dd>
            </dl>
          ) : (
            <p className={styles.muted}>Loading your details…</p>
          )}
          <div className={styles.cardActions}>
            <Link to={paths.profileDetails} className={styles.link} aria-label="Edit contact information">
              Edit
            </Link>
            <button type="button" className={styles.linkButton} onClick={() => account.changePassword(location.pathname)}>
              Change Password
            </button>
          </div>
        </article>

        <article className={styles.card} aria-label="Newsletter">
          <h3 className={styles.cardTitle}>Newsletter</h3>
          <p className={styles.cardBody}>
            {isSubscribed === null
              ? 'Your newsletter status could not be read.'
              : isSubscribed
                ? 'You are subscribed to the newsletter.'
                : isPending
                  ? NEWSLETTER_TEXTS.pending
                  : 'You are not subscribed to the newsletter.'}
          </p>
          <div className={styles.cardActions}>
            <Link to={paths.profileNewsletter} className={styles.link} aria-label="Edit newsletter preference">
              Edit
            </Link>
          </div>
        </article>
      </div>

      <h2 className={styles.sectionTitle}>Address book</h2>
      <div className={styles.cards}>
        <AddressCard title="Default shipping address" address={shipping} empty="You have no default shipping address.">
          {changeLink(shipping, 'shipping')}
        </AddressCard>
        <AddressCard title="Default billing address" address={billing} empty="You have no default billing address.">
          {changeLink(billing, 'billing')}
        </AddressCard>
      </div>
      <p>
        <Link to={paths.profileAddressBook} className={styles.link}>
          Manage addresses
        </Link>
      </p>

      <h2 className={styles.sectionTitle}>More</h2>
      <ul className={styles.actions} aria-label="More account pages">
        <li>
          <Link to={paths.profileAccountInformation} className={styles.secondary}>
            Account information
          </Link>
        </li>
        <li>
          <Link to={paths.profileMyReviews} className={styles.secondary}>
            My reviews
          </Link>
        </li>
      </ul>
    </section>
  );
}
