import { salesTaxCents } from './sales-tax';

/**
 * Cart and order arithmetic, in integer cents (decision 007). Pure: the cart view, the compute
 * call and checkout all use these functions, so what the cart shows is what the card is charged.
 *
 *   subTotal       = sum of list price x quantity
 *   productDiscount= sum of (list price - sale price) x quantity
 *   promo          = promo-code discount (on sale prices of the eligible lines)
 *   discount       = productDiscount + promo          (cart.discount)
 *   discountAmount = promo                            (cart.discountAmount)
 *   tax            = state rate x (subTotal - discount); shipping is not taxed
 *   total          = subTotal - discount + shipping + tax
 */

export interface PricedLine {
  /** Cart line id. */
  id: number;
  sku: string;
  quantity: number;
  /** List unit price. */
  listCents: number;
  /** Unit price charged (after the sku's sale discount). */
  unitCents: number;
}

export interface PromoRule {
  code: string;
  name: string;
  /** 'percent': value is a whole percentage; 'fixed': value is cents. */
  kind: string;
  value: number;
  /** Product-specific when not empty: only these skus' lines are eligible. */
  skus: string[];
  minSubtotalCents: number;
  startsAt: Date | null;
  expiresAt: Date | null;
  active: boolean;
}

export type PromoVerdict =
  | { applicable: true; amountCents: number; lineIds: number[] }
  | { applicable: false; reason: string };

const lineCents = (line: PricedLine) => line.unitCents * line.quantity;

/**
 * Whether a promo code applies to these lines now, and for how much. The reason of a refusal is
 * for logs; the visitor always reads 'Discount code is invalid' (shop-core section 8).
 */
export function evaluatePromo(rule: PromoRule, lines: readonly PricedLine[], now: Date = new Date()): PromoVerdict {
  if (!rule.active) return { applicable: false, reason: 'inactive' };
  if (rule.startsAt && rule.startsAt > now) return { applicable: false, reason: 'not started' };
  if (rule.expiresAt && rule.expiresAt <= now) return { applicable: false, reason: 'expired' };
  const eligible = rule.skus.length ? lines.filter((line) => rule.skus.includes(line.sku)) : [...lines];
  const eligibleCents = eligible.reduce((sum, line) => sum + lineCents(line), 0);
  if (eligibleCents <= 0) return { applicable: false, reason: 'no eligible items' };
  const merchandiseCents = lines.reduce((sum, line) => sum + lineCents(line), 0);
  if (merchandiseCents < rule.minSubtotalCents) return { applicable: false, reason: 'below minimum subtotal' };
  let amountCents: number;
  if (rule.kind === 'percent') amountCents = Math.round((eligibleCents * Math.min(Math.max(rule.value, 0), 100)) / 100);
  else if (rule.kind === 'fixed') amountCents = Math.min(Math.max(rule.value, 0), eligibleCents);
  else return { applicable: false, reason: `unknown kind ${rule.kind}` };
  if (amountCents <= 0) return { applicable: false, reason: 'nothing to take off' };
  return { applicable: true, amountCents, lineIds: eligible.map((line) => line.id) };
}

export interface Totals {
  subTotalCents: number;
  productDiscountCents: number;
  promoCents: number;
  discountCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
  /** Sum of sale price x quantity: what an order's lines add up to. */
  merchandiseCents: number;
}

export function computeTotals(input: {
  lines: readonly PricedLine[];
  promoCents: number;
  shippingCents: number;
  taxRegion: string | null | undefined;
}): Totals {
  const subTotalCents = input.lines.reduce((sum, line) => sum + line.listCents * line.quantity, 0);
  const merchandiseCents = input.lines.reduce((sum, line) => sum + lineCents(line), 0);
  const productDiscountCents = subTotalCents - merchandiseCents;
  const promoCents = Math.min(Math.max(input.promoCents, 0), merchandiseCents);
  const discountCents = productDiscountCents + promoCents;
  const taxCents = salesTaxCents(merchandiseCents - promoCents, input.taxRegion);
  const shippingCents = input.lines.length ? input.shippingCents : 0;
  return {
    subTotalCents,
    productDiscountCents,
    promoCents,
    discountCents,
    shippingCents,
    taxCents,
    totalCents: subTotalCents - discountCents + shippingCents + taxCents,
    merchandiseCents,
  };
}
