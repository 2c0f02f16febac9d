import { Catch, HttpException, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { errorCodes as fastifyErrorCodes, type FastifyReply, type FastifyRequest } from 'fastify';

import { DomainError } from '../domain/domain-error.js';
import { VersionConflictError } from '../event-store/event-store.port.js';
import { RateLimited } from '../rate-limit/rate-limiter.js';
import { RedisUnavailable } from '../redis/redis-connection.js';
import { isRecordedRefusal, type SecurityEventRecorder } from '../security/security-event-recorder.port.js';
import { ApiError, type ApiErrorBody } from './api-error.js';
import { CODE_BY_STATUS as CODES, readableFastifyMessage } from './framework-errors.js';
import { requestClient } from './request-client.js';
import { WebApp } from './web-app.js';

// Text PostgreSQL cannot store or read (a NUL, bytes invalid in UTF-8, a malformed value) that
// got past validation: the caller's input, not a fault of ours.
const POSTGRES_INPUT_ERRORS = new Set(['22021', '22P05', '22P02']);

/**
 * Every error leaves as one JSON shape. Unknown paths outside /api and /health get the web
 * app's index.html, whose router shows the page: 200 for a path the app has a page for, 404
 * (and the app's not-found page) for any other.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('http');
  private readonly webApp: WebApp | null;

  constructor(
    webDist: string | null,
    private readonly securityEvents: SecurityEventRecorder | null = null,
  ) {
    this.webApp = WebApp.load(webDist);
  }

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const body = this.toBody(exception, request);

    if (body.status === 404 && this.webApp && this.servesApp(request)) {
      const known = this.webApp.knows(request.url.split('?')[0]!);
      void reply
        .status(known ? 200 : 404)
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(this.webApp.indexHtml);
      return;
    }
    if (exception instanceof RateLimited || exception instanceof RedisUnavailable) void reply.header('retry-after', String(exception.retryAfterSeconds));
    this.recordSecurityEvent(body.status, request, exception);
    // A Redis outage is logged once by its connection, not at every request it refuses.
    if (body.status >= 500 && !(exception instanceof RedisUnavailable)) this.logger.error({ err: exception, requestId: request.id }, 'request failed');
    void reply.status(body.status).header('content-type', 'application/json; charset=utf-8').send(body);
  }

  private toBody(exception: unknown, request: FastifyRequest): ApiErrorBody {
    const requestId = String(request.id);
    if (exception instanceof ApiError) {
      return { status: exception.status, code: exception.code, message: exception.message, fieldErrors: exception.fieldErrors, requestId };
    }
    if (exception instanceof DomainError) {
      return { status: exception.status, code: exception.code, message: exception.message, ...exception.details, requestId };
    }
    if (exception instanceof VersionConflictError) {
      return { status: 409, code: 'VERSION_CONFLICT', message: 'This record was changed by someone else at the same moment. Please try again.', requestId };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      // Nest passes Fastify's own errors (unreadable body, too large...) on as bare messages.
      const fastifyCode = FASTIFY_CODE_BY_MESSAGE.get(exception.message);
      const message =
        status === 404
          ? `No such endpoint: ${request.method} ${request.url.split('?')[0]}`
          : fastifyCode
            ? readableFastifyMessage(fastifyCode, exception.message)
            : exception.message;
      return { status, code: CODES[status] ?? (status >= 500 ? 'INTERNAL' : 'ERROR'), message, requestId };
    }
    if (POSTGRES_INPUT_ERRORS.has(postgresErrorCode(exception) ?? '')) {
      return { status: 400, code: 'BAD_REQUEST', message: 'The request holds characters or a value that cannot be stored.', requestId };
    }
    const fastifyError = exception as { statusCode?: number; code?: string; message?: string };
    if (typeof fastifyError.statusCode === 'number' && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
      return {
        status: fastifyError.statusCode,
        code: CODES[fastifyError.statusCode] ?? 'BAD_REQUEST',
        message: readableFastifyMessage(fastifyError.code, fastifyError.message),
        requestId,
      };
    }
    return { status: 500, code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.', requestId };
  }

  /** Refusals on the API are security events (recorded without delaying the answer). */
  private recordSecurityEvent(status: number, request: FastifyRequest, exception: unknown): void {
    if (!this.securityEvents || !request.url.startsWith('/api/') || isRecordedRefusal(exception)) return;
    const type = exception instanceof RateLimited ? 'rate_limit_exceeded' : status === 401 || status === 403 ? 'unauthorized_access' : null;
    if (!type) return;
    const source = { ...requestClient(request), userId: (request as FastifyRequest & { user?: { userId: string } }).user?.userId ?? null };
    void this.securityEvents.record(type, source, { method: request.method, path: request.url.split('?')[0], status });
  }

  private servesApp(request: FastifyRequest): boolean {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const pathname = request.url.split('?')[0]!;
    return !/^\/(api|health)(\/|$)/.test(pathname);
  }
}

const FASTIFY_CODE_BY_MESSAGE = new Map(
  ['FST_ERR_CTP_INVALID_JSON_BODY', 'FST_ERR_CTP_EMPTY_JSON_BODY', 'FST_ERR_CTP_BODY_TOO_LARGE', 'FST_ERR_CTP_INVALID_MEDIA_TYPE'].map((code) => {
    const ErrorType = (fastifyErrorCodes as unknown as Record<string, new () => Error>)[code]!;
    return [new ErrorType().message, code] as const;
  }),
);

/** The SQLSTATE of a PostgreSQL error, also when a driver or the ORM wrapped it. */
function postgresErrorCode(error: unknown): string | undefined {
  for (let at = error, depth = 0; at && typeof at === 'object' && depth < 5; at = (at as { cause?: unknown }).cause, depth++) {
    const { code, sqlState } = at as { code?: unknown; sqlState?: unknown };
    if (typeof sqlState === 'string') return sqlState;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}
