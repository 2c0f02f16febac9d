import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { LoggerService } from '@nestjs/common';
import { pino, type Logger } from 'pino';

const REQUEST_ID = /^[\w.-]{1,100}$/;

/** Takes the caller's X-Request-Id when it is sane, else makes one. */
export function requestIdFor(request: { headers: IncomingHttpHeaders }): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * Structured JSON logs. Lines about a request carry its requestId: the completion line and
 * the error filter add it; code that logs while serving a request passes request.id too.
 */
export function createRootLogger(level: string, redactions: LogRedactions = {}, destination?: pino.DestinationStream): Logger {
  const options = {
    level,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: redactedPaths(redactions), censor: '[redacted]' },
  };
  return destination ? pino(options, destination) : pino(options);
}

/** Log fields and HTTP headers a module adds to the platform's lists of credentials (ModuleRegistration.logRedactions). */
export type LogRedactions = { readonly fields?: readonly string[]; readonly headers?: readonly string[] };

/**
 * Field names that hold credentials: passwords, tokens, API keys, webhook secrets, the
 * encryption keys and integration credentials. Never logged, at the top level of a log line or
 * one level down (`{ integration: { apiKey } }`), nor in request or outbound headers.
 */
export const SECRET_FIELD_NAMES: readonly string[] = [
  'password',
  'token',
  'secret',
  'apiKey',
  'apiToken',
  'api_key',
  'authToken',
  'auth_token',
  'accessToken',
  'access_token',
  'refreshToken',
  'refresh_token',
  'clientSecret',
  'client_secret',
  'secretKey',
  'webhookSecret',
  'webhook_secret',
  'signingSecret',
  'previousSigningSecret',
  'encryptionKey',
  'credentials',
  'plaintext',
];

const SECRET_HEADERS = ['cookie', 'authorization', 'proxy-authorization', 'x-api-key', 'set-cookie'];

/** pino's redaction paths for the platform's fields and headers and the modules' own. */
function redactedPaths({ fields = [], headers = [] }: LogRedactions): string[] {
  return [
    ...new Set([...SECRET_FIELD_NAMES, ...fields].flatMap((name) => [name, `*.${name}`])),
    ...new Set([...SECRET_HEADERS, ...headers].flatMap((name) => [`headers["${name}"]`, `*.headers["${name}"]`])),
  ];
}

const SECRET_QUERY_VALUE = /([?&](?:token|code|state|access_token|refresh_token|id_token|session_state)=)[^&#]*/gi;

/**
 * A URL as it may be logged: one-time links (confirmation, password reset) and sign-in
 * callbacks carry credentials in the query, which never belong in a log.
 */
export function loggableUrl(url: string): string {
  return url.replace(SECRET_QUERY_VALUE, '$1[redacted]');
}

/** Nest's logger interface over the root pino logger. */
const STARTUP_CONTEXTS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestFactory']);

export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, ...rest: unknown[]) {
    // Nest's start-up chatter (one line per module and route) is for debugging, not for operators.
    this.write(STARTUP_CONTEXTS.has(rest.at(-1) as string) ? 'debug' : 'info', message, rest);
  }
  error(message: unknown, ...rest: unknown[]) {
    this.write('error', message, rest);
  }
  warn(message: unknown, ...rest: unknown[]) {
    this.write('warn', message, rest);
  }
  debug(message: unknown, ...rest: unknown[]) {
    this.write('debug', message, rest);
  }
  verbose(message: unknown, ...rest: unknown[]) {
    this.write('trace', message, rest);
  }
  fatal(message: unknown, ...rest: unknown[]) {
    this.write('fatal', message, rest);
  }

  private write(level: 'info' | 'error' | 'warn' | 'debug' | 'trace' | 'fatal', message: unknown, rest: unknown[]) {
    if (!this.logger.isLevelEnabled(level)) return;
    // Nest passes the context (class name) last; an error's stack may come before it.
    const context = typeof rest.at(-1) === 'string' ? (rest.at(-1) as string) : undefined;
    const extra = context === undefined ? rest : rest.slice(0, -1);
    if (message !== null && typeof message === 'object' && !(message instanceof Error)) {
      const text = typeof extra[0] === 'string' ? extra[0] : undefined;
      this.logger[level]({ context, ...(message as object) }, text);
    } else if (message instanceof Error) {
      this.logger[level]({ context, err: message }, message.message);
    } else {
      const stack = typeof extra[0] === 'string' && level === 'error' ? extra[0] : undefined;
      this.logger[level]({ context, ...(stack ? { stack } : {}) }, String(message));
    }
  }
}
