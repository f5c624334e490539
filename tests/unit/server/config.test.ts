import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/src/config';

describe('settings', () => {
  it('gives the embedded defaults with nothing set', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(8080);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.API_BASE_URL).toBe('/api');
    expect(config.validateResponses).toBe(true);
  });

  it('names each bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' });
    } catch (error) {
      expect((error as Error).message).toMatch(/PORT/);
      expect((error as Error).message).toMatch(/DATABASE_URL: must be a postgres/);
    }
  });

  it('treats empty values as unset and turns response checks off in production', () => {
    const config = loadConfig({ PORT: '', NODE_ENV: 'production' });
    expect(config.PORT).toBe(8080);
    expect(config.validateResponses).toBe(false);
  });
});
