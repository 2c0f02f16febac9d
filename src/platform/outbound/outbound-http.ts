import http from 'node:http';
import https from 'node:https';
import net, { type Socket } from 'node:net';

import { fencedLookup, refusalFor, systemLookup, type LookupFunction } from './fenced-lookup.js';
import type { OutboundAllowList } from './outbound-allow.js';
import { OutboundError, OutboundRefused } from './outbound-errors.js';

export type OutboundMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';

export type OutboundRequest = {
  readonly url: string;
  readonly method?: OutboundMethod;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string | Buffer;
  /** The whole call, redirects and body included; the client's default otherwise. */
  readonly timeoutMs?: number;
  /** Redirects followed (each one fenced again); 0 returns the 3xx answer itself. */
  readonly maxRedirects?: number;
  /** Headers dropped when a redirect leads to another origin, besides Authorization and Cookie. */
  readonly credentialHeaders?: readonly string[];
};

export type OutboundResponse = {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The answer's body, at most the client's cap. */
  readonly body: Buffer;
  /** True when the body went on past the cap and was cut there. */
  readonly truncated: boolean;
  /** The first bytes of the body as text (2 KB by default), for a delivery log. */
  readonly preview: string;
  /** Where the answer came from, after any redirects. */
  readonly url: string;
  /** The address the answer came from. */
  readonly address: string;
  readonly redirects: readonly string[];
  readonly durationMs: number;
};

export type OutboundHttpOptions = {
  readonly allow: OutboundAllowList;
  readonly timeoutMs: number;
  /** The most of a body read; beyond it the answer is cut (1 MB). */
  readonly maxBodyBytes?: number;
  /** How much of the body `preview` keeps (2 KB). */
  readonly previewBytes?: number;
  readonly maxRedirects?: number;
  /** Name resolution; tests give their own. */
  readonly resolve?: LookupFunction;
};

/** An idle kept-alive connection is closed after this, before common servers' own 5 s keep-alive ends it under a request. */
const IDLE_SOCKET_MS = 4_000;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const ALWAYS_DROPPED_ACROSS_ORIGINS = ['authorization', 'cookie', 'proxy-authorization'];

/**
 * The one way to call an address a user configured (an integration's endpoint, a test call):
 * only http and https; the host resolved and every address checked against the fence, and
 * checked again once connected, before a byte is sent; redirects followed by hand, a few at
 * most, each fenced again and never from https down to http; the time and the body bounded.
 * Failures are OutboundErrors whose messages can be shown to the agent.
 */
/** How long a form waits for a name to resolve before saving it unchecked (the calls check it anyway). */
const REFUSAL_LOOKUP_MS = 3_000;

export class OutboundHttp {
  private readonly lookup: LookupFunction;
  private readonly maxBodyBytes: number;
  private readonly previewBytes: number;
  private readonly maxRedirects: number;
  // Connections are kept open between calls to the same endpoint (a CRM gets a burst of leads);
  // a reused socket's far end was checked when it connected, and is checked again per request.
  // No cap on sockets per endpoint: a call never waits for another's socket, whose wait would
  // count against its own time limit.
  private readonly agents = {
    'http:': new http.Agent({ keepAlive: true, maxFreeSockets: 16, timeout: IDLE_SOCKET_MS }),
    'https:': new https.Agent({ keepAlive: true, maxFreeSockets: 16, timeout: IDLE_SOCKET_MS }),
  };

  constructor(private readonly options: OutboundHttpOptions) {
    this.lookup = fencedLookup(options.allow, options.resolve ?? systemLookup);
    this.maxBodyBytes = options.maxBodyBytes ?? 1_048_576;
    this.previewBytes = options.previewBytes ?? 2_048;
    this.maxRedirects = options.maxRedirects ?? 3;
  }

  /** Closes the kept-alive connections (at shutdown). */
  close(): void {
    this.agents['http:'].destroy();
    this.agents['https:'].destroy();
  }

