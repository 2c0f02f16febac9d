import { describe, expect, it } from 'vitest';

import { customIntegrationSchema, customSettings } from './custom-integration.js';

const messages = (input: unknown) => {
  const result = customIntegrationSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};
const api = { name: 'My CRM', type: 'api', apiEndpoint: 'https://crm.example.com/leads' };

describe('the custom integration form (spec: section 5, Custom integration)', () => {
  it('needs a name', () => {
    expect(messages({ type: 'link', url: 'https://x.example.com' })).toEqual(['Integration name is required']);
    expect(messages({ name: '   ', type: 'link', url: 'https://x.example.com' })).toEqual(['Integration name is required']);
    expect(messages(undefined)).toEqual(['Integration name is required']);
  });

  it('needs a URL for a link and an endpoint for an API, each an http(s) address', () => {
    expect(messages({ name: 'Docs', type: 'link' })).toEqual(['URL is required for link integrations']);
    expect(messages({ name: 'Docs', type: 'link', url: '' })).toEqual(['URL is required for link integrations']);
    expect(messages({ name: 'CRM', type: 'api' })).toEqual(['API endpoint is required for API integrations']);
    expect(messages({ name: 'CRM', type: 'api', apiEndpoint: 'javascript:alert(1)' })).toEqual(['Enter a full web address, starting with https://']);
    expect(messages({ name: 'Docs', type: 'link', url: 'file:///etc/passwd' })).toEqual(['Enter a full web address, starting with https://']);
  });

  it('knows the two types, the eight categories and the five methods', () => {
    expect(messages({ name: 'X', type: 'ftp' })).toEqual(['Choose the type: link or api']);
    expect(messages({ ...api, category: 'crm2' })).toEqual(['Choose a category: crm, email, sms, voip, automation, analytics, social, other']);
    expect(messages({ ...api, method: 'TRACE' })).toEqual(['The method is one of GET, POST, PUT, PATCH, DELETE']);
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) expect(messages({ ...api, method })).toEqual([]);
  });

  it('takes headers as a JSON object of text values, refusing anything else with a message', () => {
    expect(messages({ ...api, headers: '{"X-Token": ' })).toEqual(['Invalid JSON format']);
    expect(messages({ ...api, headers: '["a"]' })).toEqual(['Headers must be a JSON object of header names and text values, e.g. {"X-Api-Key": "abc123"}']);
    expect(messages({ ...api, headers: '{"X-Count": 3}' })).toEqual([
      'Headers must be a JSON object of header names and text values, e.g. {"X-Api-Key": "abc123"}',
    ]);
    expect(messages({ ...api, headers: '{"X Token": "a"}' })).toEqual(['“X Token” is not a valid header name (letters, digits and - only)']);
    expect(messages({ ...api, headers: '{"X-Token": "a\\r\\nX-Admin: 1"}' })).toEqual(['The value of X-Token must be one line of at most 4,000 characters']);
    expect(messages({ ...api, headers: '{"Webhook-Signature": "v1,forged"}' })).toEqual([
      'The Webhook-Signature header is set by the portal and cannot be replaced',
    ]);
    const parsed = customIntegrationSchema.parse({ ...api, headers: '{"X-Token": " abc ", "Content-Type": "application/json"}' });
    expect(parsed).toMatchObject({ type: 'api', headers: { 'X-Token': 'abc', 'Content-Type': 'application/json' } });
    expect(customIntegrationSchema.parse({ ...api, headers: '' })).toMatchObject({ headers: {} });
  });

  it('keeps a body template only for POST, PUT and PATCH, with known placeholders only', () => {
    expect(messages({ ...api, method: 'GET', requestBody: '{"a": "{{first_name}}"}' })).toEqual([
      'A body is sent only with POST, PUT or PATCH; a GET request carries the lead as query parameters',
    ]);
    expect(messages({ ...api, requestBody: '{"a": "{{first_name}}", "b": "{{ssn}}", "c": {{credit_card}}}' })).toEqual([
      'Unknown placeholders {{ssn}}, {{credit_card}}: use the lead fields listed, e.g. {{first_name}}',
    ]);
    expect(messages({ ...api, requestBody: '{"a": "{{first_name}}",}' })).toEqual([
      'The body template looks like JSON but is not valid JSON once its placeholders are filled',
    ]);
    expect(messages({ ...api, requestBody: 'name={{first_name}}&age={{age}}' })).toEqual([]);
    expect(customIntegrationSchema.parse({ ...api, method: 'PATCH', requestBody: '{"a": {{age}}}' })).toMatchObject({
      method: 'PATCH',
      bodyTemplate: '{"a": {{age}}}',
    });
  });

  it('turns a form into the settings kept (no secret among them) and the secrets apart', () => {
    const form = customIntegrationSchema.parse({
      ...api,
      category: 'crm',
      apiKey: 'key-0123456789',
      headers: { Authorization: 'Bearer s3cret' },
      requestBody: '{"n": "{{full_name}}"}',
    });
    expect(form).toMatchObject({ apiKey: 'key-0123456789', headers: { Authorization: 'Bearer s3cret' }, status: undefined });
    expect(customSettings(form)).toEqual({
      name: 'My CRM',
      description: null,
      category: 'crm',
      type: 'api',
      endpoint: 'https://crm.example.com/leads',
      method: 'POST',
      bodyTemplate: '{"n": "{{full_name}}"}',
      headerNames: ['Authorization'],
    });
    expect(customSettings(customIntegrationSchema.parse(api), ['X-Kept'])).toMatchObject({ headerNames: ['X-Kept'] });
    const link = customIntegrationSchema.parse({
      name: ' Docs ',
      type: 'link',
      url: 'https://docs.example.com',
      apiKey: 'ignored-for-links',
      status: 'inactive',
    });
    expect(customSettings(link)).toEqual({ name: 'Docs', description: null, category: 'other', type: 'link', url: 'https://docs.example.com' });
    expect(link.status).toBe('inactive');
  });
});
