export type FieldError = { field: string; message: string };

/** The server's one error shape, as a thrown error. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fieldErrors: FieldError[] = [],
    /** Further fields of the error body, e.g. remainingAttempts. */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

/** A body sent as it is (a CSV file's text, an uploaded file's bytes) with its own content type, not as JSON. */
export class RawBody {
  constructor(
    readonly contentType: string,
    readonly text: string | Blob,
  ) {}
}

let csrfToken: string | null = null;

/** Set from the session answer; sent with every write. */
export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

/** The header a write carries, for the few requests that read their answer themselves (a stream). */
export const csrfHeader = (): Record<string, string> => (csrfToken ? { 'x-csrf-token': csrfToken } : {});

/** How long a read started early waits for the page that asked for it; after that the page asks again. */
const EARLY_READ_MS = 10_000;
const earlyReads = new Map<string, { at: number; answer: Promise<unknown> }>();

/**
 * Starts GETs a page is about to make, while its code is still loading (the router starts them
 * with the page's chunk): the page's first read of the same path takes the answer instead of
 * asking again. Each is taken once; one that failed is asked again by the page, so the page
 * meets the error of its own request.
 */
export function readEarly(paths: readonly string[]): void {
  for (const path of paths) {
    if (earlyReads.has(path)) continue;
    const answer = api('GET', path);
    answer.catch(() => undefined);
    earlyReads.set(path, { at: Date.now(), answer });
  }
}

/** Drops the reads nobody took (someone signed in or out: they were another session's). */
export function forgetEarlyReads(): void {
  earlyReads.clear();
}

function takeEarlyRead(path: string): Promise<unknown> | null {
  const read = earlyReads.get(path);
  if (!read) return null;
  earlyReads.delete(path);
  return Date.now() - read.at <= EARLY_READ_MS ? read.answer : null;
}

export async function api<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  /** Further request headers, e.g. the Idempotency-Key of a money command. */
  headers: Record<string, string> = {},
): Promise<T> {
  const early = method === 'GET' && body === undefined && Object.keys(headers).length === 0 ? takeEarlyRead(path) : null;
  if (early)
    return early.then(
      (answer) => answer as T,
      () => api<T>(method, path),
    );
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': body instanceof RawBody ? body.contentType : 'application/json' }),
        ...(method !== 'GET' && csrfToken ? { 'x-csrf-token': csrfToken } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : body instanceof RawBody ? body.text : JSON.stringify(body),
    });
  } catch {
    throw new ApiRequestError(0, 'NETWORK', 'The server could not be reached. Check your connection and try again.');
  }
  if (response.status === 204) return undefined as T;
  const payload = (await response.json().catch(() => null)) as (T & { code?: string; message?: string; fieldErrors?: FieldError[] }) | null;
  if (!response.ok) {
    const { code, message, fieldErrors, ...details } = (payload ?? {}) as { code?: string; message?: string; fieldErrors?: FieldError[] };
    throw new ApiRequestError(response.status, code ?? 'ERROR', message ?? 'Something went wrong. Please try again.', fieldErrors ?? [], details);
  }
  return payload as T;
}
