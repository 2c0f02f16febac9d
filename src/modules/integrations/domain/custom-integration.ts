import { z } from 'zod';

import { isJsonTemplate, unknownPlaceholders } from './body-template.js';
import { text, webUrl } from './providers.js';

/** Spec, data model: "custom integration: name, description, type (link or api), category (…), url, api_endpoint, api_key, headers (JSON), method, request_body template, status". */
export const CUSTOM_TYPES = ['link', 'api'] as const;
export const CUSTOM_CATEGORIES = ['crm', 'email', 'sms', 'voip', 'automation', 'analytics', 'social', 'other'] as const;
export const CUSTOM_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
/** Spec: "The request body template is shown only for POST, PUT, PATCH." */
export const METHODS_WITH_BODY: readonly CustomMethod[] = ['POST', 'PUT', 'PATCH'];
/** How many custom integrations one agent may keep (deleted ones not counted). */
export const MAX_CUSTOM_INTEGRATIONS = 50;

export type CustomType = (typeof CUSTOM_TYPES)[number];
export type CustomCategory = (typeof CUSTOM_CATEGORIES)[number];
export type CustomMethod = (typeof CUSTOM_METHODS)[number];
export type CustomStatus = 'active' | 'inactive';

/** The spec's messages (section 5, Custom integration). */
export const CUSTOM_MESSAGES = {
  name: 'Integration name is required',
  url: 'URL is required for link integrations',
  endpoint: 'API endpoint is required for API integrations',
  headersJson: 'Invalid JSON format',
} as const;

/** Set by the portal on every request (the transport, the signature): a custom header may not replace them. */
const RESERVED_HEADERS = new Set(['host', 'content-length', 'transfer-encoding', 'connection', 'webhook-id', 'webhook-timestamp', 'webhook-signature']);
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
// What an HTTP header value may hold: no line breaks or other control characters.
const HEADER_VALUE = /^[\t\x20-\x7e\u0080-\u00ff]*$/;
const HEADERS_SHAPE = 'Headers must be a JSON object of header names and text values, e.g. {"X-Api-Key": "abc123"}';
const MAX_HEADERS = 30;
const MAX_TEMPLATE = 20_000;

/** The headers textarea (JSON text) or an object: names to text values, each a valid HTTP header. */
const headers = z
  .union([z.string(), z.record(z.string(), z.unknown())], { message: CUSTOM_MESSAGES.headersJson })
  .transform((raw, ctx): Record<string, string> => {
    let parsed: unknown = raw;
    if (typeof raw === 'string') {
      if (raw.trim() === '') return {};
      try {
        parsed = JSON.parse(raw);
      } catch {
        ctx.addIssue({ code: 'custom', message: CUSTOM_MESSAGES.headersJson });
        return z.NEVER;
      }
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed) || !Object.values(parsed).every((value) => typeof value === 'string')) {
      ctx.addIssue({ code: 'custom', message: HEADERS_SHAPE });
      return z.NEVER;
    }
    const entries = Object.entries(parsed as Record<string, string>);
    if (entries.length > MAX_HEADERS) ctx.addIssue({ code: 'custom', message: `At most ${MAX_HEADERS} headers` });
    const seen = new Set<string>();
    for (const [name, value] of entries) {
      const lower = name.toLowerCase();
      if (!HEADER_NAME.test(name)) ctx.addIssue({ code: 'custom', message: `“${name.slice(0, 60)}” is not a valid header name (letters, digits and - only)` });
      else if (RESERVED_HEADERS.has(lower)) ctx.addIssue({ code: 'custom', message: `The ${name} header is set by the portal and cannot be replaced` });
      else if (seen.has(lower)) ctx.addIssue({ code: 'custom', message: `The ${name} header is given twice` });
      if (!HEADER_VALUE.test(value) || value.length > 4_000)
        ctx.addIssue({ code: 'custom', message: `The value of ${name.slice(0, 60)} must be one line of at most 4,000 characters` });
      seen.add(lower);
    }
    return Object.fromEntries(entries.map(([name, value]) => [name, value.trim()]));
  });

