import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { createDealerSearchActors } from '../../machines/shared/dealer-search.actors';
import { GeocodingError } from '../../machines/shared/geocoding';
import { createGeocodingClient, geocodingBaseUrl, type ApiClient } from '../../src/api/client';
import { ConfigError, loadConfig } from '../../server/src/config';
import { geocodingContractPath, loadContract } from '../../server/src/contract/contract';
import { createServiceGeocoder } from '../../server/src/geocoding/geocoder';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * The production geocoding adapter (decision 008, addendum 2026-11-26): with GEOCODING_API_KEY the
 * shop's /api/geo asks the maps geocoding service. A small HTTP server on a free port stands in for
 * that OUTSIDE service only and answers the recorded answers of tests/fixtures/geocoding; the shop
 * server, its database and the browser's geocoding client are the real ones.
 */

const KEY = 'test-geocoding-key-5f1c';
const fixture = (name: string) => readFileSync(new URL(`../fixtures/geocoding/${name}`, import.meta.url));

/** The outside service's answers, by the zip asked for. */
const ANSWERS: Record<string, { status: number; type: string; file?: string; body?: string; delayMs?: number }> = {
  'Boise, ID': { status: 200, type: 'application/json; charset=UTF-8', file: 'ok-83702.json' },
  '83702': { status: 200, type: 'application/json; charset=UTF-8', file: 'ok-83702.json' },
  'Cached, ID': { status: 200, type: 'application/json; charset=UTF-8', file: 'ok-83702.json' },
  'Together, ID': { status: 200, type: 'application/json; charset=UTF-8', file: 'ok-83702.json', delayMs: 200 },
  '99999': { status: 200, type: 'application/json; charset=UTF-8', file: 'zero-results.json' },
  '11111': { status: 200, type: 'application/json; charset=UTF-8', file: 'request-denied.json' },
  '55555': { status: 503, type: 'text/html; charset=UTF-8', file: 'http-503.html' },
  '66666': { status: 200, type: 'text/html; charset=UTF-8', body: '<html>captive portal</html>' },
  '67777': { status: 200, type: 'application/json', body: '{"status":"OK","results":[{"formatted_address":"x"}]}' },
  '68888': { status: 200, type: 'application/json', body: `{"status":"MAYBE","results":[],"error_message":"bad key ${KEY}"}` },
  '77777': { status: 200, type: 'application/json', file: 'ok-83702.json', delayMs: 1000 },
};

let service: Server;
let serviceUrl: string;
const seen: URL[] = [];
let server: TestServer;
const contract = loadContract(geocodingContractPath);
const op = contract.operations.get('geocode')!;

beforeAll(async () => {
  service = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    seen.push(url);
    const answer = url.pathname === '/maps/api/geocode/json' ? ANSWERS[url.searchParams.get('address') ?? ''] : undefined;
    if (!answer) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not recorded');
      return;
    }
    const send = () => res.writeHead(answer.status, { 'content-type': answer.type }).end(answer.file ? fixture(answer.file) : answer.body);
    if (answer.delayMs) setTimeout(send, answer.delayMs).unref();
    else send();
  });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  serviceUrl = `http://127.0.0.1:${(service.address() as AddressInfo).port}/maps/api/geocode/json`;
  // Some 60 geocodes a minute here, the limit at the default FORM_RATE_LIMIT (limits.test.ts tests it).
  server = await startTestServer({ FORM_RATE_LIMIT: 1_000 }, { env: { GEOCODING_API_KEY: KEY, GEOCODING_URL: serviceUrl } });
});

afterAll(async () => {
  await server?.close();
  service?.closeAllConnections();
  await new Promise((resolve) => service?.close(resolve));
});

/** The shop's geocoding route, as the browser calls it, checked against openapi/geocoding.yaml. */
async function geocode(address: string) {
  const res = await fetch(`${server.baseUrl}${contract.basePath}/geocode/json?address=${encodeURIComponent(address)}`);
  const text = await res.text();
  const body = JSON.parse(text);
  const validate = op.validateResponse(String(res.status));
  expect(validate, `status ${res.status} is in geocoding.yaml`).toBeDefined();
  expect(validate!(body), JSON.stringify(validate!.errors)).toBe(true);
  expect(text, 'the key never reaches the browser').not.toContain(KEY);
  return { status: res.status, headers: res.headers, body };
}

/** The browser's geocode actor (machines/shared) over the real client, against the shop server. */
async function browserGeocode(zip: string) {
  const geocoding = createGeocodingClient({ baseUrl: geocodingBaseUrl(`${server.baseUrl}/api`) });
  const actors = createDealerSearchActors({ api: {} as ApiClient, geocoding, toDealers: () => [] });
  return toPromise(createActor(actors.geocode, { input: { zip } }).start());
}

