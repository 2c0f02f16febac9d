import { describe, expect, it } from 'vitest';

import { leadInput } from './lead-input.js';

const NOW = new Date('2026-11-26T12:00:00Z');

const valid = {
  firstName: ' Maria ',
  lastName: 'Lopez',
  phone: '(305) 555-0123',
  email: ' Maria.Lopez@Example.COM ',
  state: 'fl',
  zip: '33101',
  age: 64,
  tier: 'Premium',
  consent: { text: 'I agree to be contacted about health insurance.', at: '2026-11-20T14:03:00-05:00' },
};

const errorsOf = (input: unknown) => {
  const result = leadInput(NOW).safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('a lead as a vendor sends it', () => {
  it('normalises the phone to E.164, the e-mail, state and tier, and defaults the source', () => {
    expect(leadInput(NOW).parse(valid)).toEqual({
      firstName: 'Maria',
      lastName: 'Lopez',
      phone: '+13055550123',
      email: 'maria.lopez@example.com',
      state: 'FL',
      zip: '33101',
      dateOfBirth: null,
      age: 64,
      source: 'data_leads',
      tier: 'premium',
      consent: { text: 'I agree to be contacted about health insurance.', at: '2026-11-20T14:03:00-05:00' },
      externalId: null,
    });
    expect(leadInput(NOW).parse({ ...valid, phone: '+1 305 555 0123' }).phone).toBe('+13055550123');
  });

  it('names every bad field', () => {
    expect(errorsOf({ ...valid, phone: '555-0123' })).toEqual(['phone: Phone is not a valid phone number']);
    expect(errorsOf({ ...valid, state: 'XX' })).toEqual(['state: State must be a two-letter US state code']);
    expect(errorsOf({ ...valid, zip: '3310' })).toEqual(['zip: ZIP must be 5 digits (or ZIP+4)']);
    expect(errorsOf({ ...valid, email: 'not-an-email' })).toEqual(['email: Email is not a valid e-mail address']);
    expect(errorsOf({ ...valid, age: undefined })).toEqual(['dateOfBirth: Date of birth or age is required']);
    expect(errorsOf({ ...valid, age: undefined, dateOfBirth: '2015-01-01' })).toEqual(['dateOfBirth: Date of birth must make the person 18 to 120 years old']);
    expect(errorsOf({ ...valid, tier: 'gold' })).toEqual(['tier: Tier must be one of basic, premium, exclusive for data_leads']);
    expect(errorsOf({ ...valid, consent: undefined })).toEqual(['consent: Consent (text and time) is required']);
    expect(errorsOf({ ...valid, consent: { text: 'yes', at: '2999-01-01T00:00:00Z' } })).toEqual(['consent.at: Consent time cannot be in the future']);
    expect(errorsOf({ ...valid, firstName: '' })).toEqual(['firstName: First name is required']);
  });

  it('takes a business lead with its company, city and lead source, and no birth date', () => {
    const business = {
      ...valid,
      age: undefined,
      source: 'business',
      tier: 'basic',
      companyName: ' Acme Roofing LLC ',
      city: 'Tampa',
      leadSourceId: 'google-maps',
    };
    expect(leadInput(NOW).parse(business)).toMatchObject({
      source: 'business',
      companyName: 'Acme Roofing LLC',
      city: 'Tampa',
      leadSourceId: 'google-maps',
      dateOfBirth: null,
      age: null,
    });
    expect(errorsOf({ ...business, companyName: ' ', city: undefined })).toEqual([
      'companyName: Company name is required for a business lead',
      'city: City is required for a business lead',
    ]);
    expect(errorsOf({ ...business, city: 'x'.repeat(101) })).toEqual(['city: City is at most 100 characters']);
    expect(errorsOf({ ...business, tier: 'premium' })).toEqual(['tier: Tier must be one of basic for business']);
  });
});
