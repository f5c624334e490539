import type { TaxCode } from '../../../src/domain/tax-codes';
import { salesTaxCents, taxableBaseCents } from './sales-tax';

/**
 * Cart and order arithmetic, in integer cents (decision 007). Pure: the cart view, the compute
 * call and checkout all use these functions, so what the cart shows is what the card is charged.
 *
 *   subTotal       = sum of list price x quantity
 *   productDiscount= sum of (list price - sale price) x quantity
 *   promo          = promo-code discount (on sale prices of the eligible lines)
 *   discount       = productDiscount + promo          (cart.discount)
 *   discountAmount = promo                            (cart.discountAmount)
 *   tax            = sum over destination groups of state rate x (group's lines - group's share
 *                    of the promo), each group rounded half up to the cent; shipping is not taxed;
 *                    a line whose tax code the state exempts or reduces counts only its taxable
 *                    part (clothing in MN, NJ, NY, ...: decision 007, addendum 2026-11-26)
 *   total          = subTotal - discount + shipping + tax
 *
 * Tax where the goods go (decision 007): FFL lines go to the dealer and are taxed at the dealer's
 * state; the other lines at the shipping address's state (billing when shipping is the same).
 * Lines going to one state form one group, so a cart whose dealer and shipping address are in the
 * same state is taxed exactly as one amount.
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
  /** Ships to the FFL dealer, so it is taxed at the dealer's state (decision 007). */
  isFflItem?: boolean;
  /** The catalogue's tax code of the line (a build: its platform's); general merchandise when absent. */
  taxCode?: TaxCode;
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

/** The lines going to one state, and their tax. */
export interface TaxGroup {
  /** USPS code the group is taxed at ('' when unknown: no tax). */
  region: string;
  lineIds: number[];
  /** Sale price x quantity of the group's lines. */
  merchandiseCents: number;
  /** The group's share of the promo discount. */
  promoCents: number;
  taxableCents: number;
  /** What the state taxes of `taxableCents` once its tax-code rules are applied. */
  taxBaseCents: number;
  taxCents: number;
}

export interface Totals {
  subTotalCents: number;
  productDiscountCents: number;
  promoCents: number;
  discountCents: number;
  shippingCents: number;
  /** The sum of the groups' taxes. */
  taxCents: number;
  totalCents: number;
  /** Sum of sale price x quantity: what an order's lines add up to. */
  merchandiseCents: number;
  /** One group per destination state, in the order of their first line. */
  taxGroups: TaxGroup[];
}

const normalRegion = (region: string | null | undefined) => (region ?? '').trim().toUpperCase();

/**
 * Splits `amountCents` over `weights` in proportion, in whole cents that add up to the amount
 * exactly (largest remainder: each share is rounded down, and the cents left over go one each
 * to the largest fractions, the earlier group first on a tie). A share never exceeds its weight
 * while the amount does not exceed the weights' sum.
 */
export function apportionCents(amountCents: number, weights: readonly number[]): number[] {
  const total = weights.reduce((sum, w) => sum + w, 0);
  if (amountCents <= 0 || total <= 0) return weights.map(() => 0);
  // Exact integer arithmetic: amount x weight can pass 2^53 on a very large cart.
  const amount = BigInt(amountCents);
  const sum = BigInt(total);
  const parts = weights.map((w, i) => ({ i, share: (amount * BigInt(w)) / sum, rest: (amount * BigInt(w)) % sum }));
  const shares = parts.map((p) => Number(p.share));
  let left = amountCents - shares.reduce((acc, share) => acc + share, 0);
  const byFraction = [...parts].sort((a, b) => (a.rest === b.rest ? a.i - b.i : a.rest > b.rest ? -1 : 1));
  for (const { i } of byFraction) {
    if (left <= 0) break;
    shares[i] += 1;
    left -= 1;
  }
  return shares;
}

export function computeTotals(input: {
  lines: readonly PricedLine[];
  promoCents: number;
  /** The promo's eligible lines (its verdict's lineIds); all lines when absent. */
  promoLineIds?: readonly number[] | null;
  shippingCents: number;
  /** Where the non-FFL lines go: the shipping address's state (billing when shipping is the same). */
  taxRegion: string | null | undefined;
  /** Where the FFL lines go: the dealer's state. Unknown (before the dealer is chosen): taxRegion. */
  dealerTaxRegion?: string | null;
}): Totals {
  const subTotalCents = input.lines.reduce((sum, line) => sum + line.listCents * line.quantity, 0);
  const merchandiseCents = input.lines.reduce((sum, line) => sum + lineCents(line), 0);
  const productDiscountCents = subTotalCents - merchandiseCents;
  const shippingCents = input.lines.length ? input.shippingCents : 0;

  // Destination groups: one per state, in the order of their first line.
  const shippingRegion = normalRegion(input.taxRegion);
  const dealerRegion = normalRegion(input.dealerTaxRegion) || shippingRegion;
  const groups: TaxGroup[] = [];
  for (const line of input.lines) {
    const region = line.isFflItem ? dealerRegion : shippingRegion;
    let group = groups.find((g) => g.region === region);
    if (!group) groups.push((group = { region, lineIds: [], merchandiseCents: 0, promoCents: 0, taxableCents: 0, taxBaseCents: 0, taxCents: 0 }));
    group.lineIds.push(line.id);
    group.merchandiseCents += lineCents(line);
  }

  // The promo is shared by the groups in proportion to their eligible lines (all lines when the
  // eligible ones are not named, or none of them is in the cart); never more than they hold.
  const eligible = (line: PricedLine) => !input.promoLineIds || input.promoLineIds.includes(line.id);
  let weights = groups.map((g) => input.lines.filter((l) => g.lineIds.includes(l.id) && eligible(l)).reduce((sum, l) => sum + lineCents(l), 0));
  if (weights.every((w) => w <= 0)) weights = groups.map((g) => g.merchandiseCents);
  const promoCents = Math.min(Math.max(input.promoCents, 0), weights.reduce((sum, w) => sum + w, 0));
  const shares = apportionCents(promoCents, weights);

  let taxCents = 0;
  groups.forEach((group, i) => {
    group.promoCents = shares[i];
    group.taxableCents = group.merchandiseCents - shares[i];
    // The group's promo share goes on to its lines the same way, so each line's tax-code rule
    // (a per-item threshold) sees the price after discounts; without rules the bases add up to
    // the group's taxable amount and the tax is exactly the single-rate tax of before.
    const lines = input.lines.filter((l) => group.lineIds.includes(l.id));
    let lineWeights = lines.map((l) => (eligible(l) ? lineCents(l) : 0));
    if (lineWeights.every((w) => w <= 0)) lineWeights = lines.map(lineCents);
    const lineShares = apportionCents(shares[i], lineWeights);
    group.taxBaseCents = lines.reduce(
      (sum, line, j) => sum + taxableBaseCents(lineCents(line) - lineShares[j], line.quantity, group.region, line.taxCode),
      0,
    );
    // One rounding per group, half up.
    group.taxCents = salesTaxCents(group.taxBaseCents, group.region);
    taxCents += group.taxCents;
  });

  const discountCents = productDiscountCents + promoCents;
  return {
    subTotalCents,
    productDiscountCents,
    promoCents,
    discountCents,
    shippingCents,
    taxCents,
    totalCents: subTotalCents - discountCents + shippingCents + taxCents,
    merchandiseCents,
    taxGroups: groups,
  };
}
