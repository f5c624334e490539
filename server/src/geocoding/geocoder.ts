import type { components } from '../../../src/api/geocoding-schema';
import type { Config } from '../config';
import { zipCentroid } from './zip-centroids';

type GeocodeResponse = components['schemas']['GeocodeResponse'];
type GeocodeStatus = components['schemas']['GeocodeStatus'];

/** Google's Geocoding API, the service the spec's geocoding request goes to (section 7). */
export const DEFAULT_GEOCODING_URL = 'https://maps.googleapis.com/maps/api/geocode/json';

/** How long the outside service may take before the locator is told it failed. */
export const GEOCODING_TIMEOUT_MS = 5000;

/** What the shop's `/api/geo/geocode/json` answers: an HTTP status and a body in the service's shape. */
export interface GeocodeAnswer {
  httpStatus: number;
  body: GeocodeResponse;
  /** A zip's point (or its absence) does not change: browsers and proxies may keep the answer. */
  cacheable: boolean;
}

/**
 * Turns an address (the zip typed in the locator) into the service's answer (decision 008 and its
 * addendum). `embedded` looks the zip up in the packaged data set; `service` asks the maps
 * geocoding service with the server's key, which never reaches the browser.
 */
export interface Geocoder {
  kind: 'embedded' | 'service';
  geocode(address: string, signal?: AbortSignal): Promise<GeocodeAnswer>;
}

/** A zip in the address: "83702", "83702-1234", "Boise, ID 83702" (the last one wins). */
const ZIP = /(?<!\d)(\d{5})(?:-\d{4})?(?!\d)/g;

export function geocodeAddress(address: string): GeocodeResponse {
  const zip = [...address.matchAll(ZIP)].pop()?.[1];
  const location = zip ? zipCentroid(zip) : undefined;
  if (!zip || !location) return { status: 'ZERO_RESULTS', results: [] };
  return { status: 'OK', results: [{ formatted_address: `${zip}, USA`, geometry: { location } }] };
}

export const embeddedGeocoder: Geocoder = {
  kind: 'embedded',
  geocode: (address) => Promise.resolve({ httpStatus: 200, body: geocodeAddress(address), cacheable: true }),
};

/** Statuses the service documents besides OK and ZERO_RESULTS: passed on as they come. */
const FAILURE_STATUSES = new Set<GeocodeStatus>([
  'OVER_DAILY_LIMIT',
  'OVER_QUERY_LIMIT',
  'REQUEST_DENIED',
  'INVALID_REQUEST',
  'UNKNOWN_ERROR',
]);

const isNumber = (value: unknown, limit: number): value is number =>
  typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= limit;

/** The service's failure when it cannot be asked or answers something that is not its shape. */
export class GeocodingServiceError extends Error {}

/** Only the fields the contract names, so nothing else the provider sends reaches the browser. */
function toResults(results: unknown): GeocodeResponse['results'] {
  if (!Array.isArray(results)) throw new GeocodingServiceError('The geocoding service answered OK without results');
  const mapped = results.flatMap((result: unknown) => {
    const r = (result ?? {}) as { formatted_address?: unknown; geometry?: { location?: { lat?: unknown; lng?: unknown } } };
    const location = r.geometry?.location;
    if (!location || !isNumber(location.lat, 90) || !isNumber(location.lng, 180)) return [];
    const formatted = typeof r.formatted_address === 'string' ? r.formatted_address.slice(0, 500) : '';
    return [{ formatted_address: formatted, geometry: { location: { lat: location.lat, lng: location.lng } } }];
  });
  // The locator reads results[0].geometry.location: OK without one is no answer at all.
  if (!mapped.length) throw new GeocodingServiceError('The geocoding service answered OK without a location');
  return mapped;
}

/**
 * The production adapter: `GET {url}?address=&components=country:US&key=` in the service's JSON
 * shape. OK and ZERO_RESULTS are answered as they are (only the contract's fields of each result);
 * the service's own failures (REQUEST_DENIED, OVER_QUERY_LIMIT, ...) keep their status and
 * `error_message` with HTTP 200, as the service sends them; an HTTP error, no answer in time or an
 * answer that is not the service's shape is 502 `UNKNOWN_ERROR` with a message naming what
 * happened. Either way the browser turns it into section 8's 'Geocoding request failed: Geocoding
 * failed: {message}. Server returned status code {status}.'
 */
