import { z } from 'zod';
import type { Snapshot, SnapshotFrom } from 'xstate';
import { billingFields, dealerFields } from '../../src/domain/checkout-forms';
import type { checkoutMachine } from './checkout.machine';

/**
 * The checkout survives a reload (issue 18 item 4; docs/decisions/040): the checkout actor's
 * persisted snapshot (XState's `getPersistedSnapshot`), as the view keeps it in sessionStorage.
 * Pure functions: the view reads and writes the storage (src/features/checkout/use-checkout.ts).
 *
 * What is kept: the typed and submitted billing values, the chosen dealer, the order attempt's
 * idempotency key and the dealer step's own snapshot (its list and choice). What never is: card
 * data (it only ever travels in the Place Order event), the payment token, anything computed
 * (the cart, totals, restricted lines, errors) and the invoked calls under way.
 *
 * A checkout past the billing step is stored as `resuming`, so the restored machine checks the
 * current cart again (restricted items, then compute) before it shows payment. A finished
 * checkout is removed. A snapshot of another owner, an older version of the machine, older than
 * a day, or one that does not read back is dropped.
 */

/** Bumped whenever the checkout machine's states or context change shape. */
export const CHECKOUT_SNAPSHOT_VERSION = 1;
/** A checkout left longer than this starts afresh (the cart and prices may have moved on). */
export const CHECKOUT_SNAPSHOT_MAX_AGE_MS = 24 * 60 * 60 * 1000;
export const CHECKOUT_STORAGE_KEY = 'shop.checkout';

type CheckoutSnapshot = SnapshotFrom<typeof checkoutMachine>;

/** Whose checkout it is: 'guest', or the signed-in user's subject. */
export type CheckoutOwner = string;

interface StoredCheckout {
  version: number;
  savedAt: number;
  owner: CheckoutOwner;
  snapshot: Snapshot<unknown>;
}

const FINISHED = new Set(['confirmed', 'emptied', 'cartGone']);

/**
 * The stored form of a checkout snapshot (the actor's `getPersistedSnapshot()`), or null when
 * nothing should be kept (a finished checkout, or nothing typed yet).
 */
export function checkoutToStore(
  snapshot: CheckoutSnapshot,
  persisted: Snapshot<unknown>,
  { owner, now }: { owner: CheckoutOwner; now: number },
): string | null {
  if (snapshot.status !== 'active') return null;
  const top = typeof snapshot.value === 'string' ? snapshot.value : Object.keys(snapshot.value)[0];
  if (FINISHED.has(top)) return null;
  const { context } = snapshot;
  if (!context.draft && !context.billing && !context.dealer) return null;
  const past = top !== 'billing' && context.billing !== null;
  const { children } = persisted as { children?: Record<string, unknown> };
  const stored: StoredCheckout = {
    version: CHECKOUT_SNAPSHOT_VERSION,
    savedAt: now,
    owner,
    snapshot: {
      ...persisted,
      value: past ? 'resuming' : 'billing',
      context: {
        cart: null,
        billing: context.billing,
        draft: context.draft,
        dealer: context.dealer,
        computedCart: null,
        restrictedItems: [],
        attemptKey: context.attemptKey,
        orderSubmissions: context.orderSubmissions,
        orderId: null,
        paymentError: null,
        paymentToken: null,
      } satisfies CheckoutSnapshot['context'],
      // The dealer step only: the calls under way (compute, tokenizer, order) are not resumed.
      children: children?.fflDealer ? { fflDealer: children.fflDealer } : {},
      historyValue: {},
    } as unknown as Snapshot<unknown>,
  };
  return JSON.stringify(stored);
}

const billingValues = billingFields.strict().nullable();
const storedShape = z.object({
  version: z.literal(CHECKOUT_SNAPSHOT_VERSION),
  savedAt: z.number().finite(),
  owner: z.string(),
  snapshot: z.object({
    status: z.literal('active'),
    value: z.enum(['billing', 'resuming']),
    context: z
      .object({
        cart: z.null(),
        billing: billingValues,
        draft: billingValues,
        dealer: dealerFields.extend({ dealerId: z.number().int().positive() }).strict().nullable(),
        computedCart: z.null(),
        restrictedItems: z.array(z.never()),
        attemptKey: z.string().regex(/^checkout-[0-9a-f]{32}$/).nullable(),
        orderSubmissions: z.number().int().min(0),
        orderId: z.null(),
        paymentError: z.null(),
        paymentToken: z.null(),
      })
      .strict(),
    children: z.object({ fflDealer: z.object({ src: z.literal('fflDealer'), snapshot: z.object({ status: z.literal('active') }).passthrough() }).passthrough().optional() }).strict(),
  }).passthrough(),
});

/**
 * The persisted snapshot to start the checkout actor from, or null to start afresh: nothing
 * stored, unreadable, another version, another owner, or older than a day. A snapshot that
 * reads back here can still be refused by the machine (`restore` in use-checkout.ts tries it).
 */
export function checkoutFromStore(raw: string | null, { owner, now }: { owner: CheckoutOwner; now: number }): Snapshot<unknown> | null {
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  const result = storedShape.safeParse(parsed);
  if (!result.success) return null;
  const stored = result.data;
  if (stored.owner !== owner) return null;
  if (stored.savedAt > now || now - stored.savedAt > CHECKOUT_SNAPSHOT_MAX_AGE_MS) return null;
  // The stored value, not the parsed copy: the dealer step's snapshot is its own machine's to read.
  return (parsed as StoredCheckout).snapshot;
}
