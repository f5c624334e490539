import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyError, type FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Config } from './config';
import { installSecurityHeaders } from './security-headers';
import { installAnswerEncoding, negotiateForStaticFiles } from './answer-encoding';
import { forgetBuilderDefinition } from './builder/build-rules';
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable, openDatabase, type Database, type Db } from './db/client';
import { seedDatabase } from './db/seed';
import { altchaHmacKey } from './captcha/altcha';
import { orderLinkKey } from './checkout/order-link';
import { createMailer, type Mailer } from './mail/mailer';
import { loadContract, type Contract } from './contract/contract';
import { registerOperations, registerResponseValidation } from './contract/routes';
import { HttpError, problem, statusTitle } from './problem';
import { analyticsRoutes } from './routes/analytics';
import { authRoutes } from './routes/auth';
import { cartRoutes } from './routes/cart';
import { productsRoutes } from './routes/products';
import { cmsRoutes } from './routes/cms';
import { userRoutes } from './routes/user';
import { checkoutRoutes } from './routes/checkout';
import { orderRoutes } from './routes/order';
import { newsletterRoutes } from './routes/newsletter';
import { productNotificationRoutes } from './routes/product-notification';
import { registrationRoutes } from './routes/registration';
import { dealersRoutes } from './routes/dealers';
import { reviewsRoutes } from './routes/reviews';
import { captchaRoutes } from './routes/captcha';
import { loadIdentityKeys } from './identity/keys';
import { PASSWORD_HASH_COST, usePasswordHashCost } from './identity/passwords';
import { createProvider, mountProvider } from './identity/provider';
import { registerInteractionRoutes } from './identity/interactions';
import { embeddedVerifier, installBearerAuth, remoteVerifier } from './identity/bearer';
import { createCaptchaVerifier } from './captcha/verifier';
import { installFormRateLimits } from './forms/rate-limit';
import { installMultipartForms } from './forms/multipart';
import { registerGeocoding } from './geocoding/geocode-route';
import { registerDevMailbox } from './dev/mailbox';
import { registerSeoFiles } from './seo/sitemap';
import { registerHealth } from './health';
import { loggerOptions, type LogStream } from './logging';
import { discardRequestBody } from './request-body';
import { installGracefulShutdown } from './shutdown';
import { loadBuiltRenderer, notAPageAnswer, PageCache, pageTarget, runtimeSettingsElement, screenAssetLinks, sendPage, stylesheetCompletion } from './ssr';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    mailer: Mailer;
    /**
     * Calls `listener` when the catalogue changed, in this process or another on the same database
     * (Database.onCatalogueChange): each copy of it kept in memory is dropped there.
     */
    onCatalogueChange(listener: () => void): void;
  }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const mediaDir = path.join(root, 'server/seed/media');
const MAX_PARAM_LENGTH = 2048;
/** A sourcemap, or a compressed copy of one: never served (decision 028). */
const SOURCEMAP = /\.map(\.(br|gz))?$/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface BuiltApp {
  app: FastifyInstance;
  database: Database;
  contract: Contract;
}

