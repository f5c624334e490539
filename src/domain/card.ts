/** Card number entry rules (shop-core.md section 5, input formatting). */
export type CardBrand = 'Visa' | 'Mastercard' | 'Amex' | 'Discover';

export function cardDigits(input: string): string {
  return input.replace(/\D/g, '');
}

export function detectCardBrand(input: string): CardBrand | null {
  const d = cardDigits(input);
  if (/^3[47]/.test(d)) return 'Amex';
  if (/^4/.test(d)) return 'Visa';
  if (/^(5[1-5]|2(2[2-9][1-9]|2[3-9]\d|[3-6]\d\d|7[01]\d|720))/.test(d)) return 'Mastercard';
  if (/^(6011|65|64[4-9]|622(12[6-9]|1[3-9]\d|[2-8]\d\d|9[01]\d|92[0-5]))/.test(d)) return 'Discover';
  return null;
}

/**
 * Groups the digits with spaces: 15 digits in groups 4-6-5 for numbers starting 34 or 37,
 * otherwise up to 16 digits in groups of 4.
 */
export function formatCardNumber(input: string): string {
  const d = cardDigits(input);
  if (/^3[47]/.test(d)) {
    const amex = d.slice(0, 15);
    return [amex.slice(0, 4), amex.slice(4, 10), amex.slice(10, 15)].filter(Boolean).join(' ');
  }
  return (d.slice(0, 16).match(/.{1,4}/g) ?? []).join(' ');
}

/** Expiry years: the current year and the next 9; months 01 to 12. */
export function expiryYears(now = new Date()): string[] {
  const year = now.getFullYear();
  return Array.from({ length: 10 }, (_, i) => String(year + i));
}

export const expiryMonths: readonly string[] = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'));