export function createServiceGeocoder(options: {
  apiKey: string;
  url?: string;
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
  /** Told of every failure, in the words section 8 gives the browser (for the server's log). */
  onFailure?: (text: string, cause?: unknown) => void;
}): Geocoder {
  const doFetch = options.fetch ?? globalThis.fetch;
  const url = options.url ?? DEFAULT_GEOCODING_URL;
  // The key must not travel back to the browser in a provider's message.
  const scrub = (text: string) => text.split(options.apiKey).join('[key]').slice(0, 500);
  const failed = (httpStatus: number, status: GeocodeStatus, message: string, cause?: unknown): GeocodeAnswer => {
    const error_message = scrub(message);
    options.onFailure?.(`Geocoding request failed: Geocoding failed: ${error_message}. Server returned status code ${httpStatus}.`, cause);
    return { httpStatus, body: { status, results: [], error_message }, cacheable: false };
  };

  return {
    kind: 'service',
    async geocode(address, signal) {
      const request = new URL(url);
      request.searchParams.set('address', address);
      // The locator's zips are US zips; without this a bare "83702" may match another country.
      request.searchParams.set('components', 'country:US');
      request.searchParams.set('key', options.apiKey);
      const timeout = AbortSignal.timeout(options.timeoutMs ?? GEOCODING_TIMEOUT_MS);
      let res: Response;
      try {
        res = await doFetch(request, {
          headers: { accept: 'application/json' },
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        });
      } catch (error) {
        const reason = timeout.aborted
          ? `The geocoding service did not answer within ${(options.timeoutMs ?? GEOCODING_TIMEOUT_MS) / 1000} seconds`
          : 'The geocoding service could not be reached';
        return failed(502, 'UNKNOWN_ERROR', reason, error);
      }
      let answer: { status?: unknown; results?: unknown; error_message?: unknown };
      try {
        const text = await res.text();
        if (!res.ok) return failed(502, 'UNKNOWN_ERROR', `The geocoding service answered HTTP ${res.status}`);
        answer = JSON.parse(text) as typeof answer;
      } catch (error) {
        return failed(502, 'UNKNOWN_ERROR', 'The geocoding service answered something other than JSON', error);
      }
      const status = answer?.status;
      try {
        if (status === 'OK') return { httpStatus: 200, body: { status: 'OK', results: toResults(answer.results) }, cacheable: true };
      } catch (error) {
        return failed(502, 'UNKNOWN_ERROR', (error as Error).message);
      }
      if (status === 'ZERO_RESULTS') return { httpStatus: 200, body: { status: 'ZERO_RESULTS', results: [] }, cacheable: true };
      if (typeof status === 'string' && FAILURE_STATUSES.has(status as GeocodeStatus)) {
        // Section 8 puts its own full stop after the message: 'The provided API key is invalid.'
        // would read '... is invalid.. Server returned ...'.
        const given = typeof answer.error_message === 'string' ? answer.error_message.trim().replace(/[.\s]+$/, '') : '';
        const message = given || status;
        return failed(200, status as GeocodeStatus, message);
      }
      return failed(502, 'UNKNOWN_ERROR', 'The geocoding service answered an unknown status');
    },
  };
}

/** An address that is a zip alone: "83702" or "83702-1234", what the locator and checkout send. */
const ZIP_ONLY = /^(\d{5})(?:-\d{4})?$/;

/**
 * Zips first (issue 39 item 4, decision 075): an address that is a zip the packaged data set
 * knows is answered from it, without asking `next` (the paid service); anything else goes to
 * `next`. The data set is 2021's: a newer zip is still asked.
 */
export function zipsFirst(next: Geocoder): Geocoder {
  return {
    kind: next.kind,
    geocode(address, signal) {
      const zip = ZIP_ONLY.exec(address.trim())?.[1];
      if (zip && zipCentroid(zip)) return embeddedGeocoder.geocode(zip);
      return next.geocode(address, signal);
    },
  };
}

/** How many addresses the server keeps the service's answer for, per process. */
export const GEOCODE_CACHE_ENTRIES = 5000;
/** How long an answer is kept: a day, as long as the browser may keep it (max-age=86400). */
export const GEOCODE_CACHE_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * A cache of the service's answers in this process (issue 39 item 4, decision 075): the same
 * address asked again within GEOCODE_CACHE_TTL_MS is not asked upstream again, and the same
 * address asked by several requests at once is asked once (they share the one call). Only
 * cacheable answers are kept (OK and ZERO_RESULTS, never a failure); at most `entries` addresses,
 * the least recently used dropped first. Addresses are compared trimmed, in lower case, with
 * runs of spaces as one.
 */
export function cachedGeocoder(
  next: Geocoder,
  options: { entries?: number; ttlMs?: number; now?: () => number } = {},
): Geocoder {
  const entries = options.entries ?? GEOCODE_CACHE_ENTRIES;
  const ttlMs = options.ttlMs ?? GEOCODE_CACHE_TTL_MS;
  const now = options.now ?? Date.now;
  const kept = new Map<string, { answer: GeocodeAnswer; expires: number }>();
  const asking = new Map<string, Promise<GeocodeAnswer>>();
  return {
    kind: next.kind,
    geocode(address, signal) {
      const key = address.trim().replace(/\s+/g, ' ').toLowerCase();
      const hit = kept.get(key);
      if (hit && hit.expires > now()) {
        // Most recently used last: Map keeps insertion order, the first key is the one to drop.
        kept.delete(key);
        kept.set(key, hit);
        return Promise.resolve(hit.answer);
      }
      if (hit) kept.delete(key);
      const pending = asking.get(key);
      if (pending) return pending;
      const call = next.geocode(address, signal).then((answer) => {
        if (answer.cacheable) {
          kept.set(key, { answer, expires: now() + ttlMs });
          while (kept.size > entries) kept.delete(kept.keys().next().value as string);
        }
        return answer;
      });
      asking.set(key, call);
      // Once settled, the next request reads the cache (or asks again after a failure).
      void call.finally(() => asking.delete(key)).catch(() => undefined);
      return call;
    },
  };
}

/**
 * The embedded zip lookup, or, when GEOCODING_API_KEY is set, the maps geocoding service behind
 * the embedded zips and a cache of its answers (decision 075).
 */
export function createGeocoder(config: Config, onFailure?: (text: string, cause?: unknown) => void): Geocoder {
  if (!config.GEOCODING_API_KEY) return embeddedGeocoder;
  return zipsFirst(cachedGeocoder(createServiceGeocoder({ apiKey: config.GEOCODING_API_KEY, url: config.GEOCODING_URL, onFailure })));
}
