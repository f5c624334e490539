import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { dealers as seedDealers } from '../../server/seed/dealers';
import { seedDealers as runDealerSeed } from '../../server/src/db/seed-dealers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

interface Dealer {
  id: number;
  name: string;
  phoneNumber: string;
  address1: string;
  address2: string | null;
  city: string;
  state: string;
  postalCode: string;
  latitude: number;
  longitude: number;
}

const listDealers = async () => {
  const res = await fetch(`${server.api}/Dealers`);
  expect(res.status).toBe(200);
  return (await res.json()) as Dealer[];
};

describe('the dealer list (dealer locator)', () => {
  it('lists every seeded dealer by name, with integer ids and coordinates', async () => {
    const list = await listDealers();
    expect(list).toHaveLength(seedDealers.length);
    expect(list.map((d) => d.name)).toEqual(seedDealers.map((d) => d.name).sort((a, b) => a.localeCompare(b, 'en')));
    expect(new Set(list.map((d) => d.id)).size).toBe(list.length);
    for (const d of list) expect(Number.isInteger(d.id) && d.id > 0).toBe(true);

    const boise = list.find((d) => d.name === 'Foothill Sporting Arms');
    expect(boise).toMatchObject({
      phoneNumber: '(208) 555-0102',
      address1: '1815 W Main St',
      address2: 'Boise, ID 83702',
      city: 'Boise',
      state: 'ID',
      postalCode: '83702',
      latitude: 43.6187,
      longitude: -116.2146,
    });
    // Numbered in the seed file's order.
    expect(boise?.id).toBe(1);
  });

  it('keeps ids and rows when the seed runs again (every start)', async () => {
    const before = await listDealers();
    await runDealerSeed(server.app.db);
    await runDealerSeed(server.app.db);
    expect(await listDealers()).toEqual(before);
  });
});
