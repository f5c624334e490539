import type { components } from '../../api/schema';

type Cart = components['schemas']['Cart'];
type AppliedDiscount = components['schemas']['AppliedDiscount'];

/** What the promotion pop-up shows (shop-core.md sections 2 "Modals" and 3 "Applied discount"). */
export interface Promotion {
  /** One per applied discount: its pop-up is shown once (dismissals remembered per tab). */
  key: string;
  title: string;
  subtitle: string | null;
  /** promo_image.url, the pop-up's background image. */
  imageUrl: string | null;
  /** Shop Now: /product/{display_type}/{documentId} of group1, else group2; null when neither. */
  shopNowPath: string | null;
}

/** Identifies an applied discount across cart answers: its code, else its id, else its name. */
export function promotionKey(discount: AppliedDiscount): string {
  if (discount.code) return `code:${discount.code}`;
  if (discount.id !== undefined) return `id:${discount.id}`;
  return `name:${discount.name ?? ''}`;
}

function productPath(group: components['schemas']['PromotionalGroup'] | undefined): string | null {
  if (!group?.display_type || !group.documentId) return null;
  return `/product/${encodeURIComponent(group.display_type)}/${encodeURIComponent(group.documentId)}`;
}

/** The promotion of one applied discount, from `promotionalPageInfo.data[0]`, when it has content. */
export function promotionOf(discount: AppliedDiscount): Promotion | null {
  const page = discount.promotionalPageInfo?.data?.[0];
  const title = page?.title?.trim();
  if (!page || !title) return null;
  return {
    key: promotionKey(discount),
    title,
    subtitle: page.subtitle?.trim() || null,
    imageUrl: page.promo_image?.url || null,
    shopNowPath: productPath(page.group1) ?? productPath(page.group2),
  };
}

/** The first applied discount's promotion that this tab has not dismissed yet, or null. */
export function selectPromotion(
  appliedDiscounts: Cart['appliedDiscounts'] | null | undefined,
  dismissed: readonly string[],
): Promotion | null {
  for (const discount of appliedDiscounts ?? []) {
    const promotion = promotionOf(discount);
    if (promotion && !dismissed.includes(promotion.key)) return promotion;
  }
  return null;
}

/**
 * The pop-up waits until the shopper leaves checkout (issue 18 item 5, docs/decisions/036):
 * never on /checkout or /confirm/{id}. A promotion that arrives there (a code applied on the
 * payment step) opens on the first page after checkout, if its discount is still applied to the
 * cart then (after an order the cart is a new one, so it never opens at all).
 */
export function isPromotionAllowedOn(pathname: string): boolean {
  return !/^\/(checkout|confirm)(\/|$)/i.test(pathname);
}
