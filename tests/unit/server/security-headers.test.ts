import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/src/config';
import { contentSecurityDirectives } from '../../../server/src/security-headers';

/** The CSP for a configuration (issue 10: compatible with captcha, payment script and map in each). */
const csp = (env: Record<string, string> = {}) => contentSecurityDirectives(loadConfig({ PUBLIC_URL: 'https://shop.example', ...env }));

describe('Content-Security-Policy per configuration', () => {
  it('embedded defaults: scripts only from the shop, no inline script or eval, nothing outside', () => {
    const directives = csp();
    expect(directives.scriptSrc).toEqual(["'self'"]);
    const everything = Object.values(directives).flat();
    expect(everything).not.toContain("'unsafe-eval'");
    expect(directives.scriptSrc).not.toContain("'unsafe-inline'");
    // Only the shop's own origin (no outside host at all) when nothing is configured.
    expect(new Set(everything.filter((source) => source.startsWith('http')))).toEqual(new Set(['https://shop.example']));
    expect(directives.objectSrc).toEqual(["'none'"]);
    expect(directives.baseUri).toEqual(["'self'"]);
    expect(directives.workerSrc).toContain('blob:'); // mapbox-gl's worker
  });

  it('a local shop: its loopback names as sources, never an IPv6 literal (CSP has no syntax for one)', () => {
    const sources = Object.values(csp({ PUBLIC_URL: 'http://localhost:8080' })).flat();
    expect(sources).toEqual(expect.arrayContaining(['http://localhost:8080', 'http://127.0.0.1:8080']));
    expect(sources.filter((source) => source.includes('['))).toEqual([]);
  });

  it('reCAPTCHA with a site key: its scripts and challenge frames', () => {
    const directives = csp({ RECAPTCHA_SITE_KEY: 'site-key', RECAPTCHA_SECRET: 'secret' });
    expect(directives.scriptSrc).toEqual(["'self'", 'https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/']);
    expect(directives.frameSrc).toEqual(["'self'", 'https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/']);
  });

  it('Authorize.net: Accept.js as a script and a frame, and the API it posts the card to', () => {
    const directives = csp({
      PAYMENT_GATEWAY: 'authorize-net',
      AUTHNET_API_LOGIN_ID: '5KP3u95bQpv',
      AUTHNET_TRANSACTION_KEY: '346HZ32z3fP4hTG2',
      AUTHNET_CLIENT_KEY: '5FcB6WrfHGS76gHW3v7btBCE3HuuBuke9Pj96Ztfn5R32G5ep42vne7MCWZtAucY',
    });
    expect(directives.scriptSrc).toEqual(["'self'", 'https://jstest.authorize.net']);
    expect(directives.connectSrc).toEqual(expect.arrayContaining(['https://jstest.authorize.net', 'https://apitest.authorize.net']));
  });

  it('Mapbox with a token: its API, tiles and events; without one, none of them', () => {
    expect(csp({ MAPBOX_TOKEN: 'pk.test' }).connectSrc).toEqual(
      expect.arrayContaining(['https://api.mapbox.com', 'https://*.tiles.mapbox.com', 'https://events.mapbox.com']),
    );
    expect(csp().connectSrc.join(' ')).not.toContain('mapbox');
  });

  it('an outside identity provider: the SPA may call it and post to its pages', () => {
    const directives = csp({ OIDC_AUTHORITY: 'https://id.example/realms/shop' });
    expect(directives.connectSrc).toContain('https://id.example');
    expect(directives.formAction).toContain('https://id.example');
    expect(directives.scriptSrc).toEqual(["'self'"]);
  });
});
