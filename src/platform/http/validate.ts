import type { z } from 'zod';

import { ValidationFailed, type FieldError } from './api-error.js';

const UNSTORABLE_MESSAGE = 'Contains characters that cannot be stored (a NUL character or a broken Unicode sequence).';
// A NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
// eslint-disable-next-line no-control-regex -- finding the NUL is the point
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Parses a request part (body, query, or one path parameter named by `field`) with its schema;
 * a failure names each bad field. Text PostgreSQL cannot store is refused first, for every schema.
 */
export function validate<TSchema extends z.ZodType>(schema: TSchema, input: unknown, field?: string): z.output<TSchema> {
  const unstorable = unstorableFields(input, field ? [field] : []);
  if (unstorable.length > 0) throw new ValidationFailed(unstorable);
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fieldErrors = result.error.issues.map((issue) => {
    const path = [...(field ? [field] : []), ...issue.path];
    return { field: path.length > 0 ? path.join('.') : '(body)', message: issue.message };
  });
  throw new ValidationFailed(fieldErrors);
}

type Visit = { readonly value: unknown; readonly key: PropertyKey | null; readonly parent: Visit | null };

/** Walks the input without recursion or copied paths: a deeply nested body must not exhaust the stack or memory. */
function unstorableFields(input: unknown, root: readonly PropertyKey[]): FieldError[] {
  const errors: FieldError[] = [];
  const name = (visit: Visit) => {
    const path: PropertyKey[] = [];
    for (let at: Visit | null = visit; at && at.key !== null; at = at.parent) path.push(at.key);
    return [...root, ...path.reverse()].map(String).join('.') || '(body)';
  };
  const pending: Visit[] = [{ value: input, key: null, parent: null }];
  for (let index = 0; index < pending.length; index++) {
    const visit = pending[index]!;
    const { value } = visit;
    if (typeof value === 'string') {
      if (UNSTORABLE.test(value)) errors.push({ field: name(visit), message: UNSTORABLE_MESSAGE });
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) {
        if (UNSTORABLE.test(key)) errors.push({ field: name(visit), message: `A field name here ${UNSTORABLE_MESSAGE.toLowerCase()}` });
        else pending.push({ value: item, key: Array.isArray(value) ? Number(key) : key, parent: visit });
      }
    }
  }
  return errors;
}
