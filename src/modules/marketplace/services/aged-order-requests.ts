import { z } from 'zod';

import { TIERS } from '../contracts/campaign-events.js';

/** The aged-lead tier and states an order or an availability question names. */
export const agedTier = z.enum(TIERS.aged_leads as [string, ...string[]], { message: 'Please select a source and tier' });
export const agedStates = z
  .array(
    z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, 'States are two-letter codes'),
  )
  .max(60, 'Choose at most 60 states');
