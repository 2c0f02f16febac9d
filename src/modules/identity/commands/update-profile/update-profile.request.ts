import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { z } from 'zod';

import { PROFILE_TIME_ZONES } from '../../contracts/profile-time-zones.js';

export const PHONE_INVALID = 'Enter a valid phone number (US numbers may leave out +1).';

/** Blank text is no value: stored as null. */
const optionalText = (max: number, tooLong: string) =>
  z
    .string({ message: 'Must be text' })
    .trim()
    .max(max, tooLong)
    .nullish()
    .transform((value) => (value ? value : null));

/**
 * A phone number as typed ("(305) 555-0123", "+44 20 7946 0958") to E.164, US when it names no
 * country; null when blank. A number no country uses is refused.
 */
export const phoneNumber = z
  .string({ message: 'Must be text' })
  .trim()
  .max(40, PHONE_INVALID)
  .nullish()
  .transform((value, context) => {
    if (!value) return null;
    const parsed = parsePhoneNumberFromString(value, 'US');
    if (!parsed?.isValid()) {
      context.addIssue({ code: 'custom', message: PHONE_INVALID });
      return z.NEVER;
    }
    return parsed.number;
  });

/** PUT /api/profile: every field optional; the body names no user (the caller is the profile). */
export const updateProfileRequest = z.strictObject(
  {
    displayName: optionalText(100, 'The display name is at most 100 characters'),
    phone: phoneNumber,
    timeZone: z
      .enum(PROFILE_TIME_ZONES, { message: `Choose one of: ${PROFILE_TIME_ZONES.join(', ')}` })
      .nullish()
      .transform((zone) => zone ?? null),
  },
  { message: 'Only displayName, phone and timeZone can be changed here' },
);
