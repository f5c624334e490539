import { describe, expect, it } from 'vitest';
import { browserSettings, ConfigError, loadConfig, paymentScriptOrigins } from '../../../server/src/config';
import { runtimeSettingsSchema } from '../../../src/runtime-settings';

describe('PAYMENT_SCRIPT_URL', () => {
  it('defaults to the embedded sandbox script, which the CSP already allows', () => {
    const config = loadConfig({});
    expect(browserSettings(config).paymentScriptUrl).toBe('/payments-sandbox/v1/sandbox.js');
    expect(paymentScriptOrigins(config)).toEqual([]);
    // The browser accepts what the server sends.
    expect(runtimeSettingsSchema.parse(browserSettings(config)).paymentScriptUrl).toBe('/payments-sandbox/v1/sandbox.js');
  });

  it("an outside script goes to the browser and its origin to the CSP", () => {
    const config = loadConfig({ PAYMENT_SCRIPT_URL: 'https://js.pay.example.com/v3/pay.js' });
    expect(browserSettings(config).paymentScriptUrl).toBe('https://js.pay.example.com/v3/pay.js');
    expect(paymentScriptOrigins(config)).toEqual(['https://js.pay.example.com']);
  });

  it('refuses anything but an http(s) URL or a path, naming the variable', () => {
    expect(() => loadConfig({ PAYMENT_SCRIPT_URL: 'javascript:alert(1)' })).toThrow(ConfigError);
    expect(() => loadConfig({ PAYMENT_SCRIPT_URL: 'pay.js' })).toThrow(/PAYMENT_SCRIPT_URL/);
  });
});
