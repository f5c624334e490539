/**
 * Newsletter texts (shop-core.md section 8, catalogue-and-content.md section 8) and what we add
 * when the subscription waits for the double opt-in link (issue 18 item 5, docs/decisions/036).
 * The spec's texts stay verbatim; ours follow them.
 */
export const NEWSLETTER_TEXTS = {
  subscribed: 'You have been subscribed to the newsletter',
  unsubscribed: 'You have been unsubscribed from the newsletter',
  /** After the spec's sentence when a confirmation mail was sent. */
  checkInbox: 'Check your inbox to confirm.',
  /** The account's status line of a subscription that waits for the link. */
  pending: 'Subscription pending: check your inbox to confirm',
  /** Under the checkout's opt-in (the mail goes out with the order). */
  checkoutHint: 'A confirmation email will follow: open its link to start your subscription (not needed for an address already confirmed).',
} as const;

/** The notice of a subscribe call: the spec's text, and when a confirmation mail was sent, what to do next. */
export function subscribedNotice(isPending: boolean): string {
  return isPending ? `${NEWSLETTER_TEXTS.subscribed}. ${NEWSLETTER_TEXTS.checkInbox}` : NEWSLETTER_TEXTS.subscribed;
}
