import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, TransactionRollbackError } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../support/test-server';
import { changedTables, fingerprinter, tablesOf } from '../support/db-fingerprint';
import { appMeta, guests } from '../../server/src/db/schema';

/*
 * The fuzz file's proof that a refused request changed nothing is the database fingerprint; it
 * skips hashing while the server's write mark stands still. These show it still sees every kind
 * of change, on PGlite and on PostgreSQL.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('the database fingerprint', () => {
  it('stays the same while nothing is written, and names the table of each insert, update and delete', async () => {
    const db = server.database.db;
    const fingerprint = fingerprinter(db, await tablesOf(db));
    const first = await fingerprint();
    expect(changedTables(first, await fingerprint())).toEqual([]);

    await db.insert(guests).values({ token: 'fingerprint-test-guest' });
    const inserted = await fingerprint();
    expect(changedTables(first, inserted)).toEqual(['guests']);

    await db.insert(appMeta).values({ key: 'fingerprint-test', value: 'a' });
    const metaAdded = await fingerprint();
    await db.update(appMeta).set({ value: 'b' }).where(eq(appMeta.key, 'fingerprint-test'));
    const updated = await fingerprint();
    expect(changedTables(metaAdded, updated)).toEqual(['app_meta']);

    await db.delete(guests).where(eq(guests.token, 'fingerprint-test-guest'));
    expect(changedTables(updated, await fingerprint())).toEqual(['guests']);
  });

  it('hashes again after a rolled-back write (the same fingerprint) and after a write another reader hashed first', async () => {
    const db = server.database.db;
    const tables = await tablesOf(db);
    const fingerprint = fingerprinter(db, tables);
    const before = await fingerprint();
    // A write the mark sees but that left no row: hashed again, the same fingerprint.
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(guests).values({ token: 'rolled-back-guest' });
        tx.rollback();
      }),
    ).rejects.toThrow(TransactionRollbackError);
    expect(changedTables(before, await fingerprint())).toEqual([]);
    // Another fingerprinter's hashing does not hide a write from this one.
    await db.insert(guests).values({ token: 'second-fingerprinter-guest' });
    await fingerprinter(db, tables)();
    expect(changedTables(before, await fingerprint())).toEqual(['guests']);
  });
});
