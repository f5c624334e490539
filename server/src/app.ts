import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyError } from 'fastify';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import { browserSettings, type Config } from './config';
import { contentSecurityDirectives } from './security-headers';
import { openDatabase, type Database, type Db } from './db/client';
import { seedDatabase } from './db/seed';
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
import { createProvider, mountProvider } from './identity/provider';
import { registerInteractionRoutes } from './identity/interactions';
import { embeddedVerifier, installBearerAuth, remoteVerifier } from './identity/bearer';
import { createCaptchaVerifier } from './captcha/verifier';
import { installFormRateLimits } from './forms/rate-limit';
import { installMultipartForms } from './forms/multipart';
import { registerGeocoding } from './geocoding/geocode-route';
import { registerDevMailbox } from './dev/mailbox';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    mailer: Mailer;
  }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const mediaDir = path.join(root, 'server/seed/media');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface BuiltApp {
  app: FastifyInstance;
  database: Database;
  contract: Contract;
}

export async function buildApp(config: Config, options: { database?: Database } = {}): Promise<BuiltApp> {
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      inMemory: config.inMemoryDatabase,
    }));
  await seedDatabase(database.db);

  const app = Fastify({
    logger: { level: config.LOG_LEVEL },
    bodyLimit: config.BODY_LIMIT_BYTES,
    // The storefront sends X-Request-ID on every call; keep it so logs join up with the browser.
    requestIdHeader: false,
    genReqId: (req) => {
      const sent = req.headers['x-request-id'];
      return typeof sent === 'string' && UUID.test(sent) ? sent : randomUUID();
    },
    ajv: { customOptions: { strict: false } },
  });
  app.decorate('db', database.db);
  app.decorate('config', config);
  app.decorate('mailer', await createMailer(database.db, config.SMTP_URL));
  app.decorate('captcha', createCaptchaVerifier(config, database.db));
  app.addHook('onClose', async () => {
    if (!options.database) await database.close();
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  installBodyParsing(app);
  installErrorHandling(app);
  await installFormRateLimits(app);

  // Identity (decision 005): the embedded provider at /oidc unless OIDC_AUTHORITY names another.
  if (config.OIDC_AUTHORITY) {
    installBearerAuth(app, remoteVerifier(config));
  } else {
    const keys = await loadIdentityKeys(database.db);
    installBearerAuth(app, embeddedVerifier(config, keys.publicJwks));
    const provider = createProvider(config, database.db, keys);
    mountProvider(app, provider);
    registerInteractionRoutes(app, provider, config);
  }

  // Security headers on every answer; the CSP per configuration (server/src/security-headers.ts).
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityDirectives(config) },
    crossOriginEmbedderPolicy: false,
  });

  const contract = loadContract();
  await installMultipartForms(app, contract);
  if (config.validateResponses) registerResponseValidation(app, contract);
  registerOperations(app, contract, {
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
  });
  registerGeocoding(app);
  registerDevMailbox(app);

  await app.register(fastifyStatic, {
    root: mediaDir,
    prefix: '/media/',
    decorateReply: false,
    maxAge: '1d',
  });
  installSpa(app, config, contract);
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

function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.status).type('application/json').send(problem(error.status, error.message, error.errors));
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send(problem(500, 'Something went wrong on our side. Please try again.'));
    }
    const code = (error as FastifyError).code;
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
 * The built app and its client-side routes: any GET that is not an API, identity or media path
 * answers index.html with the runtime settings injected (decision 001).
 */
function installSpa(app: FastifyInstance, config: Config, contract: Contract) {
  const staticDir = config.staticDir;
  const indexFile = staticDir ? path.join(staticDir, 'index.html') : undefined;
  const template = indexFile && existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : undefined;
  if (staticDir && template) {
    app.register(fastifyStatic, {
      root: staticDir,
      prefix: '/',
      index: false,
      wildcard: false,
      decorateReply: true,
      setHeaders: (reply, filePath) => {
        // Hashed build assets never change; everything else is revalidated.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }
  // A missing build asset (a stale tab after a deploy) is a 404, never index.html as JavaScript.
  const apiPrefixes = [contract.basePath + '/', '/oidc/', '/media/', '/assets/'];
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    const isApi = apiPrefixes.some((p) => url.startsWith(p)) || url === contract.basePath;
    if (request.method === 'GET' && !isApi && template) {
      const settings = JSON.stringify(browserSettings(config)).replace(/</g, '\\u003c');
      return reply
        .code(200)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(
          template.replace(
            '<!--runtime-settings-->',
            `<script id="runtime-settings" type="application/json">${settings}</script>`,
          ),
        );
    }
    return reply
      .code(404)
      .send(problem(404, `No route for ${request.method} ${url}`));
  });
}
