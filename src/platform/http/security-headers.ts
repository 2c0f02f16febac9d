import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

export type SecurityHeaders = Readonly<Record<string, string>>;

/**
 * The headers for the web app's pages and files, the shorter set for API answers (JSON, never
 * rendered), and the set of the pages a provider's connect window comes back to (popupReturn).
 */
export type SecurityHeaderSets = { readonly page: SecurityHeaders; readonly api: SecurityHeaders; readonly popupReturn: SecurityHeaders };

/**
 * The security headers of every response. Helmet decides them once at start; the app's one
 * request hook sets them (@fastify/helmet rebuilds helmet on every request in two extra hooks,
 * a large share of the time of a small answer), and so do the answers Fastify gives itself.
 * API answers get the set OWASP's REST cheat sheet names, with `default-src 'none'`: each
 * header costs throughput on every call, and the page directives mean nothing to JSON.
 */
export function securityHeaders(publicUrl: string): SecurityHeaderSets {
  const https = new URL(publicUrl).protocol === 'https:';
  const common = {
    frameguard: { action: 'deny' as const },
    // The same-origin check on writes reads the Origin header, which browsers send as "null"
    // on same-origin writes under "no-referrer".
    referrerPolicy: { policy: 'same-origin' as const },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  };
  const pageOptions = {
    ...common,
    // A window the portal opens keeps its link to the portal while it visits a provider's site
    // (the Textdrip connect window), which "same-origin" would cut; other sites' windows still get none.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' as const },
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
  };
  const page = collect(pageOptions);
  // Back from the provider's site, the window's page must share the opener's browsing context
  // group to post it the outcome: no opener policy (unsafe-none), everything else as on any page.
  const popupReturn = collect({ ...pageOptions, crossOriginOpenerPolicy: false });
  const api = collect({
    ...common,
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  return { page, api, popupReturn };
}

/**
 * Whether a request is for a page a connect window opened by the portal lands on after the
 * provider's site (its query aside): `pages` are the modules' (ModuleRegistration.popupReturnPages).
 */
export function isPopupReturnPage(url: string, pages: readonly string[]): boolean {
  const path = url.split('?', 1)[0]!.replace(/\/$/, '');
  return pages.includes(path);
}

/** Whether a request is answered by the API (the API docs are pages). */
export function isApiPath(url: string): boolean {
  return (url.startsWith('/api/') && !url.startsWith('/api/docs')) || url.startsWith('/health');
}

/** The headers helmet's middleware sets, read from a stand-in response once. */
function collect(options: HelmetOptions): SecurityHeaders {
  const headers: Record<string, string> = {};
  const collector = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: () => undefined,
  };
  helmet(options)({} as IncomingMessage, collector as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return Object.freeze(headers);
}
