import { z } from 'zod';

import { newWebhookSecret } from '../delivery/standard-webhooks.js';
import { XML_NAME } from '../providers/vanillasoft/xml.js';
import { isLeadField, LEAD_FIELD_NAMES } from './lead-fields.js';

/** The five providers (spec: /integrations), with the concept each stands for. */
export const PROVIDERS = [
  { providerId: 'onlysales', name: 'OnlySales', concept: 'CRM Integration' },
  { providerId: 'textdrip', name: 'Textdrip', concept: 'SMS Marketing' },
  { providerId: 'email', name: 'Email', concept: 'Email Marketing' },
  { providerId: 'ringy', name: 'Ringy', concept: 'VoIP Integration' },
  { providerId: 'vanillasoft', name: 'VanillaSoft', concept: 'Sales Automation' },
] as const;

export type ProviderId = (typeof PROVIDERS)[number]['providerId'];
export const PROVIDER_IDS = PROVIDERS.map((p) => p.providerId) as [ProviderId, ...ProviderId[]];
export const isProviderId = (value: string): value is ProviderId => (PROVIDER_IDS as readonly string[]).includes(value);

/** VanillaSoft's default field mappings (spec): our lead field → the posting's field. */
export const DEFAULT_VANILLASOFT_MAPPINGS = { first_name: 'FirstName', last_name: 'LastName', phone: 'Phone', email: 'Email' } as const;

/**
 * What a provider's form sends: plain settings, and the secrets kept apart, encrypted.
 * `generated` secrets are the portal's own (a webhook signing secret): made at the first
 * connect and shown once then, kept as they are when the agent saves the form again.
 */
export type ProviderSetup = {
  readonly settings: Record<string, unknown>;
  readonly secrets: Record<string, string>;
  readonly generated?: Record<string, string>;
};

/** The secrets the portal makes for a provider at connect: OnlySales gets a Standard Webhooks signing secret. */
export function generatedSecretsOf(providerId: ProviderId): Record<string, string> {
  return providerId === 'onlysales' ? { signingSecret: newWebhookSecret() } : {};
}

export const text = (message: string) => z.string({ message }).trim().min(1, message);
export const webUrl = (message: string) =>
  text(message).pipe(
    z.url({ message: 'Enter a full web address, starting with https://', protocol: /^https?$/ }).max(2_000, 'The address is at most 2,000 characters'),
  );

const FILL_ALL = 'Please fill in all required fields.';
const RINGY_BOTH = 'Please provide both SID and Auth Token';
const MAPPINGS_JSON = 'Invalid JSON format for field mappings';

/** The field mappings as the form sends them (a JSON object of text to text), or the spec's message. */
const mappings = z
  .string({ message: MAPPINGS_JSON })
  .transform((raw, ctx) => {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed) && Object.values(parsed).every((v) => typeof v === 'string' && v.trim() !== '')) {
        return parsed as Record<string, string>;
      }
    } catch {
      // falls through to the message
    }
    ctx.addIssue({ code: 'custom', message: MAPPINGS_JSON });
    return z.NEVER;
  })
  .refine((value) => Object.keys(value).length > 0 && Object.keys(value).length <= 100, 'Map at least one field, and at most 100')
  .superRefine((value, ctx) => {
    const unknown = Object.keys(value).filter((key) => !isLeadField(key));
    if (unknown.length > 0)
      ctx.addIssue({
        code: 'custom',
        message: `Unknown lead field${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}: the fields are ${LEAD_FIELD_NAMES.join(', ')}`,
      });
    const badNames = Object.values(value).filter((name) => !XML_NAME.test(name.trim()));
    if (badNames.length > 0)
      ctx.addIssue({ code: 'custom', message: `VanillaSoft field names are letters, digits, _, - and . without spaces: ${badNames.join(', ')}` });
  })
  .transform((value) => Object.fromEntries(Object.entries(value).map(([key, name]) => [key, name.trim()])));

/** Each provider's form, validated with the spec's messages; the date names Ringy's default nickname. */
/** VanillaSoft's field mappings: JSON text (the form) or an object (the admin's send-leads), checked the same. */
export const vanillaSoftMappings = z
  .union([z.record(z.string(), z.unknown()).transform((value) => JSON.stringify(value)), z.string({ message: MAPPINGS_JSON })])
  .pipe(mappings);

export function providerSchema(providerId: Exclude<ProviderId, 'textdrip'>, today: string): z.ZodType<ProviderSetup> {
  switch (providerId) {
    case 'onlysales':
      return z
        .object(
          { webhookUrl: webUrl(FILL_ALL), apiKey: text(FILL_ALL).pipe(z.string().max(500, 'The API key is at most 500 characters')) },
          { message: FILL_ALL },
        )
        .transform(({ webhookUrl, apiKey }) => ({ settings: { webhookUrl }, secrets: { apiKey } }));
    case 'email':
      return z
        .object(
          {
            email: text('Please enter an email address.').pipe(z.email('Please enter a valid email address.').max(254, 'Please enter a valid email address.')),
          },
          { message: 'Please enter an email address.' },
        )
        .transform(({ email }) => ({ settings: { email: email.toLowerCase() }, secrets: {} }));
    case 'ringy':
      return z
        .object(
          {
            sid: text(RINGY_BOTH).pipe(z.string().max(200, 'The SID is at most 200 characters')),
            authToken: text(RINGY_BOTH).pipe(z.string().max(500, 'The auth token is at most 500 characters')),
            nickname: z.string().trim().max(100, 'The nickname is at most 100 characters').optional(),
          },
          { message: RINGY_BOTH },
        )
        .transform(({ sid, authToken, nickname }) => ({ settings: { nickname: nickname || `Ringy Account ${today}` }, secrets: { sid, authToken } }));
    case 'vanillasoft':
      return (
        z
          .object(
            {
              credentialName: text(FILL_ALL).pipe(z.string().max(100, 'The credential name is at most 100 characters')),
              postingUrl: webUrl(FILL_ALL),
              fieldMappings: mappings,
            },
            { message: FILL_ALL },
          )
          // The posting URL carries the account's web-lead id: kept as a secret.
          .transform(({ credentialName, postingUrl, fieldMappings }) => ({ settings: { credentialName, fieldMappings }, secrets: { postingUrl } }))
      );
  }
}
