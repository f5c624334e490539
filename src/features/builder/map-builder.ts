import type { BuilderDefinition, BuilderSlot, PartPrice } from '../../domain/builder-build';
import type { CmsPage } from '../../api/cms-pages';
import { toSkuPrice, type PriceMap } from '../../api/prices';

/** The builder page as the screen uses it: its texts and the priced definition. */
export interface BuilderContent {
  title: string;
  subText: string;
  /** Null when the page has no platform or no slots (a failed load falls back to empty content). */
  definition: BuilderDefinition | null;
}

function partPrice(prices: PriceMap, sku: string): PartPrice | null {
  const price = toSkuPrice(prices[sku]);
  return price ? { price: price.price, finalPrice: price.finalPrice, qtyOnHand: price.qtyOnHand } : null;
}

/**
 * `GET /cms/page/builder` (decision 018) and the price map (`GET /Products`) in the builder's
 * form: each option priced by its sku (no entry: not available), the platform's price and flags.
 */
export function mapBuilderPage(page: CmsPage, prices: PriceMap): BuilderContent {
  const title = page.title ?? '';
  const subText = page.sub_text ?? '';
  const platform = page.platform;
  const slots: BuilderSlot[] = (page.slots ?? [])
    .filter((slot) => slot.options.length > 0)
    .map((slot) => ({
      key: slot.key,
      title: slot.title,
      required: slot.required,
      options: slot.options.map((option) => ({
        id: option.id,
        label: option.label,
        sku: option.sku,
        model: option.model,
        price: partPrice(prices, option.sku),
      })),
    }));
  if (!platform || slots.length === 0) return { title, subText, definition: null };
  return {
    title,
    subText,
    definition: {
      platform: {
        sku: platform.sku,
        productName: platform.product_name,
        productUrl: platform.product_url,
        imageUrl: platform.image?.url ?? null,
        fflItem: platform.ffl_item,
        receiverItem: false,
        // The server applies the platform's and the parts' restrictions to the line itself.
        restrictedStates: [],
        restrictedZips: [],
        price: partPrice(prices, platform.sku),
      },
      slots,
    },
  };
}
