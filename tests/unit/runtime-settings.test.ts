import { describe, expect, it } from 'vitest';
import {
  defaultRuntimeSettings,
  readRuntimeSettings,
  SANDBOX_PAYMENT_API_LOGIN_ID,
  SANDBOX_PAYMENT_CLIENT_KEY,
} from '../../src/runtime-settings';

function documentWith(json: string | null): Document {
  const doc = document.implementation.createHTMLDocument('t');
  if (json !== null) {
    const script = doc.createElement('script');
    script.id = 'runtime-settings';
    script.type = 'application/json';
    script.textContent = json;
    doc.head.append(script);
  }
  return doc;
}

describe('runtime settings', () => {
  it('falls back to defaults when nothing is injected', () => {
    expect(readRuntimeSettings(documentWith(null))).toEqual(defaultRuntimeSettings);
    expect(defaultRuntimeSettings.apiBaseUrl).toBe('/api');
  });

  it('reads the injected JSON, defaulting what is missing', () => {
    const settings = readRuntimeSettings(
      documentWith(JSON.stringify({ oidcAuthority: 'https://id.example.test/realms/shop', oidcClientId: 'web', mapboxToken: 'pk.1' })),
    );
    expect(settings).toEqual({
      apiBaseUrl: '/api',
      oidcAuthority: 'https://id.example.test/realms/shop',
      oidcClientId: 'web',
      mapboxToken: 'pk.1',
      paymentClientKey: SANDBOX_PAYMENT_CLIENT_KEY,
      paymentApiLoginId: SANDBOX_PAYMENT_API_LOGIN_ID,
    });
  });

  it("reads the card provider's script and public keys (Accept.js authData)", () => {
    const settings = readRuntimeSettings(
      documentWith(
        JSON.stringify({ paymentScriptUrl: 'https://js.authorize.net/v1/Accept.js', paymentClientKey: 'client-key', paymentApiLoginId: 'login-id' }),
      ),
    );
    expect(settings).toMatchObject({ paymentScriptUrl: 'https://js.authorize.net/v1/Accept.js', paymentClientKey: 'client-key', paymentApiLoginId: 'login-id' });
    expect(defaultRuntimeSettings.paymentScriptUrl).toBeUndefined();
    expect(defaultRuntimeSettings.paymentClientKey).toBe(SANDBOX_PAYMENT_CLIENT_KEY);
    expect(() => readRuntimeSettings(documentWith(JSON.stringify({ paymentClientKey: '' })))).toThrow(/paymentClientKey/);
  });

  it('names the bad field of malformed settings', () => {
    expect(() => readRuntimeSettings(documentWith(JSON.stringify({ apiBaseUrl: 42 })))).toThrow(/apiBaseUrl/);
    expect(() => readRuntimeSettings(documentWith('{nope'))).toThrow(/not valid JSON/);
    expect(() => readRuntimeSettings(documentWith(JSON.stringify({ oidcClientId: null, mapboxToken: '' })))).toThrow(
      /oidcClientId: expected a string.*mapboxToken: expected a non-empty string/,
    );
    expect(() => readRuntimeSettings(documentWith('["/api"]'))).toThrow(/\(root\): expected an object/);
  });

  it('drops fields it does not know', () => {
    expect(readRuntimeSettings(documentWith(JSON.stringify({ apiBaseUrl: '/shop-api', secret: 'x' })))).toEqual({
      ...defaultRuntimeSettings,
      apiBaseUrl: '/shop-api',
    });
  });
});