describe('geocoding through the maps service (GEOCODING_API_KEY)', () => {
  it('OK: asks the service with the server key and answers the first location, only the contract fields', async () => {
    seen.length = 0;
    const res = await geocode('Boise, ID');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'OK',
      results: [{ formatted_address: 'Boise, ID 83702, USA', geometry: { location: { lat: 43.6439591, lng: -116.1660939 } } }],
    });
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(seen).toHaveLength(1);
    expect(seen[0].searchParams.get('key')).toBe(KEY);
    expect(seen[0].searchParams.get('address')).toBe('Boise, ID');
    expect(seen[0].searchParams.get('components')).toBe('country:US');
  });

  it('a zip the embedded data set knows is answered from it, the service never asked (issue 39 item 4)', async () => {
    seen.length = 0;
    for (const zip of ['83702', '83702-1234', ' 80202 ']) {
      const res = await geocode(zip);
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('OK');
    }
    expect((await geocode('83702')).body.results[0].geometry.location).toEqual({ lat: 43.665484, lng: -116.14435 });
    await expect(browserGeocode('83702')).resolves.toEqual({ latitude: 43.665484, longitude: -116.14435 });
    expect(seen).toHaveLength(0);
    // A zip the data set does not know (a newer one) is still asked: 99999 below.
  });

  it('the same address asked 20 times, one after another or all at once, is asked upstream once (issue 39 item 4)', async () => {
    seen.length = 0;
    for (let i = 0; i < 20; i += 1) {
      const res = await geocode(i % 2 ? '  cached,   id ' : 'Cached, ID');
      expect(res.body.results[0].formatted_address).toBe('Boise, ID 83702, USA');
    }
    expect(seen.map((url) => url.searchParams.get('address'))).toHaveLength(1);
    // The stand-in holds this answer 200 ms: all 20 arrive while the first is being asked.
    const answers = await Promise.all(Array.from({ length: 20 }, () => geocode('Together, ID')));
    expect(answers.every((res) => res.status === 200 && res.body.status === 'OK')).toBe(true);
    expect(seen.map((url) => url.searchParams.get('address'))).toEqual(['Cached, ID', 'Together, ID']);
    // A failure is not kept: asked again, the service is asked again.
    await geocode('55555');
    await geocode('55555');
    expect(seen.filter((url) => url.searchParams.get('address') === '55555')).toHaveLength(2);
  });

  it('ZERO_RESULTS: answered as the service sent it; the browser reports it in the words of section 8', async () => {
    const res = await geocode('99999');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ZERO_RESULTS', results: [] });
    const error = await browserGeocode('99999').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GeocodingError);
    expect((error as Error).message).toBe(
      'Geocoding request failed: Geocoding failed: ZERO_RESULTS. Server returned status code 200.',
    );
  });

  it("REQUEST_DENIED: the service's status and message, not cached; the spec's failure text in the browser", async () => {
    const res = await geocode('11111');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'REQUEST_DENIED', results: [], error_message: 'The provided API key is invalid' });
    expect(res.headers.get('cache-control')).toBe('no-store');
    const error = await browserGeocode('11111').catch((e: unknown) => e);
    expect((error as Error).message).toBe(
      'Geocoding request failed: Geocoding failed: The provided API key is invalid. Server returned status code 200.',
    );
  });

  it('an HTTP error of the service is 502 UNKNOWN_ERROR naming it; the browser shows the spec text with 502', async () => {
    const res = await geocode('55555');
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ status: 'UNKNOWN_ERROR', results: [], error_message: 'The geocoding service answered HTTP 503' });
    expect(res.headers.get('cache-control')).toBe('no-store');
    const error = await browserGeocode('55555').catch((e: unknown) => e);
    expect((error as Error).message).toBe(
      'Geocoding request failed: Geocoding failed: The geocoding service answered HTTP 503. Server returned status code 502.',
    );
  });

  it('an answer not in the service shape is 502; an unknown status too, without echoing the key', async () => {
    expect((await geocode('66666')).body.error_message).toBe('The geocoding service answered something other than JSON');
    const noLocation = await geocode('67777');
    expect(noLocation.status).toBe(502);
    expect(noLocation.body.error_message).toBe('The geocoding service answered OK without a location');
    const unknown = await geocode('68888');
    expect(unknown.status).toBe(502);
    expect(unknown.body.error_message).toBe('The geocoding service answered an unknown status');
  });

  it('a missing address is answered by the shop (400 INVALID_REQUEST) without asking the service', async () => {
    seen.length = 0;
    const res = await fetch(`${server.baseUrl}${contract.basePath}/geocode/json?address=`);
    expect(res.status).toBe(400);
    expect((await res.json()).status).toBe('INVALID_REQUEST');
    expect(seen).toHaveLength(0);
  });

  it('a service that does not answer in time is a failure naming the wait; the service being down too', async () => {
    const failures: string[] = [];
    const slow = createServiceGeocoder({ apiKey: KEY, url: serviceUrl, timeoutMs: 100, onFailure: (text) => failures.push(text) });
    const late = await slow.geocode('77777');
    expect(late).toMatchObject({ httpStatus: 502, cacheable: false, body: { status: 'UNKNOWN_ERROR', error_message: 'The geocoding service did not answer within 0.1 seconds' } });
    const down = createServiceGeocoder({ apiKey: KEY, url: 'http://127.0.0.1:9/geocode/json', onFailure: (text) => failures.push(text) });
    expect((await down.geocode('83702')).body.error_message).toBe('The geocoding service could not be reached');
    // The server's log gets the same words the browser shows.
    expect(failures[0]).toBe(
      'Geocoding request failed: Geocoding failed: The geocoding service did not answer within 0.1 seconds. Server returned status code 502.',
    );
  });
});

describe('geocoding settings', () => {
  const base = { NODE_ENV: 'test' };
  it('GEOCODING_URL needs GEOCODING_API_KEY, and https away from this machine', () => {
    expect(() => loadConfig({ ...base, GEOCODING_URL: 'https://geo.example/json' })).toThrow(/GEOCODING_URL: is set but GEOCODING_API_KEY is not/);
    expect(() => loadConfig({ ...base, GEOCODING_API_KEY: 'k', GEOCODING_URL: 'http://geo.example/json' })).toThrow(ConfigError);
    expect(loadConfig({ ...base, GEOCODING_API_KEY: 'k', GEOCODING_URL: 'http://127.0.0.1:8081/json' }).GEOCODING_URL).toBe('http://127.0.0.1:8081/json');
    expect(loadConfig({ ...base, GEOCODING_API_KEY: 'k' }).GEOCODING_URL).toBeUndefined();
  });
});
