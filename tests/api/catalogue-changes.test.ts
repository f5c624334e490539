import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * The catalogue kept in memory (content documents, the price map, the builder's definition, the
 * sitemap) is dropped when the database announces a change (migration 0014's notices; decision
 * 053 addendum), on PGlite and on PostgreSQL: the next read serves the change, with a new ETag.
 * tests/api/several-instances.test.ts checks the same across two processes.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const title = async () => {
  const res = await fetch(`${server.api}/cms/products/rk-15-carbine`);
  return { etag: res.headers.get('etag'), title: (await res.json()).data.title as string };
};
const stock = async (sku: string) => ((await (await fetch(`${server.api}/Products`)).json())[sku].qtyOnHand as number);

/** Reads until `read` answers `wanted` (a notice is delivered after its transaction commits). */
async function eventually<T>(read: () => Promise<T>, wanted: T, withinMs = 2500): Promise<T> {
  const deadline = Date.now() + withinMs;
  let last = await read();
  while (last !== wanted && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    last = await read();
  }
  return last;
}

describe('a catalogue change is served at once', () => {
  it('a content document edited in the database', async () => {
    const before = await title();
    expect(before.title).toBe('RK-15 Carbine');
    await server.database.db.execute(
      sql`UPDATE cms_documents SET data = jsonb_set(data, '{title}', '"RK-15 Carbine (edited)"') WHERE kind = 'product' AND key = 'rk-15-carbine'`,
    );
    expect(await eventually(async () => (await title()).title, 'RK-15 Carbine (edited)')).toBe('RK-15 Carbine (edited)');
    expect((await title()).etag).not.toBe(before.etag);
  });

  it('a stock level changed in the database (the price map is otherwise kept for 5 s)', async () => {
    const before = await stock('CASE42-BLK');
    await server.database.db.execute(sql`UPDATE skus SET qty_on_hand = qty_on_hand + 7 WHERE sku = 'CASE42-BLK'`);
    expect(await eventually(() => stock('CASE42-BLK'), before + 7, 1500)).toBe(before + 7);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('after the notice connection was cut (PostgreSQL): it connects again', async () => {
    const listening = sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN catalogue_changed'`;
    const rowsOf = async (query: typeof listening) => ((await server.database.db.execute(query)) as unknown as { rows: unknown[] }).rows;
    expect(await rowsOf(listening)).toHaveLength(1);
    // Back within RELISTEN_MS (1 s); a change made after that is served.
    const relistened = async () =>
      (await rowsOf(sql`SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN catalogue_changed'`)).length;
    expect(await eventually(relistened, 1, 5000)).toBe(1);
    const before = await stock('SLING2P-BLK');
    await server.database.db.execute(sql`UPDATE skus SET qty_on_hand = qty_on_hand + 3 WHERE sku = 'SLING2P-BLK'`);
    expect(await eventually(() => stock('SLING2P-BLK'), before + 3, 1500)).toBe(before + 3);
  });
});
