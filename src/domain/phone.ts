/** Phone pattern: optional +1, then 3-3-4 digits with optional separators (shop-core.md section 5). */
export const US_PHONE_PATTERN = /^(\+?1[ .-]?)?\(?\d{3}\)?[ .-]?\d{3}[ .-]?\d{4}$/;

export function isUsPhone(input: string): boolean {
  return US_PHONE_PATTERN.test(input.trim());
}

/** Shows a phone number as a US number while it is typed: (208) 555-0142. */
export function formatUsPhone(input: string): string {
  let d = input.replace(/\D/g, '');
  if (d.length === 11 && d.startsWith('1')) d = d.slice(1);
  d = d.slice(0, 10);
  if (d.length <= 3) return d.length ? `(${d}` : '';
  if (d.length <= 6) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}
