import 'reflect-metadata';

import fs from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { LogController, type FastifyBaseLogger } from 'fastify';

import type { AppConfig } from './app-config.js';
import { AppModule } from './app.module.js';
import { MODULE_LOG_REDACTIONS, POPUP_RETURN_PAGES, UPLOAD_ROUTES } from './modules.js';
import { acceptCsvBodies } from './platform/csv/csv-body.js';
import { acceptFileBodies } from './platform/files/file-body.js';
import { AllExceptionsFilter } from './platform/http/all-exceptions.filter.js';
import { ApiError } from './platform/http/api-error.js';
import { clientErrorHandler, frameworkErrorHandler } from './platform/http/framework-errors.js';
import { serializeReply } from './platform/http/idempotency.js';
import { drainOversizedBodies, MAX_BODY_BYTES } from './platform/http/oversized-bodies.js';
import { projectRoot } from './platform/http/project-root.js';
import { isApiPath, isPopupReturnPage, securityHeaders } from './platform/http/security-headers.js';
import { closeStalledBodies, REQUEST_RECEIVE_MS } from './platform/http/stalled-bodies.js';
import { createRootLogger, loggableUrl, PinoNestLogger, requestIdFor } from './platform/logging/logging.js';
import type { OpeningDatabase } from './platform/persistence/database.js';
import { SECURITY_EVENT_RECORDER, type SecurityEventRecorder } from './platform/security/security-event-recorder.port.js';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** No Origin header (same-origin navigations, non-browser clients) or one matching this server. */
function isSameOrigin(origin: string | undefined, host: string | undefined, publicOrigin: string): boolean {
  if (!origin) return true;
  if (origin === publicOrigin) return true;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

/** Builds the API (and, when the config says so, the in-process workers) without listening yet; `openingDatabase` is one src/main.ts began opening. */
export async function createApp(config: AppConfig, openingDatabase?: OpeningDatabase): Promise<NestFastifyApplication> {
  const logger = createRootLogger(config.logLevel, MODULE_LOG_REDACTIONS);
  const headers = securityHeaders(config.publicUrl);
  const adapter = new FastifyAdapter({
    // The portal has no Nest middleware (Fastify hooks do that work), and @fastify/middie's
    // request hook cost about 15% of the throughput of a small answer (bench/README.md).
    // Nest middleware cannot work while this is set: write a Fastify hook instead.
    skipMiddie: true,
    loggerInstance: logger,
    // One line per request is written by the onResponse hook below. No child logger is made
    // per request (a measurable cost); code that logs while serving a request passes
    // request.id itself.
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'requestId' }),
    childLoggerFactory: (parent: FastifyBaseLogger) => parent,
    genReqId: requestIdFor,
    // Trusting every proxy would let any client pick its own address and slip past the
    // per-address rate limits; only the configured proxies are believed.
    trustProxy: Array.isArray(config.trustProxy) ? [...config.trustProxy] : (config.trustProxy as boolean | number),
    bodyLimit: MAX_BODY_BYTES,
    requestTimeout: REQUEST_RECEIVE_MS,
    frameworkErrors: frameworkErrorHandler(headers.api),
    clientErrorHandler: clientErrorHandler(headers.api),
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config, openingDatabase), adapter, {
    logger: new PinoNestLogger(logger),
    abortOnError: false,
    // Nest's JSON parser keeps the bytes it parsed as request.rawBody: the card provider's webhook is verified on them.
    rawBody: true,
  });
  app.enableShutdownHooks();

  const fastify = app.getHttpAdapter().getInstance();
  // Before any route exists: a route takes the serializer in force when it is added.
  fastify.setReplySerializer(serializeReply);
  const publicOrigin = new URL(config.publicUrl).origin;
  await app.register(fastifyCookie);
  acceptCsvBodies(fastify);
  acceptFileBodies(fastify, UPLOAD_ROUTES);
  drainOversizedBodies(fastify);
  closeStalledBodies(fastify);
  // One hook for every request (each hook costs throughput): the request id and security
  // headers, and refusing writes from other sites (the session guard also checks a CSRF token).
  // The request id reaches log lines explicitly (the completion line, the error filter), not
  // through AsyncLocalStorage: on Node 20 that slows every promise in the process by ~15%.
  fastify.addHook('onRequest', (request, reply, done) => {
    void reply
      .headers(isApiPath(request.url) ? headers.api : isPopupReturnPage(request.url, POPUP_RETURN_PAGES) ? headers.popupReturn : headers.page)
      .header('x-request-id', request.id);
    if (UNSAFE_METHODS.has(request.method) && !isSameOrigin(request.headers.origin, request.headers.host, publicOrigin)) {
      done(new ApiError(403, 'CROSS_SITE_REQUEST', 'Requests from other sites are not accepted.'));
      return;
    }
    done();
  });
  if (logger.isLevelEnabled('info')) {
    fastify.addHook('onResponse', (request, reply, done) => {
      if (!request.url.startsWith('/health')) {
        logger.info(
          { requestId: request.id, method: request.method, url: loggableUrl(request.url), statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime) },
          'request completed',
        );
      }
      done();
    });
  }

  const webDist = path.join(projectRoot(), 'web', 'dist');
  const hasWeb = fs.existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      // Source maps stay on the server for reading stack traces; the route list is for the server.
      allowedPath: (pathname) => !pathname.endsWith('.map') && pathname !== '/app-routes.json',
      setHeaders: (reply, file) => {
        void reply.header('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.useGlobalFilters(new AllExceptionsFilter(hasWeb ? webDist : null, app.get<SecurityEventRecorder>(SECURITY_EVENT_RECORDER)));

  const openApi = new DocumentBuilder()
    .setTitle('Agent Portal API')
    .setDescription('The portal for health-insurance sales agents: access, support, training, wallet, marketplace.')
    .setVersion('0.1.0')
    .build();
  SwaggerModule.setup('api/docs', app, () => SwaggerModule.createDocument(app, openApi), {
    jsonDocumentUrl: 'api/docs/openapi.json',
    // Without deep links an operation's path is no link inside its expand button (nested controls).
    swaggerOptions: { deepLinking: false },
    customCss: READABLE_DOCS_CSS,
  });
  return app;
}

/**
 * Swagger UI's badges in colours that keep WCAG AA contrast with their white text (its own
 * light blues and greens do not): the version stamps and the HTTP method of each operation.
 */
const READABLE_DOCS_CSS = `
.swagger-ui .info .title small { background: #4b5563; }
.swagger-ui .info .title small.version-stamp { background: #3f6212; }
.swagger-ui .opblock .opblock-summary-method { text-shadow: none; }
.swagger-ui .opblock.opblock-get .opblock-summary-method { background: #1d4ed8; }
.swagger-ui .opblock.opblock-post .opblock-summary-method { background: #047857; }
.swagger-ui .opblock.opblock-put .opblock-summary-method { background: #b45309; }
.swagger-ui .opblock.opblock-patch .opblock-summary-method { background: #0f766e; }
.swagger-ui .opblock.opblock-delete .opblock-summary-method { background: #b91c1c; }
.swagger-ui .opblock.opblock-head .opblock-summary-method, .swagger-ui .opblock.opblock-options .opblock-summary-method { background: #6d28d9; }
`;
