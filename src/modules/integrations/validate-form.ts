import type { z } from 'zod';
import { ValidationFailed } from '../../platform/http/api-error.js';
import { validate } from '../../platform/http/validate.js';

/** Like validate, but the 400's message is the first field's own (the spec's words for the form), the fields listed beside it. */
export function validateForm<TSchema extends z.ZodType>(schema: TSchema, body: unknown): z.output<TSchema> {
  try {
    return validate(schema, body ?? {});
  } catch (error) {
    if (error instanceof ValidationFailed && error.fieldErrors?.[0]) throw new ValidationFailed(error.fieldErrors, error.fieldErrors[0].message);
    throw error;
  }
}
