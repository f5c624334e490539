import type { AddressValues, DetailsValues } from '../../src/domain/address-forms';
import { NEWSLETTER_TEXTS } from '../../src/domain/newsletter-texts';
import type { NotificationKind } from '../notification/notification.types';
import type { Address, UserProfile } from './account.actors';

export type { Address, AddressValues, DetailsValues, UserProfile };

/** Texts of shop-core.md section 8 (newsletter) and of the account forms (spec silent: ours). */
export const ACCOUNT_TEXTS = {
  subscribed: NEWSLETTER_TEXTS.subscribed,
  unsubscribed: NEWSLETTER_TEXTS.unsubscribed,
  detailsSaved: 'Your details have been saved',
  addressSaved: 'The address has been saved',
  addressDeleted: 'The address has been deleted',
} as const;

/** What one visit to an account screen starts with (read by the route loader). */
export interface AccountInput {
  email: string;
  firstName: string;
  lastName: string;
  /** GET /Newsletter/status/{email}; null when the screen did not ask. */
  isSubscribed: boolean | null;
  /** Subscribed but the confirmation mail's link is not opened yet (docs/decisions/036). */
  isPending: boolean;
  addresses: Address[];
}

/** What Newsletter/status answers (and the subscribe actor resolves with, read again after the call). */
export interface NewsletterStatus {
  isSubscribed: boolean;
  isPending: boolean;
}

export interface AccountContext extends AccountInput {
  /** The address awaiting the shopper's confirmation of Delete. */
  pendingDeleteId: number | null;
}

export type AccountEvent =
  | { type: 'details.submit'; values: DetailsValues }
  | { type: 'newsletter.subscribe' }
  | { type: 'newsletter.unsubscribe' }
  | { type: 'address.save'; id: number | null; values: AddressValues }
  | { type: 'address.delete'; id: number }
  | { type: 'address.delete.confirm' }
  | { type: 'address.delete.cancel' };

/**
 * Emitted for the rest of the app (the screen's hook forwards them): the banner shows the
 * texts, and the session reloads the profile that checkout prefills from.
 */
export type AccountEmitted =
  | { type: 'notification.show'; kind: NotificationKind; text: string }
  | { type: 'session.profile.reload' };

export interface SaveAddressInput {
  /** null: a new address (POST, the id is never sent). */
  id: number | null;
  values: AddressValues;
}

export interface SubscribeInput {
  email: string;
  firstName: string;
  lastName: string;
}

/** The verification page (/Newsletter/verify/{token}, section 8). */
export const VERIFY_TEXTS = {
  verifying: 'VERIFYING EMAIL...',
  verified: 'Email verified successfully',
  failed: 'Email verification failed',
} as const;

export type VerifyEmitted = { type: 'notification.show'; kind: NotificationKind; text: string };
