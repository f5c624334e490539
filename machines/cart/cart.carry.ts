import type { Cart, CartLineInput } from './cart.types';

/*
 * The cart's part of a session that expired (issue 18, decision 035 addendum), loaded only when
 * one did (cart.actors.ts imports it on demand). It imports nothing at run time, so no module of
 * the first load is shared into its chunk (decision 035); the calls and the line rules of
 * cart.operations.ts come as arguments.
 */

/** The line rules of cart.operations.ts this module needs. */
export interface LineRules {
  isSameLine(a: CartLineInput, b: CartLineInput): boolean;
  cartLines(cart: Cart): CartLineInput[];
}

/** One cart's calls: add lines (the server takes all or none), and read the cart. */
export interface CartCalls {
  add(lines: CartLineInput[]): Promise<Cart>;
  load(): Promise<Cart>;
}

/** A refusal of the lines themselves (a sku no longer sold, not enough stock): 400 or 409. */
function isRefusal(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return status === 400 || status === 409;
}

/**
 * Adds lines in one call. When the server refuses them (one sold out since, say), each goes on its
 * own and a refused one is left out. Once one went in nothing more is thrown, so a caller that
 * retries after a failure never adds a line twice.
 */
export async function addLines(cart: CartCalls, lines: CartLineInput[]): Promise<Cart> {
  try {
    return await cart.add(lines);
  } catch (error) {
    if (!isRefusal(error)) throw error;
  }
  let latest: Cart | undefined;
  for (const line of lines) {
    try {
      latest = await cart.add([line]);
    } catch {
      // Refused (or failed): left out; the others still go in.
    }
  }
  return latest ?? cart.load();
}

/**
 * What a guest cart that carried the user's lines over (after an expiry) has beyond them: its
 * lines, each less what was carried of it; a line it has no more of than was carried is left out.
 */
export function linesBeyondCarried(cart: Cart, carried: readonly CartLineInput[], rules: LineRules): CartLineInput[] {
  return rules.cartLines(cart).flatMap((line) => {
    const quantity = line.quantity - (carried.find((other) => rules.isSameLine(other, line))?.quantity ?? 0);
    return quantity > 0 ? [{ ...line, quantity }] : [];
  });
}

/**
 * The sign-in after an expiry whose guest cart carried the user's lines over: the user's cart
 * still has those lines, so a merge (which adds quantities) would count them twice. Only what the
 * guest cart has beyond them is added to the user's cart; the guest cart is left behind, as any
 * abandoned guest cart. A line lowered or removed as a guest stays as the user's cart has it.
 * Nothing changes unless the add goes through, so a failure can be retried by the next sign-in.
 */
export async function mergeCarriedCart(guest: CartCalls, user: CartCalls, carried: readonly CartLineInput[], rules: LineRules): Promise<Cart> {
  const lines = linesBeyondCarried(await guest.load(), carried, rules);
  return lines.length ? addLines(user, lines) : user.load();
}
