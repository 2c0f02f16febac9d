import { z } from 'zod';

import { passwordProblem } from '../../domain/password-policy.js';

const emailFormat = z.email();
const uuidFormat = z.uuid();

/** Every problem of the form is reported at once, each under its own field. */
export const signUpRequest = z
  .object({
    email: z.string({ message: 'Email is required' }).trim().toLowerCase(),
    password: z.string({ message: 'Password is required' }),
    confirmPassword: z.string({ message: 'Please confirm your password' }),
    displayName: z.string().trim().max(100, 'Display name is too long').optional(),
    satLeaderId: z.string().optional(),
  })
  .superRefine((value, context) => {
    if (!emailFormat.safeParse(value.email).success) context.addIssue({ code: 'custom', path: ['email'], message: 'Enter a valid email address' });
    const problem = passwordProblem(value.password);
    if (problem) context.addIssue({ code: 'custom', path: ['password'], message: problem });
    if (value.password !== value.confirmPassword) {
      context.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'Please make sure both passwords are the same.' });
    }
    if (!value.satLeaderId || !uuidFormat.safeParse(value.satLeaderId).success) {
      context.addIssue({ code: 'custom', path: ['satLeaderId'], message: 'Please select your SAT leader before signing up.' });
    }
  })
  .transform((value) => ({ ...value, satLeaderId: value.satLeaderId! }));

export type SignUpRequest = z.infer<typeof signUpRequest>;
