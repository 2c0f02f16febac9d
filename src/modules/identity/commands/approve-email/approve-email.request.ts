import { z } from 'zod';

export const approvedEmailField = z
  .string({ message: 'Email is required' })
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email('Please enter a valid email address'));

export const approveEmailRequest = z.object({ email: approvedEmailField });
