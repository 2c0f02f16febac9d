/** A cookie-keeping client, one per simulated person, each from its own address (the portal trusts loopback's X-Forwarded-For). */
export class SimClient {
  private cookie = '';
  private csrfToken = '';
  readonly address: string;

  constructor(
    private readonly baseUrl: () => string,
    index: number,
    private readonly onServerError: (line: string) => void = () => undefined,
  ) {
    this.address = `10.77.${Math.floor(index / 250)}.${(index % 250) + 1}`;
  }

  /**
   * Sends one request; when the API cannot be reached (it was killed and is restarting), sends
   * the same request again, with the same Idempotency-Key, as a client retrying would.
   */
  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; json: unknown }> {
    const deadline = Date.now() + 90_000;
    for (;;) {
      try {
        const response = await fetch(this.baseUrl() + path, {
          method,
          headers: {
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            ...(this.cookie ? { cookie: this.cookie } : {}),
            ...(this.csrfToken && method !== 'GET' ? { 'x-csrf-token': this.csrfToken } : {}),
            'x-forwarded-for': this.address,
            ...headers,
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(30_000),
        });
        const setCookie = response.headers.get('set-cookie');
        if (setCookie) this.cookie = setCookie.split(';')[0]!.endsWith('=') ? '' : setCookie.split(';')[0]!;
        const text = await response.text();
        let json: unknown = null;
        try {
          json = text ? JSON.parse(text) : null;
        } catch {
          json = text;
        }
        if (response.status >= 500) this.onServerError(`${method} ${path} ${JSON.stringify(body ?? null)} -> ${response.status} ${text.slice(0, 300)}`);
        return { status: response.status, json };
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  }

  async signIn(email: string, password: string): Promise<void> {
    const answer = await this.request('POST', '/api/auth/sign-in', { email, password });
    if (answer.status !== 200) throw new Error(`signing in ${email}: ${answer.status} ${JSON.stringify(answer.json)}`);
    this.csrfToken = (answer.json as { csrfToken: string }).csrfToken;
  }
}
