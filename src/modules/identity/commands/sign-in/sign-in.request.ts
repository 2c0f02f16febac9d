import { z } from 'zod';

export const signInRequest = z.object({
  email: z.string({ message: 'Email is required' }).trim().toLowerCase().pipe(z.email('Enter a valid email address')),
  password: z.string({ message: 'Password is required' }).min(1, 'Password is required').max(200, 'Password is too long'),
});

export type SignInRequest = z.infer<typeof signInRequest>;