/** A body template: lead placeholders only; JSON that is JSON once filled. */
const bodyTemplate = z
  .string()
  .max(MAX_TEMPLATE, `The body template is at most ${MAX_TEMPLATE.toLocaleString('en-US')} characters`)
  .superRefine((template, ctx) => {
    const unknown = unknownPlaceholders(template);
    if (unknown.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `Unknown placeholder${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}: use the lead fields listed, e.g. {{first_name}}`,
      });
    }
    if (/^\s*[[{](?!\{)/.test(template) && !isJsonTemplate(template)) {
      ctx.addIssue({ code: 'custom', message: 'The body template looks like JSON but is not valid JSON once its placeholders are filled' });
    }
  });

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} is at most ${max.toLocaleString('en-US')} characters`)
    .nullish()
    .transform((value) => value || null);

/**
 * The form (spec's insert_custom_integration p_name … p_status, in camelCase). On an update,
 * an absent apiKey or headers keeps the saved one (they are never shown again); apiKey null
 * removes it, headers '{}' removes them.
 */
export const customIntegrationSchema = z
  .object(
    {
      name: text(CUSTOM_MESSAGES.name).pipe(z.string().max(100, 'The name is at most 100 characters')),
      description: optionalText(500, 'The description'),
      type: z.enum(CUSTOM_TYPES, { message: 'Choose the type: link or api' }),
      category: z.enum(CUSTOM_CATEGORIES, { message: `Choose a category: ${CUSTOM_CATEGORIES.join(', ')}` }).default('other'),
      url: optionalText(2_000, 'The URL'),
      apiEndpoint: optionalText(2_000, 'The API endpoint'),
      method: z.enum(CUSTOM_METHODS, { message: `The method is one of ${CUSTOM_METHODS.join(', ')}` }).default('POST'),
      apiKey: z.string().trim().max(500, 'The API key is at most 500 characters').nullable().optional(),
      headers: headers.optional(),
      requestBody: bodyTemplate.nullish(),
      status: z.enum(['active', 'inactive'], { message: 'The status is active or inactive' }).optional(),
    },
    { message: CUSTOM_MESSAGES.name },
  )
  .superRefine((form, ctx) => {
    const address = (value: string | null, path: 'url' | 'apiEndpoint', required: string) => {
      if (!value) return ctx.addIssue({ code: 'custom', path: [path], message: required });
      const checked = webUrl(required).safeParse(value);
      if (!checked.success) for (const issue of checked.error.issues) ctx.addIssue({ code: 'custom', path: [path], message: issue.message });
    };
    if (form.type === 'link') return address(form.url, 'url', CUSTOM_MESSAGES.url);
    address(form.apiEndpoint, 'apiEndpoint', CUSTOM_MESSAGES.endpoint);
    if (form.requestBody && !METHODS_WITH_BODY.includes(form.method)) {
      ctx.addIssue({
        code: 'custom',
        path: ['requestBody'],
        message: `A body is sent only with POST, PUT or PATCH; a ${form.method} request carries the lead as query parameters`,
      });
    }
  })
  .transform((form): CustomIntegrationForm => {
    const common = { name: form.name, description: form.description, category: form.category, status: form.status };
    if (form.type === 'link') return { ...common, type: 'link', url: form.url! };
    return {
      ...common,
      type: 'api',
      endpoint: form.apiEndpoint!,
      method: form.method,
      bodyTemplate: METHODS_WITH_BODY.includes(form.method) && form.requestBody ? form.requestBody : null,
      apiKey: form.apiKey === '' ? undefined : form.apiKey,
      headers: form.headers,
    };
  });

type CommonForm = { readonly name: string; readonly description: string | null; readonly category: CustomCategory; readonly status: CustomStatus | undefined };
export type CustomIntegrationForm =
  | (CommonForm & { readonly type: 'link'; readonly url: string })
  | (CommonForm & {
      readonly type: 'api';
      readonly endpoint: string;
      readonly method: CustomMethod;
      readonly bodyTemplate: string | null;
      /** undefined: none (create) or keep (update); null: remove. */
      readonly apiKey: string | null | undefined;
      /** undefined: none (create) or keep (update). */
      readonly headers: Readonly<Record<string, string>> | undefined;
    });

/**
 * What integration_configs.settings holds for a custom integration, the delivery pipeline's
 * and the sender's reading surface. Header values stay secret; their names and the
 * Content-Type (which says how to escape the body) are kept here.
 */
export type CustomSettings =
  | { readonly name: string; readonly description: string | null; readonly category: CustomCategory; readonly type: 'link'; readonly url: string }
  | {
      readonly name: string;
      readonly description: string | null;
      readonly category: CustomCategory;
      readonly type: 'api';
      readonly endpoint: string;
      readonly method: CustomMethod;
      readonly bodyTemplate: string | null;
      readonly headerNames: readonly string[];
    };

/** The settings for a form; `savedHeaderNames` are those kept when the form leaves the headers as they were. */
export function customSettings(form: CustomIntegrationForm, savedHeaderNames: readonly string[] = []): CustomSettings {
  const { name, description, category } = form;
  if (form.type === 'link') return { name, description, category, type: 'link', url: form.url };
  return {
    name,
    description,
    category,
    type: 'api',
    endpoint: form.endpoint,
    method: form.method,
    bodyTemplate: form.bodyTemplate,
    headerNames: form.headers ? Object.keys(form.headers) : savedHeaderNames,
  };
}

/** The names of a custom integration's secrets in integration_secrets. */
export const CUSTOM_SECRETS = { apiKey: 'apiKey', headers: 'headers', signingSecret: 'signingSecret' } as const;
