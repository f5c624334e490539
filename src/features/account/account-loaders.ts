import type { ActorRefFrom } from 'xstate';
import { whenSnapshot } from '../../components/when-snapshot';
import { isProfileSettled } from '../../../machines/session/session.connect';
import type { sessionMachine } from '../../../machines/session/session.machine';
import { unwrap, type ApiClient } from '../../api/client';
import type { components } from '../../api/schema';
import { newAddressId } from '../../config/paths';

export type UserProfile = components['schemas']['User'];
export type Address = components['schemas']['Address'];
export type OrderSummary = components['schemas']['OrderSummary'];
export type OrderDetail = components['schemas']['OrderDetail'];
export type Review = components['schemas']['Review'];

type Session = ActorRefFrom<typeof sessionMachine>;

/**
 * The account routes' loaders (shop-core.md sections 2 and 7). They run next to the guard's
 * loader, so each first waits for the session to settle with the profile loaded; when nobody is
 * signed in the guard redirects to the provider and the screens render nothing, so the loaders
 * answer empty data instead of calling the API without a token.
 */
async function signedInProfile(session: Session): Promise<UserProfile | null> {
  const snapshot = await whenSnapshot(session, isProfileSettled);
  if (!snapshot.matches('authenticated')) return null;
  return snapshot.context.profile;
}

function notFound(message: string): Response {
  return new Response(message, { status: 404, statusText: 'Not Found' });
}

function isNotFound(error: unknown): boolean {
  const status = error !== null && typeof error === 'object' ? (error as { status?: unknown }).status : undefined;
  return status === 404 || status === 400;
}

export interface NewsletterData {
  /** GET /Newsletter/status/{email}; null when it could not be read. */
  isSubscribed: boolean | null;
  /** Waiting for the confirmation mail's link. */
  isPending: boolean;
}

/** The overview and /profile/newsletter: the newsletter status of the user's own email. */
export function createNewsletterStatusLoader(api: ApiClient | undefined, session: Session) {
  return async (): Promise<NewsletterData> => {
    const profile = await signedInProfile(session);
    if (!api || !profile) return { isSubscribed: null, isPending: false };
    try {
      const status = await unwrap(api.GET('/Newsletter/status/{email}', { params: { path: { email: profile.email } } }));
      return { isSubscribed: status.isSubscribed, isPending: status.isPending };
    } catch {
      // The overview still shows contact details and addresses; the status reads "unknown".
      return { isSubscribed: null, isPending: false };
    }
  };
}

/** Screens that read only the session's profile (details, address book, account information). */
export function createProfileLoader(session: Session) {
  return async (): Promise<{ ready: true }> => {
    await signedInProfile(session);
    return { ready: true };
  };
}

export interface AddressData {
  /** null: the 'new' route. */
  address: Address | null;
}

/** /profile/address-book/{id}: the saved address, or none for 'new'; an unknown id is 404. */
export function createAddressLoader(session: Session) {
  return async ({ params }: { params: { id?: string } }): Promise<AddressData> => {
    const profile = await signedInProfile(session);
    if (params.id === newAddressId) return { address: null };
    const id = Number(params.id);
    const address = profile?.addresses.find((candidate) => candidate.id === id) ?? null;
    if (profile && !address) throw notFound('Address not found');
    return { address };
  };
}

/** /profile/orders: the order history (GET /Order, newest first). */
export function createOrdersLoader(api: ApiClient | undefined, session: Session) {
  return async (): Promise<{ orders: OrderSummary[] }> => {
    const profile = await signedInProfile(session);
    if (!api || !profile) return { orders: [] };
    return { orders: await unwrap(api.GET('/Order')) };
  };
}

/** /profile/orders/{id}: one order; another user's (or an unknown) id is the API's 404. */
export function createOrderLoader(api: ApiClient | undefined, session: Session) {
  return async ({ params }: { params: { id?: string } }): Promise<{ order: OrderDetail | null }> => {
    const orderId = Number(params.id);
    if (!Number.isInteger(orderId) || orderId < 1) throw notFound('Order not found');
    const profile = await signedInProfile(session);
    if (!api || !profile) return { order: null };
    try {
      return { order: await unwrap(api.GET('/Order/{orderId}', { params: { path: { orderId } } })) };
    } catch (error) {
      if (isNotFound(error)) throw notFound('Order not found');
      throw error;
    }
  };
}

/** /profile/my-reviews: the customer's reviews (GET /Reviews/mine) with their products. */
export function createMyReviewsLoader(api: ApiClient | undefined, session: Session) {
  return async (): Promise<{ reviews: Review[] }> => {
    const profile = await signedInProfile(session);
    if (!api || !profile) return { reviews: [] };
    return { reviews: await unwrap(api.GET('/Reviews/mine')) };
  };
}
