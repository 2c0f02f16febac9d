// A real OpenID Connect issuer (the oidc-provider package) on 127.0.0.1, standing in for
// Microsoft Entra ID or Google in tests. Its sign-in page is an account chooser: the person
// picks one of the given accounts, as with prompt=select_account.
import http from 'node:http';
import Provider, { interactionPolicy } from 'oidc-provider';

export type IssuerAccount = { id: string; email: string; emailVerified: boolean; name: string };

export type OidcIssuer = {
  readonly url: string;
  /** The query of every authorization request received, oldest first. */
  readonly authorizationRequests: URLSearchParams[];
  close(): Promise<void>;
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startOidcIssuer(options: {
  /** Distinguishes this issuer's cookies from another issuer's on the same host. */
  name: string;
  port: number;
  client: { id: string; secret: string; redirectUri: string };
  accounts: IssuerAccount[];
}): Promise<OidcIssuer> {
  const url = `http://127.0.0.1:${options.port}`;
  const accounts = new Map(options.accounts.map((a) => [a.id, a]));
  const policy = interactionPolicy.base();
  policy.add(new interactionPolicy.Prompt({ name: 'select_account', requestable: true }), 0);
  const provider = new Provider(url, {
    clients: [
      {
        client_id: options.client.id,
        client_secret: options.client.secret,
        redirect_uris: [options.client.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { policy, url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: {
      keys: [`test-cookie-key-${options.name}`],
      names: { session: `${options.name}_session`, interaction: `${options.name}_interaction`, resume: `${options.name}_resume` },
    },
    async findAccount(_ctx, id) {
      const account = accounts.get(id);
      if (!account) return undefined;
      return { accountId: id, claims: () => ({ sub: id, email: account.email, email_verified: account.emailVerified, name: account.name }) };
    },
  });
  const authorizationRequests: URLSearchParams[] = [];
  provider.use(async (ctx, next) => {
    if (ctx.path === '/auth') authorizationRequests.push(new URLSearchParams(ctx.querystring));
    await next();
  });
  const providerCallback = provider.callback();

  const server = http.createServer((request, response) => {
    const match = request.url?.match(/^\/interaction\/([\w-]+)(\/choose)?$/);
    if (!match) return providerCallback(request, response);
    void (async () => {
      try {
        const details = await provider.interactionDetails(request, response);
        if (!match[2]) {
          const buttons = options.accounts
            .map((a) => `<button name="account" value="${escapeHtml(a.id)}">${escapeHtml(a.name)} (${escapeHtml(a.email)})</button>`)
            .join('<br>');
          response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          response.end(`<!doctype html><title>${options.name}: pick an account</title><h1>Pick an account</h1>
            <form method="post" action="/interaction/${details.uid}/choose">${buttons}<br><button name="account" value="">Cancel</button></form>`);
          return;
        }
        let body = '';
        for await (const chunk of request) body += chunk;
        const accountId = new URLSearchParams(body).get('account');
        if (!accountId) {
          await provider.interactionFinished(request, response, { error: 'access_denied', error_description: 'The user cancelled the sign-in.' });
          return;
        }
        const grant = new provider.Grant({ accountId, clientId: details.params.client_id as string });
        grant.addOIDCScope('openid email profile');
        const grantId = await grant.save();
        await provider.interactionFinished(
          request,
          response,
          { select_account: {}, login: { accountId }, consent: { grantId } },
          { mergeWithLastSubmission: false },
        );
      } catch (error) {
        response.writeHead(500, { 'content-type': 'text/plain' });
        response.end(String(error));
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(options.port, '127.0.0.1', resolve));
  return {
    url,
    authorizationRequests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
