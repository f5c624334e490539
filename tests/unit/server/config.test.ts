import { describe, expect, it } from 'vitest';
import { ConfigError, apiAudience, browserSettings, embeddedIssuer, loadConfig, storefrontOrigins } from '../../../server/src/config';

describe('settings', () => {
  it('gives the embedded defaults with nothing set', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(8080);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.API_BASE_URL).toBe('/api');
    expect(config.PUBLIC_URL).toBe('http://localhost:8080');
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

  it('derives the identity settings from PUBLIC_URL (default http://localhost:PORT)', () => {
    const local = loadConfig({ PORT: '9090' });
    expect(embeddedIssuer(local)).toBe('http://localhost:9090/oidc');
    expect(apiAudience(local)).toBe('http://localhost:9090/api');
    expect(storefrontOrigins(local)).toEqual(['http://localhost:9090', 'http://127.0.0.1:9090', 'http://[::1]:9090']);
    expect(storefrontOrigins(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:9090' }))).toEqual(['http://127.0.0.1:9090', 'http://localhost:9090', 'http://[::1]:9090']);
    expect(browserSettings(local).oidcAuthority).toBe('http://localhost:9090/oidc');

    const hosted = loadConfig({ PUBLIC_URL: 'https://shop.example.com/' });
    expect(storefrontOrigins(hosted)).toEqual(['https://shop.example.com']);
    expect(apiAudience(hosted)).toBe('https://shop.example.com/api');

    const outside = loadConfig({ OIDC_AUTHORITY: 'https://id.example.com/realms/shop', OIDC_AUDIENCE: 'shop-api' });
    expect(browserSettings(outside).oidcAuthority).toBe('https://id.example.com/realms/shop');
    expect(apiAudience(outside)).toBe('shop-api');
  });
});
