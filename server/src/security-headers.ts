import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { paymentConnectOrigins, paymentScriptOrigins, storefrontOrigins, type Config } from './config';

/**
 * Helmet's security headers on every answer, computed once per configuration (issue 21,
 * decision 063). Helmet's middleware only sets and removes headers, and with static directives
 * its headers are the same for every request, so it runs once against a recorder at start and
 * each request gets the recorded headers. (@fastify/helmet 13 built a new helmet instance, CSP
 * parsing included, on every request: 18% of a catalogue read's CPU.) The headers go on the raw
 * response, as helmet's own do, so hijacked answers (the identity provider at /oidc) carry
 * them too.
 */
export function installSecurityHeaders(app: FastifyInstance, config: Config): void {
  const { overHttps, overHttp } = securityHeadersByProtocol(config);
  app.addHook('onRequest', (request, reply, done) => {
    const raw = reply.raw;
    // request.protocol is https over TLS, or when a trusted proxy's X-Forwarded-Proto says so.
    for (const [name, value] of request.protocol === 'https' ? overHttps : overHttp) raw.setHeader(name, value);
    done();
  });
}

/**
 * The headers of an answer over https, and over plain http: the same but for
 * Strict-Transport-Security, which is sent only over https (issue 39 item 8; RFC 6797 section
 * 7.2: a host must not send it over plain http, where anyone on the way could forge or strip
 * it, and where it would pin a name that may have no https at all, such as localhost). Both
 * lists are computed once per configuration (decision 063); a request only picks one.
 */
export function securityHeadersByProtocol(config: Config): { overHttps: Array<[string, string]>; overHttp: Array<[string, string]> } {
  const overHttps = helmetHeaders(config);
  return { overHttps, overHttp: overHttps.filter(([name]) => name.toLowerCase() !== 'strict-transport-security') };
}

/** The [name, value] pairs helmet sets for this configuration, in its order. */
export function helmetHeaders(config: Config): Array<[string, string]> {
  const middleware = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityDirectives(config) },
    crossOriginEmbedderPolicy: false,
  });
  const headers = new Map<string, string>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name, String(value));
      return recorder;
    },
    removeHeader(name: string) {
      headers.delete(name);
    },
  };
  let failure: unknown;
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return [...headers];
}

/**
 * The Content-Security-Policy of every answer (DESIGN.md section 6; issue 10), per configuration.
 *
 * Scripts come only from the shop itself and, when configured, from the card provider and
 * Google reCAPTCHA: no 'unsafe-inline', no 'unsafe-eval', so an injected inline script or an
 * `eval` is refused and reported. The runtime settings travel as a JSON data block, which CSP
 * does not treat as script (decision 001). Styles allow 'unsafe-inline' because mapbox-gl and
 * react-aria position elements with style attributes; style injection cannot run code.
 */
export function contentSecurityDirectives(config: Config): Record<string, string[]> {
  // CSP's host sources cannot name an IPv6 literal (Chromium refuses `http://[::1]:8080` and
  // reports the policy broken); a page opened at [::1] has it as 'self' anyway.
  const shop = storefrontOrigins(config).filter((origin) => !new URL(origin).hostname.startsWith('['));
  // The outside identity provider (decision 005): the SPA talks to it and posts to its pages.
  const identity = config.OIDC_AUTHORITY ? [new URL(config.OIDC_AUTHORITY).origin] : [];
  // The card provider's script, when it is outside the shop (PAYMENT_SCRIPT_URL or Authorize.net's
  // Accept.js), and the API it posts the card to (decision 012).
  const paymentScripts = paymentScriptOrigins(config);
  const paymentConnect = paymentConnectOrigins(config);
  // Google reCAPTCHA with a site key (decision 016): its loader, its release scripts and its
  // challenge frames, as Google's CSP guidance lists them. ALTCHA (the default) needs nothing.
  const recaptchaScripts = config.RECAPTCHA_SITE_KEY ? ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'] : [];
  const recaptchaFrames = config.RECAPTCHA_SITE_KEY ? ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'] : [];
  // The dealer map (decision 017): with MAPBOX_TOKEN the provider's style, tiles, fonts and the
  // events it requires; the local style fetches nothing from outside. Its worker is a blob:.
  const map = config.MAPBOX_TOKEN ? ['https://api.mapbox.com', 'https://*.tiles.mapbox.com', 'https://events.mapbox.com'] : [];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...paymentScripts, ...recaptchaScripts],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    // The shop's own origins (PUBLIC_URL and its localhost twin): the SPA may be opened under
    // either name while the embedded provider's issuer uses one of them.
    connectSrc: ["'self'", ...shop, ...identity, ...paymentConnect, ...map],
    mediaSrc: ["'self'"],
    frameSrc: ["'self'", ...paymentScripts, ...recaptchaFrames],
    workerSrc: ["'self'", 'blob:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'", ...shop, ...identity],
    frameAncestors: ["'self'", ...shop],
  };
}
