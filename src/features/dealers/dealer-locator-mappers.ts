import type { components } from '../../api/schema';
import type { LocatorDealer } from '../../../machines/dealer-locator/dealer-locator.types';
import type { CmsPage } from '../../api/cms-pages';
import { mediaAlt, mediaUrl, text } from '../../domain/map-common';

type Dealer = components['schemas']['Dealer'];

/** The locator page's content in the views' form (catalogue-and-content.md section 3). */
export interface DealerLocatorContent {
  title: string;
  imgUrl: string;
  imgAlt: string;
  dealerSignup: string;
}

/** Maps the `dealerlocator` cms page; missing fields read as empty. */
export function mapDealerLocatorPage(page: Partial<Pick<CmsPage, 'title' | 'image' | 'dealer_signup'>> | null | undefined): DealerLocatorContent {
  return {
    title: text(page?.title),
    imgUrl: mediaUrl(page?.image),
    imgAlt: mediaAlt(page?.image),
    dealerSignup: text(page?.dealer_signup),
  };
}

function coordinate(value: unknown, limit: number): number | null {
  return typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= limit ? value : null;
}

/**
 * Dealer cards (section 3, "Dealer locator card"): name, phone, address lines and coordinates.
 * A dealer without a name or usable coordinates cannot be listed or placed and is skipped. The
 * second address line falls back to "City, ST zip" when the dealer has none.
 */
export function mapDealers(dealers: readonly (Partial<Dealer> | null | undefined)[] | null | undefined): LocatorDealer[] {
  if (!Array.isArray(dealers)) return [];
  return dealers.flatMap((dealer) => {
    if (!dealer || typeof dealer !== 'object') return [];
    const name = text(dealer.name);
    const latitude = coordinate(dealer.latitude, 90);
    const longitude = coordinate(dealer.longitude, 180);
    if (!name || latitude === null || longitude === null || dealer.id === undefined || dealer.id === null) return [];
    const stateZip = [text(dealer.state), text(dealer.postalCode)].filter(Boolean).join(' ');
    const cityLine = [text(dealer.city), stateZip].filter(Boolean).join(', ');
    const addressLines = [text(dealer.address1), text(dealer.address2) || cityLine].filter(Boolean);
    return [{ id: String(dealer.id), name, phoneNumber: text(dealer.phoneNumber), addressLines, latitude, longitude }];
  });
}
