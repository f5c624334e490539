/**
 * Display rules of the account area (shop-core.md sections 2 and 9): dates as MM/DD/YYYY, the
 * payment status as words, and an address as the lines of its card.
 */

/** MM/DD/YYYY in the US shop's calendar (the order's UTC instant shown in UTC, so it is stable). */
export function formatOrderDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const mm = String(date.getUTCMonth() + 1).padStart(2, '0');
  const dd = String(date.getUTCDate()).padStart(2, '0');
  return `${mm}/${dd}/${date.getUTCFullYear()}`;
}

const PAYMENT_STATUS: Record<string, string> = {
  pending: 'Pending',
  authorized: 'Authorized',
  paid: 'Paid',
  failed: 'Failed',
  refunded: 'Refunded',
};

export function paymentStatusLabel(status: string | null | undefined): string {
  if (!status) return '';
  return PAYMENT_STATUS[status] ?? status.charAt(0).toUpperCase() + status.slice(1);
}

interface AddressLike {
  firstName?: string | null;
  lastName?: string | null;
  company?: string | null;
  addressLine1?: string | null;
  addressLine2?: string | null;
  city?: string | null;
  state?: string | null;
  postalCode?: string | null;
  country?: string | null;
  mainContact?: string | null;
}

/** The lines of an address card, skipping empty parts. */
export function addressLines(address: AddressLike): string[] {
  const name = [address.firstName, address.lastName].filter(Boolean).join(' ');
  const cityLine = [address.city, [address.state, address.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [name, address.company, address.addressLine1, address.addressLine2, cityLine, address.country, address.mainContact]
    .map((line) => (line ?? '').trim())
    .filter(Boolean);
}
