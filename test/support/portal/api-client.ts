const octet = () => Math.floor(Math.random() * 254) + 1;

/**
 * A cookie-keeping API client, as a browser would be, for tests that talk HTTP directly.
 * Each client is its own machine: it comes from its own address, which the test portal
 * learns from X-Forwarded-For (it trusts loopback as a load balancer), so per-address rate
 * limits count each client apart, as they would count real people.
 */
export class ApiClient {
  private cookie = '';
  csrfToken = '';
  readonly address = `10.${octet()}.${octet()}.${octet()}`;

  constructor(readonly baseUrl: string) {}

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}, redirect: RequestRedirect = 'follow'): Promise<Response> {
    const response = await fetch(this.baseUrl + path, {
      method,
      redirect,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(this.csrfToken && method !== 'GET' ? { 'x-csrf-token': this.csrfToken } : {}),
        'x-forwarded-for': this.address,
        ...headers,
      },
      // A string or bytes with their own content type (a CSV file's text, an uploaded file) are sent as they are.
      body:
        body === undefined
          ? undefined
          : (typeof body === 'string' || body instanceof Uint8Array) && headers['content-type']
            ? (body as BodyInit)
            : JSON.stringify(body),
    });
    const setCookie = response.headers.get('set-cookie');
    if (setCookie) this.cookie = setCookie.split(';')[0]!.endsWith('=') ? '' : setCookie.split(';')[0]!;
    return response;
  }

  async signIn(email: string, password: string): Promise<Response> {
    const response = await this.request('POST', '/api/auth/sign-in', { email, password });
    if (response.ok) this.csrfToken = ((await response.clone().json()) as { csrfToken: string }).csrfToken;
    return response;
  }
}
