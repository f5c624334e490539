/*
 * The cart's limits and their messages (issue 17, decision 027), one copy for the product page,
 * the cart panel and the server: at most 50 lines in a cart, at most 99 of one line, and never
 * more than the shop has on hand.
 */

/** Lines one cart may hold (a household's order, not a warehouse's). */
export const MAX_CART_LINES = 50;
/** Units of one line. */
export const MAX_LINE_QUANTITY = 99;

/** The answer to a quantity above stock: n is the units on hand ('Out of stock' for none). */
export const onlyLeftText = (left: number): string => (left > 0 ? `Only ${left} left` : 'Out of stock');

export const tooManyLinesText = `Your cart can hold at most ${MAX_CART_LINES} different items. Please remove one before adding another.`;

export const lineQuantityText = (min: 0 | 1): string => `Enter a whole number from ${min} to ${MAX_LINE_QUANTITY}`;

export const soldOnlyInBuildText = (productName: string): string =>
  `${productName} is sold only as part of a rifle build. Please add it from the 3D builder.`;

/**
 * What is wrong with a quantity typed for one line, or null when it can be sent. `min` is 1 on a
 * product page and 0 in the cart (0 removes the line). `onHand` is the stock the page knows
 * (undefined: unknown, the server decides); a quantity that lowers a line is never refused over
 * stock, so a shopper can always bring a line down to what is left.
 */
export function quantityProblem(
  quantity: number,
  { min, onHand, current }: { min: 0 | 1; onHand?: number | null; current?: number },
): string | null {
  if (!Number.isInteger(quantity) || quantity < min || quantity > MAX_LINE_QUANTITY) return lineQuantityText(min);
  if (quantity === 0) return null;
  if (onHand !== undefined && onHand !== null && quantity > onHand && (current === undefined || quantity > current)) {
    return onlyLeftText(onHand);
  }
  return null;
}
