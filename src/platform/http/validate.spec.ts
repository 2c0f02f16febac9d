import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ValidationFailed } from './api-error.js';
import { validate } from './validate.js';

describe('validate', () => {
  const schema = z.object({ email: z.email('Enter a valid email address'), amount: z.number().int().min(500, 'At least $5') });

  it('returns the parsed value', () => {
    expect(validate(schema, { email: 'a@b.co', amount: 500 })).toEqual({ email: 'a@b.co', amount: 500 });
  });

  it('names every bad field with its message', () => {
    try {
      validate(schema, { email: 'nope', amount: 1 });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationFailed);
      expect((error as ValidationFailed).status).toBe(400);
      expect((error as ValidationFailed).fieldErrors).toEqual([
        { field: 'email', message: 'Enter a valid email address' },
        { field: 'amount', message: 'At least $5' },
      ]);
    }
  });
});
