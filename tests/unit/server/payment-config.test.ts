import { describe, expect, it } from 'vitest';
import {
  ACCEPT_JS_URL,
  browserSettings,
  ConfigError,
  loadConfig,
  paymentConnectOrigins,
  paymentScriptOrigins,
} from '../../../server/src/config';
import { runtimeSettingsSchema, SANDBOX_PAYMENT_API_LOGIN_ID, SANDBOX_PAYMENT_CLIENT_KEY } from '../../../src/runtime-settings';

const authnet = {
  PAYMENT_GATEWAY: 'authorize-net',
  AUTHNET_API_LOGIN_ID: '5KP3u95bQpv',
  AUTHNET_TRANSACTION_KEY: '346HZ32z3fP4hTG2',
  AUTHNET_CLIENT_KEY: '5FcB6WrfHGS76gHW3v7btBCE3HuuBuke9Pj96Ztfn5R32G5ep42vne7MCWZtAucY',
};

function configError(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('the configuration was accepted');
}

describe('PAYMENT_SCRIPT_URL', () => {
  it('defaults to the embedded sandbox script and its keys, which the CSP already allows', () => {
    const config = loadConfig({});
    expect(config.PAYMENT_GATEWAY).toBe('sandbox');
    expect(browserSettings(config)).toMatchObject({
      paymentScriptUrl: '/payments-sandbox/v1/sandbox.js',
      paymentClientKey: SANDBOX_PAYMENT_CLIENT_KEY,
      paymentApiLoginId: SANDBOX_PAYMENT_API_LOGIN_ID,
    });
    expect(paymentScriptOrigins(config)).toEqual([]);
    expect(paymentConnectOrigins(config)).toEqual([]);
    // The browser accepts what the server sends.
    expect(runtimeSettingsSchema.parse(browserSettings(config))).toMatchObject({
      paymentScriptUrl: '/payments-sandbox/v1/sandbox.js',
      paymentClientKey: SANDBOX_PAYMENT_CLIENT_KEY,
      paymentApiLoginId: SANDBOX_PAYMENT_API_LOGIN_ID,
    });
  });

  it('an outside script goes to the browser and its origin to the CSP', () => {
    const config = loadConfig({ PAYMENT_SCRIPT_URL: 'https://js.pay.example.com/v3/pay.js' });
    expect(browserSettings(config).paymentScriptUrl).toBe('https://js.pay.example.com/v3/pay.js');
    expect(paymentScriptOrigins(config)).toEqual(['https://js.pay.example.com']);
    expect(paymentConnectOrigins(config)).toEqual(['https://js.pay.example.com']);
  });

  it('refuses anything but an http(s) URL or a path, naming the variable', () => {
    expect(() => loadConfig({ PAYMENT_SCRIPT_URL: 'javascript:alert(1)' })).toThrow(ConfigError);
    expect(() => loadConfig({ PAYMENT_SCRIPT_URL: 'pay.js' })).toThrow(/PAYMENT_SCRIPT_URL/);
  });
});

describe('PAYMENT_GATEWAY=authorize-net', () => {
  it("uses Authorize.net's sandbox Accept.js and public keys by default, and lets the CSP reach its API", () => {
    const config = loadConfig(authnet);
    expect(config.AUTHNET_ENVIRONMENT).toBe('sandbox');
    const settings = browserSettings(config);
    expect(settings).toMatchObject({
      paymentScriptUrl: 'https://jstest.authorize.net/v1/Accept.js',
      paymentClientKey: authnet.AUTHNET_CLIENT_KEY,
      paymentApiLoginId: authnet.AUTHNET_API_LOGIN_ID,
    });
    // The transaction key is the server's secret.
    expect(JSON.stringify(settings)).not.toContain(authnet.AUTHNET_TRANSACTION_KEY);
    expect(runtimeSettingsSchema.parse(settings).paymentClientKey).toBe(authnet.AUTHNET_CLIENT_KEY);
    expect(paymentScriptOrigins(config)).toEqual(['https://jstest.authorize.net']);
    expect(paymentConnectOrigins(config)).toEqual(['https://jstest.authorize.net', 'https://apitest.authorize.net']);
  });

  it('production: the production Accept.js and api2.authorize.net', () => {
    const config = loadConfig({ ...authnet, AUTHNET_ENVIRONMENT: 'production' });
    expect(browserSettings(config).paymentScriptUrl).toBe(ACCEPT_JS_URL.production);
    expect(paymentConnectOrigins(config)).toEqual(['https://js.authorize.net', 'https://api2.authorize.net']);
    // An explicit PAYMENT_SCRIPT_URL of the same environment is fine.
    expect(browserSettings(loadConfig({ ...authnet, AUTHNET_ENVIRONMENT: 'production', PAYMENT_SCRIPT_URL: ACCEPT_JS_URL.production })).paymentScriptUrl).toBe(
      'https://js.authorize.net/v1/Accept.js',
    );
  });

  it('names each missing key', () => {
    const message = configError({ PAYMENT_GATEWAY: 'authorize-net', AUTHNET_CLIENT_KEY: 'ck' });
    expect(message).toMatch(/AUTHNET_API_LOGIN_ID: is required when PAYMENT_GATEWAY=authorize-net/);
    expect(message).toMatch(/AUTHNET_TRANSACTION_KEY: is required/);
    expect(message).not.toMatch(/AUTHNET_CLIENT_KEY/);
    expect(configError({ ...authnet, AUTHNET_TRANSACTION_KEY: '   ' })).toMatch(/AUTHNET_TRANSACTION_KEY/);
  });

  it('refuses an unknown gateway or environment, naming the variable', () => {
    expect(configError({ PAYMENT_GATEWAY: 'stripe' })).toMatch(/PAYMENT_GATEWAY/);
    expect(configError({ ...authnet, AUTHNET_ENVIRONMENT: 'live' })).toMatch(/AUTHNET_ENVIRONMENT/);
  });

  it('refuses a script whose tokens the gateway cannot charge', () => {
    expect(configError({ ...authnet, PAYMENT_SCRIPT_URL: '/payments-sandbox/v1/sandbox.js' })).toMatch(/PAYMENT_SCRIPT_URL: is the embedded sandbox's script/);
    expect(configError({ ...authnet, PAYMENT_SCRIPT_URL: ACCEPT_JS_URL.production })).toMatch(/PAYMENT_SCRIPT_URL: is the production Accept.js but AUTHNET_ENVIRONMENT is sandbox/);
    expect(configError({ PAYMENT_SCRIPT_URL: ACCEPT_JS_URL.sandbox })).toMatch(/PAYMENT_SCRIPT_URL: .*set PAYMENT_GATEWAY=authorize-net/);
  });
});
