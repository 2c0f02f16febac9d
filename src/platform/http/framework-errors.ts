import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';

import type { ApiErrorBody } from './api-error.js';
import { MAX_BODY_BYTES } from './oversized-bodies.js';
import type { SecurityHeaders } from './security-headers.js';

export const CODE_BY_STATUS: Readonly<Record<number, string>> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  408: 'REQUEST_TIMEOUT',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  431: 'HEADERS_TOO_LARGE',
};

export function readableFastifyMessage(code: string | undefined, fallback: string | undefined): string {
  switch (code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return `The request body is larger than ${MAX_BODY_BYTES / (1024 * 1024)} MB, the most the portal accepts.`;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'This content type is not accepted here.';
    case 'FST_ERR_BAD_URL':
      return 'The address is not valid: it holds a broken percent-encoding.';
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return 'A part of the address is too long.';
    case 'HPE_HEADER_OVERFLOW':
      return 'The request headers are too large.';
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return 'The request took too long to arrive.';
    default:
      return fallback ?? 'The request could not be read.';
  }
}

const FRAMEWORK_STATUS: Readonly<Record<string, number>> = { FST_ERR_BAD_URL: 400, FST_ERR_MAX_PARAM_LENGTH: 414 };

/** Fastify's answers for requests it refuses before routing (bad URL encoding, too long a parameter), in the portal's shape. */
export function frameworkErrorHandler(headers: SecurityHeaders) {
  return (error: Error & { code?: string; statusCode?: number }, request: FastifyRequest, reply: FastifyReply) => {
    const status = FRAMEWORK_STATUS[error.code ?? ''] ?? error.statusCode ?? 400;
    const body: ApiErrorBody = {
      status,
      code: CODE_BY_STATUS[status] ?? 'BAD_REQUEST',
      message: readableFastifyMessage(error.code, error.message),
      requestId: String(request.id),
    };
    void reply.headers(headers).header('x-request-id', request.id).status(status).header('content-type', 'application/json; charset=utf-8').send(body);
  };
}

/** Requests Node's parser refuses (headers too large, a timeout, malformed HTTP) get the portal's shape too; the connection is closed after. */
export function clientErrorHandler(headers: SecurityHeaders) {
  const headerLines = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return (error: Error & { code?: string }, socket: Socket) => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    const body = JSON.stringify({
      status,
      code: CODE_BY_STATUS[status],
      message: readableFastifyMessage(error.code, 'The request could not be read.'),
    } satisfies ApiErrorBody);
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\n${headerLines}connection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy(error);
  };
}
