import { startProviderStandIn, type Answer, type RecordedRequest, type StandInServer } from './provider-standin.js';

/**
 * A local stand-in for the marketplace service: `GET {base}/api/getlionsharedetails?agentNumber=…`
 * with `Authorization: Bearer <token>`. A wrong or missing token answers 401, an agent it does not
 * know 404, a known one 200 with the text the test registered for it (a Python literal dict, as
 * the service writes them). `server-error` mode answers 500 to every call; `failNext` answers 500
 * to that many calls and then normally again.
 */
export type MarketplaceStandIn = StandInServer & {
  /** The address to configure (MARKETPLACE_API_URL). */
  readonly apiUrl: string;
  readonly token: string;
  /** Agent number → the body answered for it. */
  readonly weeks: Map<string, string>;
  failNext: number;
};

export const MARKETPLACE_TOKEN = 'mkt-standin-token-0123456789';

const text = (status: number, body: string): Answer => ({ status, contentType: 'text/html; charset=utf-8', body });

/** The service's answer in normal (and slow) mode. */
function weekAnswer(standIn: MarketplaceStandIn, request: RecordedRequest): Answer {
  const url = new URL(request.path, 'http://standin');
  if (request.method !== 'GET' || url.pathname !== '/api/getlionsharedetails') return text(404, 'Not Found');
  if (request.headers.authorization !== `Bearer ${MARKETPLACE_TOKEN}`) return text(401, 'Unauthorized');
  if (standIn.failNext > 0) {
    standIn.failNext--;
    return text(500, 'Internal Server Error');
  }
  const week = standIn.weeks.get(url.searchParams.get('agentNumber') ?? '');
  return week === undefined ? text(404, 'Agent not found') : text(200, week);
}

export async function startMarketplaceStandIn(): Promise<MarketplaceStandIn> {
  // The server answers only once the stand-in below exists; the test sets its fields, read per request.
  const server = await startProviderStandIn({
    normal: (request) => weekAnswer(standIn, request),
    reject: () => text(400, 'Bad Request'),
    serverError: () => text(500, 'Internal Server Error'),
  });
  const standIn: MarketplaceStandIn = Object.assign(server, { apiUrl: server.url, token: MARKETPLACE_TOKEN, weeks: new Map<string, string>(), failNext: 0 });
  return standIn;
}
