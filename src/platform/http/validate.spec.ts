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

  describe('text PostgreSQL cannot store, refused for every schema', () => {
    const unstorable = (input: unknown, field?: string) => {
      try {
        validate(z.unknown(), input, field);
        return [];
      } catch (error) {
        expect(error).toBeInstanceOf(ValidationFailed);
        return (error as ValidationFailed).fieldErrors!.map((e) => e.field);
      }
    };

    it('names the field holding a NUL or a lone surrogate, however deep', () => {
      expect(unstorable({ displayName: 'a\u0000b' })).toEqual(['displayName']);
      expect(unstorable({ note: 'x\uD800' })).toEqual(['note']);
      expect(unstorable({ note: '\uDC00x' })).toEqual(['note']);
      expect(unstorable({ filters: { actor: ['ok', 'bad\u0000'] } })).toEqual(['filters.actor.1']);
      expect(unstorable({ ['k\u0000']: 1 })).toEqual(['(body)']);
    });

    it('names a path parameter by the name it is given', () => {
      expect(unstorable('a\u0000', 'email')).toEqual(['email']);
    });

    it('passes surrogate pairs (emoji) and ordinary text', () => {
      expect(unstorable({ displayName: 'Zoë 😀', list: ['a', { b: 'c' }], n: 1, none: null })).toEqual([]);
    });

    it('walks a deeply nested body without overflowing the stack', () => {
      const deep = JSON.parse(`${'['.repeat(100_000)}"\\u0000"${']'.repeat(100_000)}`);
      expect(unstorable(deep)).toHaveLength(1);
    });

    it('refuses before the schema runs, so a schema that transforms cannot hide the bytes', () => {
      expect(() => validate(z.object({ name: z.string().transform(() => 'clean') }), { name: '\u0000' })).toThrow(ValidationFailed);
    });
  });
});
