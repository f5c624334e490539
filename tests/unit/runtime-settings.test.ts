import { describe, expect, it } from 'vitest';
import { defaultRuntimeSettings, readRuntimeSettings } from '../../src/runtime-settings';

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
    });
  });

  it('names the bad field of malformed settings', () => {
    expect(() => readRuntimeSettings(documentWith(JSON.stringify({ apiBaseUrl: 42 })))).toThrow(/apiBaseUrl/);
    expect(() => readRuntimeSettings(documentWith('{nope'))).toThrow(/not valid JSON/);
  });
});
