import type { z } from 'zod';

import { ValidationFailed } from '../../platform/http/api-error.js';
import { validate } from '../../platform/http/validate.js';

/** A form's body, or a 400 whose message is the form's first (the spec's words), every field's beside it. */
export function validateForm<TSchema extends z.ZodType>(schema: TSchema, body: unknown): z.output<TSchema> {
  try {
    return validate(schema, body ?? {});
  } catch (error) {
    if (error instanceof ValidationFailed && error.fieldErrors?.[0]) throw new ValidationFailed(error.fieldErrors, error.fieldErrors[0].message);
    throw error;
  }
}
