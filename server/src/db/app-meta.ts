import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { appMeta } from './schema';

/**
 * The text stored under `key` in app_meta, stored first as `create()` when there is none. Two
 * processes starting together both insert: the first insert wins and both read it back.
 */
export async function loadOrCreateText(db: Db, key: string, create: () => string | Promise<string>): Promise<string> {
  const [existing] = await db.select().from(appMeta).where(eq(appMeta.key, key));
  if (existing) return existing.value;
  await db.insert(appMeta).values({ key, value: await create() }).onConflictDoNothing();
  const [stored] = await db.select().from(appMeta).where(eq(appMeta.key, key));
  return stored.value;
}

/** A value kept as JSON under `key`, made by `create()` the first time. */
export async function loadOrCreateJson<T>(db: Db, key: string, create: () => Promise<T>): Promise<T> {
  return JSON.parse(await loadOrCreateText(db, key, async () => JSON.stringify(await create()))) as T;
}

/**
 * A random 32-byte secret (base64url) kept per database under `key`, so every server on one
 * database agrees on it and a restart keeps it. Read at start (buildApp), so no request writes it.
 */
export function databaseSecret(db: Db, key: string): Promise<string> {
  return loadOrCreateText(db, key, () => randomBytes(32).toString('base64url'));
}
