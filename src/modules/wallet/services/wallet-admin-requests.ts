import type pg from 'pg';
import { z } from 'zod';

import { ApiError } from '../../../platform/http/api-error.js';
import { validate } from '../../../platform/http/validate.js';
import { userExists } from '../../identity/contracts/user-directory.js';
import { MAX_AMOUNT_CENTS } from '../domain/wallet.decider.js';

/** An amount an admin moves on a wallet (adjustment, test credit, refund). */
export const adminAmountCents = z
  .number({ message: 'Amount must be a number of cents' })
  .int('Amount must be a whole number of cents')
  .min(1, 'Amount must be at least 1 cent')
  .max(MAX_AMOUNT_CENTS, 'Amount must be at most $1,000,000');

/** The agent whose wallet an admin's command names: a user id of an account that exists, or 404. */
export async function requireAgent(pool: pg.Pool, userId: string): Promise<string> {
  const id = validate(z.uuid('No such user.'), userId, 'userId');
  if (!(await userExists(pool, id))) throw new ApiError(404, 'USER_NOT_FOUND', 'No such user.');
  return id;
}
