import { z } from 'zod';

import { AGENT_ROLES, BLUE_REPORT_TRACKS } from '../../contracts/bonus-inputs.js';

const emptyToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/** The Users page's bonus settings: each field may be cleared (null or empty). */
export const agentBonusSettingsRequest = z.object({
  agentNumber: z.preprocess(
    emptyToNull,
    z
      .string({ message: 'Agent number must be text' })
      .trim()
      .max(32, 'Agent number is at most 32 characters')
      .regex(/^[A-Za-z0-9][A-Za-z0-9-]*$/, 'Agent number may contain only letters, digits and dashes')
      .nullable(),
  ),
  commissionRole: z.preprocess(emptyToNull, z.enum(AGENT_ROLES, { message: `Commission role must be one of ${AGENT_ROLES.join(', ')}` }).nullable()),
  programStartDate: z.preprocess(
    emptyToNull,
    z.iso
      .date({ message: 'Program start date must be a date (YYYY-MM-DD)' })
      .refine((day) => day >= '2000-01-01' && day <= '2100-12-31', 'Program start date must be between 2000 and 2100')
      .nullable(),
  ),
  blueReportTrack: z.preprocess(
    emptyToNull,
    z.enum(BLUE_REPORT_TRACKS, { message: `Blue report track must be one of ${BLUE_REPORT_TRACKS.join(', ')}, or none` }).nullable(),
  ),
});
