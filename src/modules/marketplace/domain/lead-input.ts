import { milliseconds } from 'date-fns';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { z } from 'zod';

import { LEAD_SOURCES, TIERS } from '../contracts/campaign-events.js';
import type { LeadDetails } from '../contracts/lead-events.js';
import { US_STATES } from '../contracts/us-states.js';

export { US_STATES };

/** The most leads one intake request may carry. */
export const MAX_BATCH = 100;

const text = (what: string, max: number) =>
  z
    .string({ message: `${what} is required` })
    .trim()
    .min(1, `${what} is required`)
    .max(max, `${what} is at most ${max} characters`);

const optionalText = (what: string, max: number) =>
  z
    .string({ message: `${what} must be text` })
    .trim()
    .max(max, `${what} is at most ${max} characters`)
    .nullish()
    .transform((value) => value || undefined);

const leadFields = z.object({
  firstName: text('First name', 100),
  lastName: text('Last name', 100),
  phone: z.string({ message: 'Phone is required' }).transform((raw, context): string => {
    const parsed = parsePhoneNumberFromString(raw, 'US');
    if (!parsed || !parsed.isValid()) {
      context.addIssue({ code: 'custom', message: 'Phone is not a valid phone number' });
      return z.NEVER;
    }
    return parsed.number;
  }),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254, 'Email is too long')
    .pipe(z.email('Email is not a valid e-mail address'))
    .nullish()
    .transform((value) => value ?? null),
  state: z
    .string({ message: 'State is required' })
    .trim()
    .toUpperCase()
    .refine((value) => (US_STATES as readonly string[]).includes(value), 'State must be a two-letter US state code'),
  zip: z
    .string({ message: 'ZIP is required' })
    .trim()
    .regex(/^\d{5}(-\d{4})?$/, 'ZIP must be 5 digits (or ZIP+4)'),
  dateOfBirth: z.iso
    .date('Date of birth must be YYYY-MM-DD')
    .nullish()
    .transform((value) => value ?? null),
  age: z
    .number({ message: 'Age must be a number' })
    .int('Age must be whole years')
    .min(18, 'Age must be at least 18')
    .max(120, 'Age must be at most 120')
    .nullish()
    .transform((value) => value ?? null),
  source: z.enum(LEAD_SOURCES, { message: `Source must be one of ${LEAD_SOURCES.join(', ')}` }).default('data_leads'),
  tier: z.string({ message: 'Tier is required' }).trim().toLowerCase(),
  consent: z.object(
    {
      text: text('Consent text', 2_000),
      at: z.iso.datetime({ offset: true, message: 'Consent time must be an ISO date and time' }),
    },
    { message: 'Consent (text and time) is required' },
  ),
  externalId: z
    .string()
    .trim()
    .min(1)
    .max(100, 'External id is at most 100 characters')
    .nullish()
    .transform((value) => value ?? null),
  companyName: optionalText('Company name', 200),
  city: optionalText('City', 100),
  leadSourceId: optionalText('Lead source', 100),
});

/** An age in years as the birth-date check counts it: 365.25 days a year. */
const YEAR_MS = milliseconds({ days: 365.25 });

/**
 * One lead as a vendor sends it, judged at `now`; phone and e-mail normalised, the tier
 * checked against the source. A business lead has a company and a city and needs no birth date.
 */
export const leadInput = (now: Date) =>
  leadFields.superRefine((lead, context) => {
    if (lead.source === 'business') {
      if (lead.companyName === undefined) context.addIssue({ code: 'custom', path: ['companyName'], message: 'Company name is required for a business lead' });
      if (lead.city === undefined) context.addIssue({ code: 'custom', path: ['city'], message: 'City is required for a business lead' });
    } else if (lead.dateOfBirth === null && lead.age === null)
      context.addIssue({ code: 'custom', path: ['dateOfBirth'], message: 'Date of birth or age is required' });
    if (lead.dateOfBirth !== null) {
      const years = (now.getTime() - Date.parse(`${lead.dateOfBirth}T00:00:00Z`)) / YEAR_MS;
      if (!(years >= 18 && years <= 120))
        context.addIssue({ code: 'custom', path: ['dateOfBirth'], message: 'Date of birth must make the person 18 to 120 years old' });
    }
    if (!TIERS[lead.source].includes(lead.tier))
      context.addIssue({ code: 'custom', path: ['tier'], message: `Tier must be one of ${TIERS[lead.source].join(', ')} for ${lead.source}` });
    if (Date.parse(lead.consent.at) > now.getTime() + 5 * 60_000)
      context.addIssue({ code: 'custom', path: ['consent', 'at'], message: 'Consent time cannot be in the future' });
  });

export type LeadInput = z.output<ReturnType<typeof leadInput>>;

export const toLeadDetails = ({ externalId: _externalId, ...lead }: LeadInput): LeadDetails => ({
  ...lead,
  consent: { text: lead.consent.text, at: new Date(lead.consent.at).toISOString() },
});
