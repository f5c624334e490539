import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/src/db/client';
import { seedDatabase } from '../../server/src/db/seed';
import { appMeta, cmsDocuments, skus } from '../../server/src/db/schema';

describe('database and seed', () => {
  it('seeds once, idempotently, and data survives a restart', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'shop-db-'));
    try {
      const first = await openDatabase({ dataDir: dir });
      expect((await seedDatabase(first.db)).applied).toBe(true);
      expect((await seedDatabase(first.db)).applied).toBe(false);
      const [row] = await first.db.select().from(skus).limit(1);
      await first.db.update(skus).set({ qtyOnHand: 1234 }).where(eq(skus.sku, row.sku));
      const pages = await first.db.select().from(cmsDocuments).where(eq(cmsDocuments.kind, 'page'));
      expect(pages.map((p) => p.key)).toEqual(expect.arrayContaining(['app', 'footer', 'home']));
      await first.close();

      const second = await openDatabase({ dataDir: dir });
      expect((await seedDatabase(second.db)).applied).toBe(false);
      // A changed seed updates content but never resets live stock.
      await second.db.update(appMeta).set({ value: 'older seed' }).where(eq(appMeta.key, 'seed_hash'));
      expect((await seedDatabase(second.db)).applied).toBe(true);
      const [after] = await second.db.select().from(skus).where(eq(skus.sku, row.sku));
      expect(after.qtyOnHand).toBe(1234);
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // Two databases built on disk from nothing (migrations and the whole seed): about 10 s alone,
    // three times that on a loaded 2-core machine. The limit only catches a hang (issue 43).
  }, 120_000);
});
