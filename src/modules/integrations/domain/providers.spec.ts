import { describe, expect, it } from 'vitest';

import { generatedSecretsOf, providerSchema, vanillaSoftMappings } from './providers.js';

const messages = (providerId: Parameters<typeof providerSchema>[0], input: unknown) => {
  const result = providerSchema(providerId, '11/25/2026').safeParse(input);
  return result.success ? [] : [...new Set(result.error.issues.map((issue) => issue.message))];
};

describe('the provider forms (spec: section 5, Providers)', () => {
  it('OnlySales needs a webhook URL and an API key, the key kept as a secret', () => {
    expect(messages('onlysales', {})).toEqual(['Please fill in all required fields.']);
    expect(messages('onlysales', { webhookUrl: 'https://crm.example.com/hook', apiKey: '  ' })).toEqual(['Please fill in all required fields.']);
    expect(messages('onlysales', { webhookUrl: 'ftp://crm.example.com', apiKey: 'k' })).toEqual(['Enter a full web address, starting with https://']);
    expect(providerSchema('onlysales', '').parse({ webhookUrl: 'https://crm.example.com/hook', apiKey: ' key-123 ' })).toEqual({
      settings: { webhookUrl: 'https://crm.example.com/hook' },
      secrets: { apiKey: 'key-123' },
    });
  });

  it('Email needs an address', () => {
    expect(messages('email', { email: '' })).toEqual(['Please enter an email address.']);
    expect(messages('email', { email: 'not-an-address' })).toEqual(['Please enter a valid email address.']);
    expect(providerSchema('email', '').parse({ email: 'Agent@Example.com' })).toEqual({ settings: { email: 'agent@example.com' }, secrets: {} });
  });

  it('Ringy needs both SID and auth token, and names the account by date when no nickname is given', () => {
    expect(messages('ringy', { sid: 'AC123' })).toEqual(['Please provide both SID and Auth Token']);
    expect(messages('ringy', { authToken: 'token' })).toEqual(['Please provide both SID and Auth Token']);
    expect(providerSchema('ringy', '11/25/2026').parse({ sid: 'AC123', authToken: 'secret-token' })).toEqual({
      settings: { nickname: 'Ringy Account 11/25/2026' },
      secrets: { sid: 'AC123', authToken: 'secret-token' },
    });
  });

  it('VanillaSoft needs a credential name, a posting URL and field mappings as a JSON object', () => {
    const base = { credentialName: 'Main', postingUrl: 'https://new.vanillasoft.net/post.aspx?id=123' };
    expect(messages('vanillasoft', { ...base, fieldMappings: '{first_name: x}' })).toEqual(['Invalid JSON format for field mappings']);
    expect(messages('vanillasoft', { ...base, fieldMappings: '[1, 2]' })).toEqual(['Invalid JSON format for field mappings']);
    expect(messages('vanillasoft', { fieldMappings: '{}' })).toContain('Please fill in all required fields.');
    expect(providerSchema('vanillasoft', '').parse({ ...base, fieldMappings: '{"first_name":"FirstName"}' })).toEqual({
      settings: { credentialName: 'Main', fieldMappings: { first_name: 'FirstName' } },
      secrets: { postingUrl: base.postingUrl },
    });
  });

  it('VanillaSoft maps only known lead fields, to names an XML element can have', () => {
    const base = { credentialName: 'Main', postingUrl: 'https://new.vanillasoft.net/post.aspx?id=123' };
    expect(messages('vanillasoft', { ...base, fieldMappings: '{"first_name":"First Name","shoe_size":"Shoe"}' })).toEqual([
      expect.stringMatching(/^Unknown lead field shoe_size: the fields are lead_id, first_name, /),
      'VanillaSoft field names are letters, digits, _, - and . without spaces: First Name',
    ]);
    expect(vanillaSoftMappings.parse({ phone: ' Phone ', notes: 'Comments' })).toEqual({ phone: 'Phone', notes: 'Comments' });
    expect(vanillaSoftMappings.safeParse(42).success).toBe(false);
  });

  it('OnlySales gets a signing secret of its own at connect; the others none', () => {
    expect(generatedSecretsOf('onlysales').signingSecret).toMatch(/^whsec_/);
    expect(generatedSecretsOf('ringy')).toEqual({});
  });
});
