import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPrice } from '../../../src/domain/money';

/** What the shop showed before decision 051, and what a US shopper expects to read. */
const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

describe('formatPrice writes Intl en-US currency to the character', () => {
  it('for the cases a shop meets', () => {
    const cases = [0, -0, 1, 0.5, 9.99, 10, 999.99, 1000, 1234.5, 12345.678, 1_000_000, 1_234_567.891, -5, -1234.5, -0.001, 0.004,
      0.005, 0.015, 1.005, 1.115, 2.675, 0.125, 0.375, 1e15, 9007199254740.99, 1e20, Number.NaN, Infinity, -Infinity];
    for (const value of cases) expect(formatPrice(value), String(value)).toBe(intl.format(value));
  });

  it('for any double, including the halfway and nearly halfway cents', () => {
    fc.assert(
      fc.property(fc.oneof(fc.double({ noNaN: false }), fc.integer({ min: -1e9, max: 1e9 }).map((c) => c / 1000), fc.integer().map((c) => c / 100 + 0.005)), (value) => {
        expect(formatPrice(value)).toBe(intl.format(value));
      }),
      { numRuns: 20_000 },
    );
  });

  it('shows missing amounts as $0.00', () => {
    expect(formatPrice(null)).toBe('$0.00');
    expect(formatPrice(undefined)).toBe('$0.00');
  });
});
