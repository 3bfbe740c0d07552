import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { servesHttps } from './config';
import { AppError, notFound, tooManyRequests } from './core/lib/errors';
import { logDestination, logFormat } from './core/lib/log';
import { registerHttpMetrics } from './core/plugins/metrics';
import { registerOpenApi } from './core/plugins/openapi';
import { registerRequestIdHeader, requestIdGenerator } from './core/plugins/request-id';
import { registerSecurity } from './core/plugins/security';
import { registerWebApp } from './core/plugins/web';
import { sessionCookies } from './core/session-cookies';
import { clientsRoutes } from './features/accounts';
import { adminRoutes, systemHealthRoutes } from './features/admin';
import { alertsRoutes } from './features/alerts';
import { apiKeysRoutes } from './features/api-keys';
import { assignmentsRoutes } from './features/assignments';
import { authRoutes } from './features/auth';
import { billingRoutes } from './features/billing';
import { contactsRoutes } from './features/contacts';
import { forecastsRoutes } from './features/forecasts';
import { geocodingRoutes } from './features/geocoding';
import { locationFavouritesRoutes, locationOverviewRoutes, locationsRoutes } from './features/locations';
import { metricsRoutes } from './features/metrics';
import { smsConsentRoutes, smsStatusRoutes } from './features/notifications';
import { rainfallDataRoutes, rainfallRoutes } from './features/rainfall';
import { sharedRateLimitStore } from './features/rate-limits';
import { reportRecipientsRoutes, reportsRoutes } from './features/reports';
import { signupsRoutes } from './features/signups';
import { inspectionsRoutes, stormEventsRoutes } from './features/storm-events';
import { switchUserRoutes } from './features/switch-user';
import { systemRoutes } from './features/system';
import { usersRoutes } from './features/users';
import { webhooksRoutes } from './features/webhooks';
import type { Services } from './services';

export interface AppOptions {
  /** Serve the built web app (off in API tests). */
  serveWeb?: boolean;
  logger?: boolean;
  /** Where log lines go instead of standard output (tests read them). */
  logStream?: { write(line: string): void };
}

function validationDetail(
  error: FastifyError & { validation: { instancePath: string; message?: string; keyword: string }[] },
) {
  const context = error.validationContext ?? 'body';
  return error.validation.map((issue) => ({
    loc: [context, ...issue.instancePath.split('/').filter(Boolean)],
    msg: issue.message ?? 'Invalid value',
    type: issue.keyword,
  }));
}

/** Malformed addresses the router refuses before any route runs, answered like every other error. */
function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const detail =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'A part of the path is too long' : 'Malformed URL';
  return reply.code(error.statusCode ?? 400).send({ detail });
}

/**
 * Requests Node's HTTP parser rejects (headers or URL too large, broken syntax) never reach
 * Fastify's handlers; this writes their answer in the same `{ detail }` form.
 */
function clientErrorHandler(error: NodeJS.ErrnoException, socket: Duplex) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout']
        : [400, 'Bad Request'];
  const body = JSON.stringify({ detail: reason });
  if (socket.writable && (socket as Socket).bytesWritten === 0) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** One place turns failures into the specification's `detail` bodies; a 5xx never shows its cause. */
function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: error.cause ?? error }, error.message);
      // A refusal that operators must see (a signed provider event of an unexpected shape).
      else if (error.cause) request.log.warn({ err: error.cause }, error.message);
      return reply.code(error.statusCode).headers(error.headers).send({ detail: error.detail });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.code(422).send({ detail: validationDetail(error) });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) return reply.code(status).send({ detail: error.message });
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ detail: 'Internal Server Error' });
  });
}

/** `GET /api/locations 200 12 ms`, one line per request: what a person watching a terminal wants. */
class ReadableRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    const line = `${request.method} ${request.url} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`;
    if (error) reply.log.error({ err: error }, line);
    else reply.log.info(line);
  }
}

/** Builds the Fastify instance (no listen): third-party plugins, then the app's own, then routes. */
export async function buildApp(services: Services, options: AppOptions = {}): Promise<FastifyInstance> {
  const { config } = services;
  const readable = !options.logStream && logFormat(config) === 'pretty';
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.LOG_LEVEL,
            stream: logDestination(config, options.logStream),
            // Sessions' tokens and API keys never reach a log line, whatever a serializer adds.
            redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], censor: '[redacted]' },
          },
    // A terminal gets one line per request instead of Fastify's two JSON entries.
    logController: readable ? new ReadableRequestLog() : undefined,
    trustProxy: config.TRUST_PROXY,
    requestIdHeader: false,
    genReqId: requestIdGenerator(config.TRUST_PROXY),
    // The old client calls many paths both with and without a trailing slash (D21).
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors,
    clientErrorHandler,
    // `start` registers the plugins while its worker's start-up catch-up holds the thread on the
    // embedded database, for half a minute on a busy machine; Fastify's 10 s would abort the start.
    pluginTimeout: 120_000,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('auth', null);
  app.decorateRequest('access', null);
  app.decorateRequest('guardReads', null);
  installErrorHandler(app);
  registerRequestIdHeader(app);
  registerHttpMetrics(app, services.metrics.registry);

  // Location lists and hourly series are large, repetitive JSON; they shrink about tenfold.
  await app.register(compress, { global: true });
  await app.register(formbody);
  await app.register(cookie);
  await app.register(rateLimit, {
    global: false,
    store: sharedRateLimitStore(services.rateLimits),
    errorResponseBuilder: (_request, context) => tooManyRequests(Math.ceil(context.ttl / 1000)),
  });
  await registerSecurity(app, config);
  await registerOpenApi(app);

  const cookies = sessionCookies({
    secure: servesHttps(config),
    maxAgeSeconds: config.REFRESH_TOKEN_DAYS * 24 * 3600,
  });
  await app.register(systemRoutes(services));
  await app.register(authRoutes(services, cookies));
  await app.register(usersRoutes(services));
  await app.register(signupsRoutes(services, cookies));
  await app.register(billingRoutes(services));
  await app.register(switchUserRoutes(services, cookies));
  await app.register(adminRoutes(services));
  await app.register(systemHealthRoutes(services));
  await app.register(clientsRoutes(services));
  await app.register(apiKeysRoutes(services));
  await app.register(webhooksRoutes(services));
  await app.register(locationsRoutes(services));
  await app.register(locationOverviewRoutes(services));
  await app.register(locationFavouritesRoutes(services));
  await app.register(geocodingRoutes(services));
  await app.register(contactsRoutes(services));
  await app.register(assignmentsRoutes(services));
  await app.register(rainfallRoutes(services));
  await app.register(rainfallDataRoutes(services));
  await app.register(forecastsRoutes(services));
  await app.register(alertsRoutes(services));
  await app.register(stormEventsRoutes(services));
  await app.register(inspectionsRoutes(services));
  await app.register(reportsRoutes(services));
  await app.register(reportRecipientsRoutes(services));
  await app.register(smsStatusRoutes(services));
  await app.register(smsConsentRoutes(services));
  await app.register(metricsRoutes(services));

  const servePage = options.serveWeb !== false ? await registerWebApp(app, config) : null;
  app.setNotFoundHandler((request, reply) => {
    const page = servePage?.(request, reply);
    if (!page) throw notFound();
    return page;
  });
  return app;
}
