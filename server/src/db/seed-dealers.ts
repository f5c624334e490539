import type { Db } from './client';

/** Seeds dealers for the locator. Runs on every start; must be idempotent. */
export async function seedDealers(_db: Db): Promise<void> {}
