import { useRef } from 'react';

/**
 * The Idempotency-Key of a form's create request: the same key while what is sent stays the same
 * (a retry after a lost answer is then the same request, kept once by the server), a new one when
 * the form changed or after `done` (the next submission is a new thing).
 */
export function useRequestKey() {
  const last = useRef<{ body: string; key: string } | null>(null);
  return {
    keyFor(body: unknown): string {
      const text = JSON.stringify(body);
      if (last.current?.body !== text) last.current = { body: text, key: crypto.randomUUID() };
      return last.current.key;
    },
    done(): void {
      last.current = null;
    },
  };
}
