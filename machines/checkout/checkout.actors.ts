import { fromPromise } from 'xstate';
import { unwrap, type ApiClient } from '../../src/api/client';
import type { components } from '../../src/api/schema';
import { COUNTRY, shippingDestination } from '../../src/domain/checkout-forms';
import type {
  BillingValues,
  Cart,
  CardValues,
  CartRef,
  ComputeInput,
  PlaceOrderInput,
  PlaceOrderOutput,
  PromoInput,
  RemoveItemsInput,
  TokenizeCard,
} from './checkout.types';

type CustomerInfo = components['schemas']['CustomerInfo'];
type UsState = components['schemas']['UsState'];

export interface CheckoutActorDeps {
  api: ApiClient;
  /** The card payment provider's browser tokenizer (the card never reaches our API). */
  tokenizeCard: TokenizeCard;
}

const filled = (value: string) => value.trim();
/** Optional text fields are left out when empty (the contract's patterns reject ''). */
const optional = (value: string) => (value.trim() === '' ? undefined : value.trim());

/**
 * The checkout payload's customerInfo (shop-core.md section 3): the billing form with `name` and
 * `shippingName` ('first last') in place of the first- and last-name fields. With shipping the same
 * as billing the server uses the billing values, so the shipping fields are left out.
 */
export function toCustomerInfo(billing: BillingValues): CustomerInfo {
  const info: CustomerInfo = {
    email: filled(billing.email),
    name: `${filled(billing.firstName)} ${filled(billing.lastName)}`.trim(),
    company: optional(billing.company),
    mainContact: optional(billing.mainContact),
    address: filled(billing.address),
    city: filled(billing.city),
    state: billing.state as UsState,
    zip: filled(billing.zip),
    country: COUNTRY,
    optInNewsletter: billing.optInNewsletter,
    shippingSameAsBilling: billing.shippingSameAsBilling,
    shippingMethodId: billing.shippingMethodId ?? 0,
  };
  if (!billing.shippingSameAsBilling) {
    Object.assign(info, {
      shippingName: `${filled(billing.shippingFirstName)} ${filled(billing.shippingLastName)}`.trim(),
      shippingCompany: optional(billing.shippingCompany),
      addressContact: optional(billing.addressContact),
      shippingAddress: filled(billing.shippingAddress),
      shippingCity: filled(billing.shippingCity),
      shippingState: billing.shippingState as UsState,
      shippingZip: filled(billing.shippingZip),
      shippingCountry: COUNTRY,
    });
  }
  // Undefined members would still be serialized away, but keep the object clean for the contract.
  return Object.fromEntries(Object.entries(info).filter(([, value]) => value !== undefined)) as CustomerInfo;
}

/** The compute payload's address: where the non-FFL goods ship (tax region), country 'US'. */
export function computeAddress(billing: BillingValues) {
  const to = shippingDestination(billing);
  const line2 = billing.shippingSameAsBilling ? undefined : optional(billing.addressContact);
  return {
    line1: filled(to.address),
    ...(line2 ? { line2 } : {}),
    city: filled(to.city),
    region: to.state as UsState,
    postalCode: filled(to.zip),
    country: 'US' as const,
  };
}

function loadCart(api: ApiClient, ref: Pick<CartRef, 'guestToken'>): Promise<Cart> {
  return ref.guestToken
    ? unwrap(api.GET('/Cart/guest/{guestToken}', { params: { path: { guestToken: ref.guestToken } } }))
    : unwrap(api.GET('/Cart'));
}

/**
 * The checkout machine's actors over the API client and the payment tokenizer. The view provides
 * them with `checkoutMachine.provide({ actors: createCheckoutActors(deps) })`; tests provide fakes.
 * Guest carts use the guest calls (the guest token in the path), a signed-in user's cart the
 * bearer calls (section 7).
 */
export function createCheckoutActors({ api, tokenizeCard }: CheckoutActorDeps) {
  return {
    computeCart: fromPromise<Cart, ComputeInput>(({ input }) => {
      const body = {
        address: { ...computeAddress(input.billing), ...(input.taxCode ? { taxCode: input.taxCode } : {}) },
        cartId: input.cartId,
        shippingMethodId: input.billing.shippingMethodId ?? 0,
        // Where the FFL lines go, so they are taxed at the dealer's state (decision 007).
        ...(input.dealer?.dealerState ? { dealerState: input.dealer.dealerState as UsState } : {}),
      };
      return input.guestToken
        ? unwrap(api.POST('/Cart/guest/{guestToken}/compute', { params: { path: { guestToken: input.guestToken } }, body }))
        : unwrap(api.POST('/Cart/compute', { body }));
    }),

    /** Removes the items one after the other; the last answer is the whole cart. */
    removeCartItems: fromPromise<Cart, RemoveItemsInput>(async ({ input }) => {
      let cart: Cart | null = null;
      for (const id of input.itemIds) {
        cart = input.guestToken
          ? await unwrap(
              api.DELETE('/Cart/guest/{guestToken}/items/{id}', { params: { path: { guestToken: input.guestToken, id } } }),
            )
          : await unwrap(api.DELETE('/Cart/items/{id}', { params: { path: { id } } }));
      }
      return cart ?? loadCart(api, input);
    }),

    applyPromoCode: fromPromise<Cart, PromoInput>(({ input }) => {
      const body = { promoCode: input.promoCode.trim(), cartId: input.cartId };
      return input.guestToken
        ? unwrap(api.POST('/Cart/guest/{guestToken}/promo-code', { params: { path: { guestToken: input.guestToken } }, body }))
        : unwrap(api.POST('/Cart/promo-code', { body }));
    }),

    tokenizeCard: fromPromise<string, CardValues>(({ input }) => tokenizeCard(input)),

    placeOrder: fromPromise<PlaceOrderOutput, PlaceOrderInput>(async ({ input }) => {
      const result = await unwrap(
        api.POST('/Checkout/simplified', {
          params: { header: { 'Idempotency-Key': input.idempotencyKey } },
          body: {
            cartId: input.cartId,
            customerInfo: toCustomerInfo(input.billing),
            // The chosen dealer by id: the server sends the firearms to its record (decision 029).
            ...(input.dealer ? { dealerId: input.dealer.dealerId } : {}),
            paymentToken: input.paymentToken,
          },
        }),
      );
      // The ordered cart is closed; the shopper's next cart is a new, empty one.
      const cart = await loadCart(api, input).catch(() => null);
      return { orderId: result.orderId, cart };
    }),
  };
}
