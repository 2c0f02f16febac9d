import { describe, expect, it } from 'vitest';

import { ApiRequestError } from './api-client';
import { RequestKeys } from './use-request-key';

describe('a form’s Idempotency-Key', () => {
  it('stays while the request stays the same, and is new for another request, after done, or after a refusal', () => {
    const keys = new RequestKeys();
    const first = keys.keyFor({ a: 1 });
    expect(keys.keyFor({ a: 1 })).toBe(first);
    // A server failure or a lost answer: the retry is the same request.
    keys.failed(new ApiRequestError(503, 'UNAVAILABLE', 'down'));
    keys.failed(new TypeError('Failed to fetch'));
    expect(keys.keyFor({ a: 1 })).toBe(first);
    const second = keys.keyFor({ a: 2 });
    expect(second).not.toBe(first);
    keys.failed(new ApiRequestError(404, 'REFERENCE_NOT_FOUND', 'That item is not in your account.'));
    const third = keys.keyFor({ a: 2 });
    expect(third).not.toBe(second);
    keys.done();
    expect(keys.keyFor({ a: 2 })).not.toBe(third);
  });
});
