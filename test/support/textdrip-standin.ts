import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Textdrip, on 127.0.0.1: its connect page and the part of its REST API
 * the portal calls. The connect page (`/tauth?redirect_uri&state&network_id`) shows the app
 * asking for access with an "Allow" button and a "Deny" link; Allow sends the browser back to
 * `redirect_uri` with the state, the network id and the signed-in account's API token, Deny
 * with `error=access_denied`. The API answers as Textdrip's does: every action a POST with a
 * JSON body and `Authorization: Bearer <token>`, `profile` the account
 * (`{ status: true, data }`), an unknown token a 401 `{ message: "Unauthenticated." }`.
 */
export type TextdripAccount = { readonly id: number; readonly name: string; readonly email: string };

export type TextdripStandIn = {
  /** TEXTDRIP_CONNECT_URL */
  readonly connectUrl: string;
  /** TEXTDRIP_API_BASE */
  readonly apiBase: string;
  /** The account signed in on the connect page, and its token. */
  readonly account: TextdripAccount;
  readonly token: string;
  /** What Allow hands back: the account's token, or one Textdrip does not know. */
  allowGives: 'valid' | 'invalid';
  /** The API answers, or fails with a 503. */
  api: 'up' | 'down';
  /** Every API call: the path, the Authorization header, the full URL. */
  readonly calls: { path: string; authorization: string | undefined; url: string }[];
  /** Issues a token for another account (a second agent). */
  issueToken(account: TextdripAccount): string;
  close(): Promise<void>;
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startTextdripStandIn(): Promise<TextdripStandIn> {
  const account: TextdripAccount = { id: 4242, name: 'Stand-in Agency', email: 'owner@textdrip-standin.test' };
  const tokens = new Map<string, TextdripAccount>();
  const issue = (who: TextdripAccount) => {
    const token = `td_${randomBytes(24).toString('hex')}`;
    tokens.set(token, who);
    return token;
  };
  const token = issue(account);

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const send = (status: number, body: unknown, type = 'application/json') => {
      response.writeHead(status, { 'content-type': type });
      response.end(type === 'application/json' ? JSON.stringify(body) : String(body));
    };
    if (request.method === 'GET' && url.pathname === '/tauth') {
      const [redirectUri, state, networkId] = ['redirect_uri', 'state', 'network_id'].map((name) => url.searchParams.get(name) ?? '');
      if (!/^https?:\/\//.test(redirectUri) || !state || !networkId)
        return send(400, '<!doctype html><title>Textdrip</title><p>Invalid connection request</p>', 'text/html');
      const carry = new URLSearchParams({ redirect_uri: redirectUri, state, network_id: networkId });
      return send(
        200,
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Textdrip: connect an app</title></head>
<body><main><h1>Connect to Textdrip</h1>
<p>Signed in as ${escapeHtml(account.email)}. An app wants to send leads to your Textdrip account.</p>
<form method="get" action="/tauth/allow">${[...carry].map(([k, v]) => `<input type="hidden" name="${k}" value="${escapeHtml(v)}">`).join('')}<button type="submit">Allow</button></form>
<p><a href="/tauth/deny?${escapeHtml(carry.toString())}">Deny</a></p></main></body></html>`,
        'text/html; charset=utf-8',
      );
    }
    if (request.method === 'GET' && (url.pathname === '/tauth/allow' || url.pathname === '/tauth/deny')) {
      const back = new URL(url.searchParams.get('redirect_uri') ?? '');
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      back.searchParams.set('network_id', url.searchParams.get('network_id') ?? '');
      if (url.pathname === '/tauth/deny') back.searchParams.set('error', 'access_denied');
      else back.searchParams.set('token', standIn.allowGives === 'valid' ? token : `td_${randomBytes(24).toString('hex')}`);
      response.writeHead(302, { location: back.href });
      return response.end();
    }
    if (url.pathname.startsWith('/api/')) {
      const authorization = request.headers.authorization;
      standIn.calls.push({ path: url.pathname, authorization, url: request.url ?? '' });
      request.resume();
      if (request.method !== 'POST') return send(405, { message: 'The GET method is not supported for this route. Supported methods: POST.' });
      if (standIn.api === 'down') return send(503, { message: 'Service Unavailable' });
      const who = tokens.get(authorization?.replace(/^Bearer /, '') ?? '');
      if (!who) return send(401, { message: 'Unauthenticated.' });
      if (url.pathname === '/api/profile') return send(200, { status: true, data: who });
      return send(404, { message: 'Not Found' });
    }
    send(404, 'Not Found', 'text/plain');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const standIn: TextdripStandIn = {
    connectUrl: `${base}/tauth`,
    apiBase: `${base}/api`,
    account,
    token,
    allowGives: 'valid',
    api: 'up',
    calls: [],
    issueToken: issue,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return standIn;
}
