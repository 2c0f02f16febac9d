import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { Params } from 'nestjs-pino';
import type { AppConfig } from '../config/config.js';

const REQUEST_ID = /^[\w.-]{1,100}$/;

/** Takes the caller's X-Request-Id when it is sane, else makes one. */
export function requestIdFor(request: { headers: IncomingHttpHeaders }): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/** Structured JSON logs; every line written while serving a request carries its requestId. */
export function loggingParams(config: AppConfig): Params {
  return {
    pinoHttp: {
      level: config.logLevel,
      quietReqLogger: true,
      customAttributeKeys: { reqId: 'requestId' },
      genReqId: (request) => (request as IncomingMessage & { id?: string }).id ?? requestIdFor(request),
      redact: { paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'], remove: true },
      autoLogging: { ignore: (request) => (request.url ?? '').startsWith('/health') },
      serializers: {
        req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url }),
      },
    },
  };
}
