import type { Db } from './client';

/** Seeds reviews and the demo customer's newsletter subscription. Runs on every start; must be idempotent. */
export async function seedAccounts(_db: Db): Promise<void> {}
