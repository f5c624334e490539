import type { FormEvent } from 'react';
import { useLoaderData } from 'react-router-dom';
import { NEWSLETTER_TEXTS } from '../../domain/newsletter-texts';
import type { createNewsletterStatusLoader } from './account-loaders';
import styles from './account.module.css';
import { accountInputOf, useAccount, useProfile } from './use-account';

/**
 * /profile/newsletter (shop-core.md sections 2, 7, 8): the status of the account's email
 * (Newsletter/status) and the one change it allows, subscribe or unsubscribe; the machine shows
 * 'You have been subscribed to the newsletter' / 'You have been unsubscribed from the newsletter'.
 * A subscription that waits for the confirmation mail's link reads as pending, and Subscribe sends
 * the mail again (docs/decisions/036).
 */
export function NewsletterScreen() {
  const profile = useProfile();
  const { isSubscribed, isPending } = useLoaderData<ReturnType<typeof createNewsletterStatusLoader>>();
  const account = useAccount(accountInputOf(profile, isSubscribed, isPending));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (account.canUnsubscribe) account.unsubscribe();
    else if (account.canSubscribe) account.subscribe();
  };

  const status =
    account.isSubscribed === null
      ? 'Your newsletter status could not be read. Please try again later.'
      : account.isSubscribed
        ? `You are subscribed to the newsletter at ${profile?.email ?? 'your email address'}.`
        : account.isPending
          ? NEWSLETTER_TEXTS.pending
          : `You are not subscribed to the newsletter.`;

  return (
    <section aria-labelledby="newsletter-title">
      <h1 id="newsletter-title" className={styles.title}>
        Newsletter preference
      </h1>
      <form className={styles.form} onSubmit={onSubmit} aria-labelledby="newsletter-title">
        <article className={styles.card} aria-label="Newsletter status">
          <h2 className={styles.cardTitle}>Ridgeline Arms newsletter</h2>
          <p className={styles.cardBody}>New products, limited editions and range news, a few times a month.</p>
          <p className={styles.cardBody} role="status">
            <strong>{status}</strong>
          </p>
          <div className={styles.cardActions}>
            {account.isSubscribed === null ? null : (
              <button
                type="submit"
                className={account.isSubscribed ? styles.secondary : styles.primary}
                disabled={account.isNewsletterBusy}
              >
                {account.isNewsletterBusy
                  ? 'Saving…'
                  : account.isSubscribed
                    ? 'Unsubscribe'
                    : account.isPending
                      ? 'Send the confirmation email again'
                      : 'Subscribe'}
              </button>
            )}
          </div>
        </article>
      </form>
    </section>
  );
}
