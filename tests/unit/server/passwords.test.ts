import { afterEach, describe, expect, it } from 'vitest';
import { hashPassword, PASSWORD_HASH_COST, usePasswordHashCost, verifyPassword } from '../../../server/src/identity/passwords';
import { loadConfig } from '../../../server/src/config';

afterEach(() => usePasswordHashCost(PASSWORD_HASH_COST));

describe('password hashes', () => {
  it('are scrypt with N = 2^15, r = 8, p = 1 in a shop, and the parameters travel in the hash', async () => {
    const stored = await hashPassword('Range-Day-2024');
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword('Range-Day-2024', stored)).toBe(true);
    expect(await verifyPassword('range-day-2024', stored)).toBe(false);
  });

  it('a test server may hash at a lower cost; a hash made at any cost is checked with its own', async () => {
    const strong = await hashPassword('Range-Day-2024');
    usePasswordHashCost(10);
    const quick = await hashPassword('Range-Day-2024');
    expect(quick).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword('Range-Day-2024', quick)).toBe(true);
    expect(await verifyPassword('Range-Day-2024', strong)).toBe(true);
    expect(await verifyPassword('Range-Day-2025', strong)).toBe(false);
    expect(await verifyPassword('Range-Day-2024', null)).toBe(false);
  });

  it('the cost is no setting: the environment cannot lower it', () => {
    const config = loadConfig({ NODE_ENV: 'production', PASSWORD_HASH_COST: '4', passwordHashCost: '4' });
    expect(config.passwordHashCost).toBeUndefined();
  });
});