export async function buildApp(
  config: Config,
  /**
   * `database`: one opened by the caller (kept open at close); `onQuery`: told every statement
   * (tests); `loadDataDir`: an in-memory PGlite starts from this data directory (tests' template);
   * `logStream`: where log lines go instead of stdout (tests).
   */
  options: { database?: Database; onQuery?: (query: string) => void; loadDataDir?: Blob; logStream?: LogStream } = {},
): Promise<BuiltApp> {
  usePasswordHashCost(config.passwordHashCost ?? PASSWORD_HASH_COST);
  // Broken idle connections are reported to the app's log once it exists.
  let logConnectionError = (error: Error) => console.warn('database connection lost:', error.message);
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      inMemory: config.inMemoryDatabase,
      onConnectionError: (error) => logConnectionError(error),
      onQuery: options.onQuery,
      loadDataDir: options.loadDataDir,
    }));
  await seedDatabase(database.db);
  // The secrets requests read are made now, so no request (a refused one least of all) writes app_meta.
  await Promise.all([orderLinkKey(database.db), altchaHmacKey(database.db)]);

  const app = Fastify({
    // Request addresses with their tokens redacted, no header values (decision 075).
    logger: loggerOptions(config, options.logStream),
    // The proxies whose X-Forwarded-For names the client (request.ip, which the limits key on).
    trustProxy: config.TRUST_PROXY ?? false,
    bodyLimit: config.BODY_LIMIT_BYTES,
    // The storefront sends X-Request-ID on every call; keep it so logs join up with the browser.
    requestIdHeader: false,
    genReqId: (req) => {
      const sent = req.headers['x-request-id'];
      return typeof sent === 'string' && UUID.test(sent) ? sent : randomUUID();
    },
    ajv: { customOptions: { strict: false } },
    // Path values the contract allows (an email of 254 characters, a search text, a 128-character
    // guest token) are longer than find-my-way's default of 100 once URL-encoded.
    // (find-my-way's options sit under routerOptions; a top-level one is deprecated, FSTDEP022.)
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // Errors met before a route runs (a malformed URL, a path value that is too long) get the
    // same Problem body as every other error (decision 021).
    frameworkErrors: (error, request, reply) => {
      // A page address that does not decode names no page: the 404 of one (decision 074).
      if ((error as FastifyError).code === 'FST_ERR_BAD_URL' && isPageRequest(request.method, request.url, loadContract().basePath)) {
        const answer = notAPageAnswer(request);
        return (reply as unknown as FastifyReply).code(answer.status).headers(answer.headers).send(answer.body);
      }
      const status = (error as FastifyError).statusCode ?? 400;
      const message =
        (error as FastifyError).code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? `A value in the address is longer than the ${MAX_PARAM_LENGTH} characters accepted`
          : 'The address of the request is not valid (a malformed percent-encoding?)';
      // The reply of a framework error is not typed for any route's answers.
      return (reply as unknown as FastifyReply).code(status).type('application/json').send(problem(status, message));
    },
    clientErrorHandler: answerClientError,
  });
  logConnectionError = (error) => app.log.warn({ err: error }, 'database connection lost');
  // First, so a request that arrives while the process stops is answered 503 before any other hook.
  installGracefulShutdown(app);
  app.decorate('db', database.db);
  app.decorate('config', config);
  app.decorate('mailer', await createMailer(database.db, config.SMTP_URL));
  app.decorate('captcha', createCaptchaVerifier(config, database.db));
  const stopListening: (() => void)[] = [];
  app.decorate('onCatalogueChange', (listener: () => void) => void stopListening.push(database.onCatalogueChange(listener)));
  app.onCatalogueChange(() => forgetBuilderDefinition(database.db));
  app.addHook('onClose', async () => {
    for (const stop of stopListening) stop();
    if (!options.database) await database.close();
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // An answer that belongs to its caller (cart, orders, profile, checkout, any write: the
    // contract says which, server/src/contract/contract.ts) is kept by no cache, browser or
    // shared, errors included. Public catalogue reads keep what their route sets (decision 028).
    if (request.routeOptions.config?.personal && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
  });

  installBodyParsing(app);
  installErrorHandling(app);
  installNulCheck(app);
  await installFormRateLimits(app);

  // Identity (decision 005): the embedded provider at /oidc unless OIDC_AUTHORITY names another.
  if (config.OIDC_AUTHORITY) {
    installBearerAuth(app, remoteVerifier(config));
  } else {
    const keys = await loadIdentityKeys(database.db);
    const verifier = embeddedVerifier(config, keys.publicJwks);
    installBearerAuth(app, verifier);
    const provider = createProvider(config, database.db, keys, verifier);
    mountProvider(app, provider);
    registerInteractionRoutes(app, provider, config);
  }

  // Security headers on every answer, computed once per configuration (server/src/security-headers.ts).
  installSecurityHeaders(app, config);

  const contract = loadContract();
  await installMultipartForms(app, contract);
  if (config.validateResponses) registerResponseValidation(app, contract);
  // After the contract's checks, which read the answer as written: compression, ETags, 304s.
  installAnswerEncoding(app);
  registerOperations(
    app,
    contract,
    {
      ...authRoutes(app),
      ...cartRoutes(app),
      ...productsRoutes(app),
      ...cmsRoutes(app),
      ...userRoutes(app),
      ...checkoutRoutes(app),
      ...orderRoutes(app),
      ...newsletterRoutes(app),
      ...productNotificationRoutes(app),
      ...registrationRoutes(app),
      ...dealersRoutes(app),
      ...reviewsRoutes(app),
      ...captchaRoutes(app),
      ...analyticsRoutes(app),
    },
    { validateResponses: config.validateResponses },
  );
  registerGeocoding(app);
  registerDevMailbox(app);
  registerSeoFiles(app);
  registerHealth(app, database);

  await app.register(fastifyStatic, {
    root: mediaDir,
    prefix: '/media/',
    decorateReply: false,
    maxAge: '1d',
  });
  await installSpa(app, config, contract);
  return { app, database, contract };
}

function installBodyParsing(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    // An empty body with a JSON content type is "no body", not a syntax error.
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    parseJson(request, text, (err, value) => {
      if (err) return done(new HttpError(400, 'The request body is not valid JSON'), undefined);
      done(null, value);
    });
  });
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (headers or address over
 * 16 KB, a broken request line): answered as a Problem too, then the connection is closed.
 */
function answerClientError(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'The address or the headers of the request are too long']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'The request took too long to arrive']
        : [400, 'The request is not valid HTTP'];
  const body = JSON.stringify(problem(status, message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${statusTitle(status)}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/**
 * PostgreSQL text cannot hold the NUL character (U+0000): a value carrying one would fail in the
 * database, after the contract had accepted it. Refused up front for every value of a request
 * to the API (path, query, JSON or form body), naming where it was.
 */
function findNul(value: unknown, where: string, depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? where : undefined;
  if (!value || typeof value !== 'object' || depth > 32) return undefined;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes('\u0000')) return where;
    const found = findNul(inner, Array.isArray(value) ? `${where}[${key}]` : `${where}.${key}`, depth + 1);
    if (found) return found;
  }
  return undefined;
}

