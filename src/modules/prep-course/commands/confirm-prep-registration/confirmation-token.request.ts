import { z } from 'zod';

import { ApiError } from '../../../../platform/http/api-error.js';
import { LINK_REFUSALS, type LinkRefusal } from '../../domain/prep-confirmation.js';

/** A link's token as mailed: 32 random bytes, base64url. */
const tokenBody = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/) });

export const linkRefused = (refusal: LinkRefusal) => new ApiError(refusal.status, refusal.code, refusal.message);

/** The token a confirmation request carries; anything that cannot be one is refused in words a visitor can act on. */
export function confirmationToken(body: unknown): string {
  const parsed = tokenBody.safeParse(body ?? {});
  if (!parsed.success) throw linkRefused(LINK_REFUSALS.malformed);
  return parsed.data.token;
}
