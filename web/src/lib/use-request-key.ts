import { useState } from 'react';

import { ApiRequestError } from './api-client';

/**
 * The Idempotency-Key of a form's create request: the same key while what is sent stays the same
 * (a retry after a lost answer or a server failure is then the same request, kept once by the
 * server), a new one when the form changed, after `done` (the next submission is a new thing), or
 * after `failed` with the server's refusal (the server keeps a refusal under its key: the next
 * attempt, whatever was put right, is a new request).
 */
export class RequestKeys {
  private last: { body: string; key: string } | null = null;

  keyFor(body: unknown): string {
    const text = JSON.stringify(body);
    if (this.last?.body !== text) this.last = { body: text, key: crypto.randomUUID() };
    return this.last.key;
  }

  done(): void {
    this.last = null;
  }

  failed(error: unknown): void {
    if (error instanceof ApiRequestError && error.status < 500) this.last = null;
  }
}

/** One form's RequestKeys, kept for the component's life. */
export function useRequestKey(): RequestKeys {
  const [keys] = useState(() => new RequestKeys());
  return keys;
}