  /**
   * Whether the fence refuses `url` as things stand: the address written in it, or every
   * address its name resolves to now. Null when it may be called, and when the name does not
   * resolve now (it may later; the fence checks again at every call). For forms that save an
   * address, so an agent hears at once what every delivery would otherwise fail with.
   */
  async refusalOf(url: string): Promise<OutboundRefused | null> {
    let hostname: string;
    try {
      hostname = new URL(url).hostname.replace(/^\[|\]$/g, '');
    } catch {
      return null;
    }
    if (net.isIP(hostname)) return refusalFor(this.options.allow, hostname, hostname);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(null), REFUSAL_LOOKUP_MS);
      this.lookup(hostname, { all: true }, (error) => {
        clearTimeout(timer);
        resolve(error instanceof OutboundRefused ? error : null);
      });
    });
  }

  async request(request: OutboundRequest): Promise<OutboundResponse> {
    const started = performance.now();
    const timeoutMs = request.timeoutMs ?? this.options.timeoutMs;
    const deadline = started + timeoutMs;
    const maxRedirects = request.maxRedirects ?? this.maxRedirects;
    const redirects: string[] = [];
    let url = parseTarget(request.url);
    let method: OutboundMethod = request.method ?? 'GET';
    let body = request.body;
    let headers: Record<string, string> = { ...lowerCased(request.headers ?? {}) };
    for (;;) {
      const hop = await this.send(url, method, headers, body, deadline, timeoutMs);
      const location = hop.headers.location;
      if (!REDIRECTS.has(hop.status) || typeof location !== 'string' || maxRedirects === 0) {
        return { ...hop, url: url.href, redirects, durationMs: Math.round(performance.now() - started) };
      }
      if (redirects.length >= maxRedirects)
        throw new OutboundError('too_many_redirects', `Stopped after ${maxRedirects} redirects (the last from ${url.origin}${url.pathname})`);
      const next = parseTarget(location, url);
      if (url.protocol === 'https:' && next.protocol === 'http:')
        throw new OutboundError('insecure_redirect', `Refused: ${url.host} redirected from https to plain http (${next.origin}${next.pathname})`);
      if (next.origin !== url.origin)
        headers = withoutHeaders(headers, [...ALWAYS_DROPPED_ACROSS_ORIGINS, ...(request.credentialHeaders ?? []).map((h) => h.toLowerCase())]);
      if (hop.status === 303 || ((hop.status === 301 || hop.status === 302) && method === 'POST')) {
        method = method === 'HEAD' ? 'HEAD' : 'GET';
        body = undefined;
        headers = withoutHeaders(headers, ['content-type', 'content-length']);
      }
      redirects.push(next.href);
      url = next;
    }
  }

  private send(
    url: URL,
    method: OutboundMethod,
    headers: Record<string, string>,
    body: string | Buffer | undefined,
    deadline: number,
    timeoutMs: number,
  ): Promise<Omit<OutboundResponse, 'url' | 'redirects' | 'durationMs'>> {
    const hostname = url.hostname.replace(/^\[|\]$/g, '');
    // An address in the URL is connected to without a lookup: check it here.
    if (net.isIP(hostname)) {
      const refusal = refusalFor(this.options.allow, hostname, hostname);
      if (refusal) return Promise.reject(refusal);
    }
    const payload = body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8');
    return new Promise((resolve, reject) => {
      let settled = false;
      const fail = (error: Error) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        req.destroy();
        reject(error);
      };
      const remaining = Math.max(deadline - performance.now(), 0);
      const timer = setTimeout(() => fail(new OutboundError('timeout', `No complete answer from ${url.host} within ${formatSeconds(timeoutMs)}`)), remaining);
      const transport = url.protocol === 'https:' ? https : http;
      const req = transport.request({
        protocol: url.protocol,
        hostname,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method,
        headers: {
          'user-agent': 'AgentPortal/0.1',
          ...headers,
          ...(payload ? { 'content-length': String(payload.length) } : {}),
        },
        agent: this.agents[url.protocol as 'http:' | 'https:'],
        lookup: this.lookup as never,
        servername: net.isIP(hostname) ? undefined : hostname,
      });
      req.on('error', (error: NodeJS.ErrnoException) => fail(error instanceof OutboundError ? error : networkError(error, url)));
      req.on('socket', (socket: Socket) => {
        // Nothing is written until the socket's far end is known to be allowed.
        const verify = () => {
          // A socket whose lookup was refused is already destroyed; its error is on its way.
          if (socket.destroyed) return;
          const address = socket.remoteAddress;
          if (!address) return fail(new OutboundError('network', `Could not reach ${url.host}`));
          const refusal = refusalFor(this.options.allow, address, hostname);
          if (refusal) fail(refusal);
          else req.end(payload);
        };
        if (socket.connecting) socket.once('connect', verify);
        else verify();
      });
      req.on('response', (res) => {
        const address = res.socket.remoteAddress ?? '';
        const chunks: Buffer[] = [];
        let received = 0;
        let truncated = false;
        const finish = () => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          const all = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: all,
            truncated,
            preview: all.subarray(0, this.previewBytes).toString('utf8'),
            address,
          });
          if (truncated) res.destroy();
        };
        res.on('data', (chunk: Buffer) => {
          if (settled) return;
          const room = this.maxBodyBytes - received;
          if (chunk.length > room) {
            chunks.push(chunk.subarray(0, room));
            received += room;
            truncated = true;
            finish();
            return;
          }
          chunks.push(chunk);
          received += chunk.length;
        });
        res.on('end', finish);
        res.on('error', (error) => fail(networkError(error, url)));
        res.on('aborted', () => fail(new OutboundError('network', `${url.host} closed the connection before the answer was complete`)));
      });
    });
  }
}

function parseTarget(text: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(text, base);
  } catch {
    throw new OutboundError('bad_url', 'Not a web address: expected one starting with https:// or http://');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new OutboundError('bad_url', `Only http:// and https:// addresses can be called (got ${url.protocol}//)`);
  if (url.username || url.password) throw new OutboundError('bad_url', 'Put credentials in the settings meant for them, not in the address');
  return url;
}

function networkError(error: NodeJS.ErrnoException, url: URL): OutboundError {
  if (error instanceof OutboundRefused) return error;
  switch (error.code) {
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new OutboundError('unresolvable', `Could not find ${url.hostname}: check the address`);
    case 'ECONNREFUSED':
      return new OutboundError('network', `${url.host} refused the connection`);
    case 'ECONNRESET':
      return new OutboundError('network', `${url.host} closed the connection`);
    default:
      return new OutboundError('network', `Could not reach ${url.host}: ${error.code ?? error.message}`);
  }
}

const formatSeconds = (ms: number) => (ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`);

const lowerCased = (headers: Readonly<Record<string, string>>): Record<string, string> =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));

const withoutHeaders = (headers: Record<string, string>, names: readonly string[]): Record<string, string> =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !names.includes(name)));
