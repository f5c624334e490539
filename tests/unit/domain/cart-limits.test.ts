// The cart's limits and their messages (decision 027), shared by the product page, the cart
// panel and the server.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MAX_CART_LINES, MAX_LINE_QUANTITY, onlyLeftText, quantityProblem } from '../../../src/domain/cart-limits';

describe('cart limits', () => {
  it('are 50 lines a cart and 99 of a line', () => {
    expect([MAX_CART_LINES, MAX_LINE_QUANTITY]).toEqual([50, 99]);
    expect(onlyLeftText(2)).toBe('Only 2 left');
    expect(onlyLeftText(0)).toBe('Out of stock');
  });

  it('a product page takes a whole number from 1 to 99 and no more than is on hand', () => {
    expect(quantityProblem(1, { min: 1, onHand: 2 })).toBeNull();
    expect(quantityProblem(2, { min: 1, onHand: 2 })).toBeNull();
    expect(quantityProblem(5, { min: 1, onHand: 2 })).toBe('Only 2 left');
    for (const bad of [0, -1, 100, 500, 2.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(quantityProblem(bad, { min: 1, onHand: 50 }), String(bad)).toBe('Enter a whole number from 1 to 99');
    }
  });

  it('the cart takes 0 (remove), lets a line come down, and refuses raising it above the stock', () => {
    expect(quantityProblem(0, { min: 0, onHand: 0, current: 3 })).toBeNull();
    expect(quantityProblem(2, { min: 0, onHand: 0, current: 3 })).toBeNull();
    expect(quantityProblem(4, { min: 0, onHand: 0, current: 3 })).toBe('Out of stock');
    expect(quantityProblem(3, { min: 0, onHand: 2, current: 1 })).toBe('Only 2 left');
    expect(quantityProblem(100, { min: 0, current: 1 })).toBe('Enter a whole number from 0 to 99');
  });

  it('never accepts more than is on hand or 99, and always accepts a whole number within both', () => {
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 200 }), fc.integer({ min: 0, max: 150 }), (quantity, onHand) => {
        const problem = quantityProblem(quantity, { min: 1, onHand });
        const fits = quantity >= 1 && quantity <= MAX_LINE_QUANTITY && quantity <= onHand;
        expect(problem === null).toBe(fits);
      }),
    );
  });
});
