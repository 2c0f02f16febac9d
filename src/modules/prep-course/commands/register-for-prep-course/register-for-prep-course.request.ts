import { z } from 'zod';

import { ValidationFailed } from '../../../../platform/http/api-error.js';
import { validate } from '../../../../platform/http/validate.js';
import { EXAM_ATTEMPTS, HONEYPOT_FIELD, PREP_MESSAGES, PREP_OFFICES } from '../../contracts/prep-form.js';

const name = (label: string) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} is at most 100 characters`);

/** The form's body (spec section 5, "Prep form"): every field required, the commitment must be yes, the date one of those offered. */
const registrationBody = z.strictObject({
  firstName: name('First name'),
  lastName: name('Last name'),
  office: z.enum(PREP_OFFICES.map((office) => office.value) as [string, ...string[]], { message: 'Please choose your office' }),
  email: z.string({ message: 'Enter a valid email address' }).trim().max(254, 'Enter a valid email address').pipe(z.email('Enter a valid email address')),
  dateIso: z.string({ message: PREP_MESSAGES.invalidDate }).trim().min(1, PREP_MESSAGES.invalidDate).max(40, PREP_MESSAGES.invalidDate),
  examAttempts: z.enum(EXAM_ATTEMPTS, { message: 'Please choose how many times you have taken the exam' }),
  commitment: z.boolean({ message: PREP_MESSAGES.commitment }).refine((yes) => yes, PREP_MESSAGES.commitment),
  [HONEYPOT_FIELD]: z.string().max(1000).optional(),
});

export type RegistrationInput = Omit<z.output<typeof registrationBody>, typeof HONEYPOT_FIELD> & { readonly office: (typeof PREP_OFFICES)[number]['value'] };

/** The spec's own words lead when they apply: the commitment first, then the date. */
const LEADING = [PREP_MESSAGES.commitment, PREP_MESSAGES.invalidDate] as const;

/** Validates the form; answers the input and whether the honeypot field was filled (a bot). */
export function registrationInput(body: unknown): { input: RegistrationInput; honeypot: boolean } {
  try {
    const { [HONEYPOT_FIELD]: trap, ...input } = validate(registrationBody, body ?? {});
    return { input: input as RegistrationInput, honeypot: Boolean(trap?.trim()) };
  } catch (error) {
    const leading = error instanceof ValidationFailed && LEADING.find((message) => error.fieldErrors?.some((field) => field.message === message));
    if (leading && error instanceof ValidationFailed) throw new ValidationFailed(error.fieldErrors ?? [], leading);
    throw error;
  }
}
