import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';

export type SecurityHeaders = Readonly<Record<string, string>>;

/**
 * The security headers of every response. Helmet decides them once at start; the app's one
 * request hook sets them (@fastify/helmet rebuilds helmet on every request in two extra hooks,
 * a large share of the time of a small answer), and so do the answers Fastify gives itself.
 */
export function securityHeaders(publicUrl: string): SecurityHeaders {
  const https = new URL(publicUrl).protocol === 'https:';
  const middleware = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        // AG Grid's themes and Radix's scroll lock insert <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    frameguard: { action: 'deny' },
    // The same-origin check on writes reads the Origin header, which browsers send as "null"
    // on same-origin writes under "no-referrer".
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  const headers: Record<string, string> = {};
  const collector = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: () => undefined,
  };
  middleware({} as IncomingMessage, collector as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return Object.freeze(headers);
}