function installNulCheck(app: FastifyInstance) {
  app.addHook('preHandler', async (request) => {
    if (!request.routeOptions.config?.operationId) return;
    const found =
      findNul(request.params, 'path') ?? findNul(request.query, 'query') ?? findNul(request.body, 'body');
    if (found) throw new HttpError(400, `${found.replace(/^(path|query|body)\./, '')} contains a NUL character (\\u0000), which is not accepted`);
  });
}

function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler(async (error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.status).type('application/json').send(problem(error.status, error.message, error.errors));
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status >= 500 && isDatabaseUnavailable(error)) {
      // Not the visitor's fault and not a bug: the database is down or not answering (decision 021).
      request.log.warn({ err: error }, 'database unavailable');
      return reply.code(503).header('retry-after', '5').send(problem(503, DATABASE_UNAVAILABLE));
    }
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send(problem(500, 'Something went wrong on our side. Please try again.'));
    }
    const code = (error as FastifyError).code;
    // The client is still sending the body: read it first, so it gets the 413 and not a reset.
    if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') await discardRequestBody(request.raw);
    const message =
      code === 'FST_ERR_CTP_BODY_TOO_LARGE'
        ? `The request body is larger than the ${app.config.BODY_LIMIT_BYTES} bytes accepted`
        : code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? `Content type ${request.headers['content-type'] ?? '(none)'} is not accepted`
          : code === 'FST_ERR_RATE_LIMITED' || status === 429
            ? 'Too many requests. Please wait a moment and try again.'
            : error.message || statusTitle(status);
    return reply.code(status).send(problem(status, message));
  });
}

/**
 * A GET or HEAD that is not for the API, the identity provider, media or a build asset: a page.
 * A missing build asset (a stale tab after a deploy) is a 404, never index.html as JavaScript.
 */
function isPageRequest(method: string, url: string, apiBasePath: string): boolean {
  const path = url.split('?')[0];
  const notPages = [apiBasePath + '/', '/oidc/', '/media/', '/assets/'];
  return (method === 'GET' || method === 'HEAD') && path !== apiBasePath && !notPages.some((prefix) => path.startsWith(prefix));
}

/**
 * The built app: its assets, and every other GET or HEAD that is not an API, identity or media
 * path answered with the page rendered on the server (server/src/ssr.ts, decision 025), the
 * runtime settings injected (decision 001).
 */
async function installSpa(app: FastifyInstance, config: Config, contract: Contract) {
  const staticDir = config.staticDir;
  const indexFile = staticDir ? path.join(staticDir, 'index.html') : undefined;
  const built = indexFile && existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : undefined;
  const template = built?.replace('<!--runtime-settings-->', runtimeSettingsElement(config));
  const renderer = staticDir && template ? await loadBuiltRenderer(staticDir) : undefined;
  const screenAssets = staticDir ? screenAssetLinks(staticDir) : undefined;
  const cache = config.PAGE_CACHE_BYTES > 0 ? new PageCache(config.PAGE_CACHE_BYTES) : undefined;
  const completeStylesheets = staticDir ? stylesheetCompletion(staticDir) : undefined;
  const pages = template && renderer ? { renderer, template, screenAssets, completeStylesheets, cache } : undefined;
  if (staticDir && template) {
    // The built assets' .br or .gz is chosen by the shop's one reading of Accept-Encoding.
    app.register(async (assets) => {
      assets.addHook('onRequest', async (request) => negotiateForStaticFiles(request));
      await assets.register(fastifyStatic, {
        root: staticDir,
        prefix: '/',
        index: false,
        wildcard: false,
        decorateReply: true,
        // The build writes .br and .gz beside each asset (vite.config.ts); a browser that accepts
        // them gets the compressed file with Content-Encoding and Vary: Accept-Encoding.
        preCompressed: true,
        // The build keeps its sourcemaps beside the scripts ('hidden': not referenced by them) for
        // the bundle report and error reporting; they are never served, in any environment
        // (decision 028): no route is made for them, and a *.map path is refused if one were.
        globIgnore: ['**/*.map', '**/*.map.br', '**/*.map.gz'],
        allowedPath: (pathName) => !SOURCEMAP.test(pathName),
        setHeaders: (reply, filePath) => {
          // Hashed build assets never change; everything else is revalidated.
          if (filePath.includes(`${path.sep}assets${path.sep}`)) {
            reply.header('cache-control', 'public, max-age=31536000, immutable');
          }
        },
      });
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0];
    const isPage = isPageRequest(request.method, request.url, contract.basePath);
    if (isPage && pages) return sendPage(app, pages, request, reply);
    if (isPage && template && pageTarget(request.url) === undefined) {
      // An address that could name another host is no page (decision 074), rendered or not.
      const answer = notAPageAnswer(request);
      return reply.code(answer.status).headers(answer.headers).send(answer.body);
    }
    if (isPage && template) {
      // A build without its server bundle: the browser renders the page.
      return reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(template);
    }
    return reply
      .code(404)
      .send(problem(404, `No route for ${request.method} ${url}`));
  });
}
