import type { z } from 'zod';

import { ValidationFailed } from '../../../platform/http/api-error.js';
import { validate } from '../../../platform/http/validate.js';

/** Validates like every controller, with the first field's message as the refusal's own (the dialog toasts it). */
export function validateTicketInput<TSchema extends z.ZodType>(schema: TSchema, input: unknown): z.output<TSchema> {
  try {
    return validate(schema, input);
  } catch (error) {
    if (error instanceof ValidationFailed && error.fieldErrors?.[0]) throw new ValidationFailed(error.fieldErrors, error.fieldErrors[0].message);
    throw error;
  }
}
