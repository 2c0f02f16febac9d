/** A cookie-keeping API client, as a browser would be, for tests that talk HTTP directly. */
export class ApiClient {
  private cookie = '';
  csrfToken = '';

  constructor(readonly baseUrl: string) {}

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}, redirect: RequestRedirect = 'follow'): Promise<Response> {
    const response = await fetch(this.baseUrl + path, {
      method,
      redirect,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(this.csrfToken && method !== 'GET' ? { 'x-csrf-token': this.csrfToken } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
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
