import type { z } from 'zod';
import { ValidationFailed } from './api-error.js';

/** Parses a request part with its schema; a failure names each bad field. */
export function validate<TSchema extends z.ZodType>(schema: TSchema, input: unknown): z.output<TSchema> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fieldErrors = result.error.issues.map((issue) => ({
    field: issue.path.length > 0 ? issue.path.join('.') : '(body)',
    message: issue.message,
  }));
  throw new ValidationFailed(fieldErrors);
}
