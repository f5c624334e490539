import { describe, expect, it } from 'vitest';
import { createLocatorActors } from '../../machines/dealer-locator/dealer-locator.actors';
import { createApiClient, createGeocodingClient } from '../../src/api/client';
import { mapDealerLocatorPage, mapDealers } from '../../src/features/dealers/dealer-locator-mappers';
import { MAP_AUTH_FAILURE_TEXT, MAP_FIT_PADDING, localStyle } from '../../src/components/dealer-map';

const dealer = {
  id: 7,
  name: ' Front Range Gun Works ',
  phoneNumber: '(303) 555-0177',
  address1: '1950 Blake St',
  address2: null,
  city: 'Denver',
  state: 'CO',
  postalCode: '80202',
  latitude: 39.753,
  longitude: -104.999,
};

describe('dealer locator mappers', () => {
  it('maps a dealer card: name, phone, address lines (city line when address2 is empty) and coordinates', () => {
    expect(mapDealers([dealer])).toEqual([
      {
        id: '7',
        name: 'Front Range Gun Works',
        phoneNumber: '(303) 555-0177',
        addressLines: ['1950 Blake St', 'Denver, CO 80202'],
        latitude: 39.753,
        longitude: -104.999,
      },
    ]);
    expect(mapDealers([{ ...dealer, address2: 'Suite 4' }])[0].addressLines).toEqual(['1950 Blake St', 'Suite 4']);
  });

  it('skips dealers that cannot be listed or placed, and tolerates junk', () => {
    expect(
      mapDealers([
        null,
        undefined,
        { ...dealer, name: '' },
        { ...dealer, latitude: Number.NaN },
        { ...dealer, longitude: 200 },
        { ...dealer, id: undefined },
        { ...dealer, id: 8, phoneNumber: undefined, address1: undefined, city: undefined },
      ]).map((d) => [d.id, d.phoneNumber, d.addressLines]),
    ).toEqual([['8', '', ['CO 80202']]]);
    expect(mapDealers(null)).toEqual([]);
  });

  it('maps the dealerlocator page (image and sign-up text), empty when missing', () => {
    expect(
      mapDealerLocatorPage({
        title: 'Dealer Locator',
        image: { url: '/media/page-dealers.svg', alternativeText: 'Find a dealer' } as never,
        dealer_signup: ' Register as a dealer. ',
      }),
    ).toEqual({ title: 'Dealer Locator', imgUrl: '/media/page-dealers.svg', imgAlt: 'Find a dealer', dealerSignup: 'Register as a dealer.' });
    expect(mapDealerLocatorPage({ image: { url: 'javascript:alert(1)' } as never })).toEqual({ title: '', imgUrl: '', imgAlt: '', dealerSignup: '' });
    expect(mapDealerLocatorPage(null).dealerSignup).toBe('');
  });
});

describe('dealer locator actors', () => {
  const api = createApiClient({ baseUrl: 'http://shop.test/api', getAccessToken: () => null, getGuestId: () => null });
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

  async function geocode(answer: () => Promise<Response>) {
    const geocoding = createGeocodingClient({ baseUrl: 'http://shop.test/api/geo', fetch: answer });
    const { geocode: actor } = createLocatorActors({ api, geocoding, toDealers: mapDealers });
    const { createActor, toPromise } = await import('xstate');
    return toPromise(createActor(actor, { input: { zip: '80202' } }).start());
  }

  it('uses the first result location', async () => {
    const result = geocode(async () =>
      json({ status: 'OK', results: [{ formatted_address: '80202, USA', geometry: { location: { lat: 39.75, lng: -105 } } }] }),
    );
    await expect(result).resolves.toEqual({ latitude: 39.75, longitude: -105 });
  });

  it('reports a failed status and a failed request in the words of section 8', async () => {
    await expect(geocode(async () => json({ status: 'ZERO_RESULTS', results: [] }))).rejects.toThrow(
      'Geocoding request failed: Geocoding failed: ZERO_RESULTS. Server returned status code 200.',
    );
    await expect(geocode(async () => json({ status: 'REQUEST_DENIED', results: [], error_message: 'The provided API key is invalid' }))).rejects.toThrow(
      'Geocoding request failed: Geocoding failed: The provided API key is invalid. Server returned status code 200.',
    );
    await expect(
      geocode(async () => json({ status: 'INVALID_REQUEST', results: [], error_message: "Invalid request. Missing the 'address' parameter." }, 400)),
    ).rejects.toThrow("Geocoding request failed: Geocoding failed: Invalid request. Missing the 'address' parameter.. Server returned status code 400.");
  });
});

describe('dealer map', () => {
  it('the local style draws US states from a bundled source and county lines filled in later: no glyphs, sprites or outside urls', () => {
    const style = localStyle();
    expect(style.glyphs).toBeUndefined();
    expect(style.sprite).toBeUndefined();
    expect(style.layers.map((layer) => layer.id)).toEqual(['background', 'states-fill', 'counties-line', 'states-line']);
    // Decision 045: the county lines come from a packaged asset of the shop's own, after the map opens.
    expect(style.sources.counties).toEqual({ type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
    const source = style.sources.states as { type: string; data: { type: string; features: unknown[] } };
    expect(source.type).toBe('geojson');
    expect(source.data.features.length).toBeGreaterThanOrEqual(50);
    expect(JSON.stringify(style)).not.toMatch(/https?:|mapbox:\/\//);
  });

  it('keeps the spec constants', () => {
    expect(MAP_FIT_PADDING).toBe(16);
    expect(MAP_AUTH_FAILURE_TEXT).toBe('Error: AuthFailure – A problem with your API key prevents the map from rendering correctly.');
  });
});
