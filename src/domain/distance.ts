/**
 * Dealer locator distances (catalogue-and-content.md sections 4, 5 and 9): the radius choices in
 * miles, miles converted at 1609.34 metres per mile and rounded, and only dealers strictly within
 * the distance of the searched point, nearest first. An empty zip or radius shows every dealer.
 * Pure: used by the locator machine and its tests.
 */

export const RADIUS_CHOICES_MILES = [50, 100, 150, 200, 250] as const;
export type RadiusMiles = (typeof RADIUS_CHOICES_MILES)[number];
export const DEFAULT_RADIUS_MILES: RadiusMiles = 50;

export const METRES_PER_MILE = 1609.34;
const EARTH_RADIUS_METRES = 6_371_008.8;

export interface LatLng {
  latitude: number;
  longitude: number;
}

/** Miles as whole metres (section 9: "rounded"). */
export function milesToMetres(miles: number): number {
  return Math.round(miles * METRES_PER_MILE);
}

/** Great-circle distance in metres (haversine on the mean Earth radius). */
export function distanceMetres(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLng = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_METRES * Math.asin(Math.min(1, Math.sqrt(h)));
}

export type WithDistance<T> = T & { distanceMetres: number | null };

/**
 * The dealers to show: with no origin or no radius, all of them (distance unknown) in their own
 * order; otherwise those strictly within the radius, nearest first, each with its distance.
 * Distances are compared in whole metres, like the radius, so "exactly at the radius" is exact.
 */
export function dealersWithin<T extends LatLng>(dealers: readonly T[], origin: LatLng | null, radiusMiles: number | null): WithDistance<T>[] {
  if (!origin || !radiusMiles) return dealers.map((dealer) => ({ ...dealer, distanceMetres: null }));
  const limit = milesToMetres(radiusMiles);
  return dealers
    .map((dealer) => ({ ...dealer, distanceMetres: Math.round(distanceMetres(origin, dealer)) }))
    .filter((dealer) => dealer.distanceMetres < limit)
    .sort((a, b) => a.distanceMetres - b.distanceMetres);
}

/** A distance as the dealer card shows it, e.g. '12.3 mi'. */
export function formatMiles(metres: number): string {
  const miles = metres / METRES_PER_MILE;
  return `${miles < 10 ? miles.toFixed(1) : Math.round(miles)} mi`;
}

/** The zip field accepts digits only (section 5). */
export function zipDigits(value: string): string {
  return value.replace(/\D/g, '').slice(0, 5);
}
