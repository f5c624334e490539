import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { geocodingContractPath, loadContract } from '../../server/src/contract/contract';
import { dealers } from '../../server/seed/dealers';

let server: TestServer;
const contract = loadContract(geocodingContractPath);
const op = contract.operations.get('geocode')!;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** Calls the embedded geocoder as the browser does (no custom headers) and checks the answer
 * against openapi/geocoding.yaml, errors included. */
async function geocode(query: string) {
  const res = await fetch(`${server.baseUrl}${contract.basePath}/geocode/json${query}`);
  const body = await res.json();
  const validate = op.validateResponse(String(res.status));
  expect(validate, `status ${res.status} is in geocoding.yaml`).toBeDefined();
  expect(validate!(body), JSON.stringify(validate!.errors)).toBe(true);
  return { status: res.status, headers: res.headers, body };
}

describe('embedded geocoder (GET /api/geo/geocode/json)', () => {
  it('answers a zip with its centroid, in the geocoding service shape', async () => {
    const res = await geocode('?address=83702&key=');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('OK');
    expect(res.body.results).toHaveLength(1);
    const [result] = res.body.results;
    expect(result.formatted_address).toBe('83702, USA');
    expect(result.geometry.location.lat).toBeCloseTo(43.63, 1);
    expect(result.geometry.location.lng).toBeCloseTo(-116.14, 1);
    expect(res.headers.get('cache-control')).toContain('max-age');
  });

  it('finds the zip in ZIP+4 and in a written address; keeps leading zeros', async () => {
    const plus4 = await geocode('?address=83702-1234');
    expect(plus4.body.status).toBe('OK');
    const written = await geocode(`?address=${encodeURIComponent('1815 W Main St, Boise, ID 83702')}`);
    expect(written.body.results[0].formatted_address).toBe('83702, USA');
    const manchester = await geocode('?address=03101');
    expect(manchester.body.status).toBe('OK');
    expect(manchester.body.results[0].geometry.location.lat).toBeCloseTo(42.99, 1);
  });

  it('places every seeded dealer within 25 miles of its own zip', async () => {
    for (const d of dealers) {
      const { body } = await geocode(`?address=${d.postalCode}`);
      expect(body.status, d.postalCode).toBe('OK');
      const { lat, lng } = body.results[0].geometry.location;
      const km = Math.hypot((lat - d.latitude) * 111, (lng - d.longitude) * 111 * Math.cos((lat * Math.PI) / 180));
      expect(km, d.name).toBeLessThan(40);
    }
  });

  it('answers ZERO_RESULTS for a zip nobody has, or no zip at all', async () => {
    for (const address of ['00000', '99999', 'Boise', '1234']) {
      const res = await geocode(`?address=${address}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 'ZERO_RESULTS', results: [] });
    }
  });

  it('answers 400 INVALID_REQUEST without an address', async () => {
    for (const query of ['', '?address=', '?address=%20%20', '?key=abc']) {
      const res = await geocode(query);
      expect(res.status).toBe(400);
      expect(res.body.status).toBe('INVALID_REQUEST');
      expect(res.body.results).toEqual([]);
      expect(res.body.error_message).toBe("Invalid request. Missing the 'address' parameter.");
    }
    const long = await geocode(`?address=${'1'.repeat(201)}`);
    expect(long.status).toBe(400);
    expect(long.body.error_message).toMatch(/address must be at most 200 characters/);
  });
});
