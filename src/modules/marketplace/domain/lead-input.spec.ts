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
    expect(errorsOf({ ...valid, phone: '555-0123' })).toEqual(['phone: Phone must be a valid US phone number']);
    expect(errorsOf({ ...valid, state: 'XX' })).toEqual(['state: State must be a two-letter US state code']);
    expect(errorsOf({ ...valid, zip: '3310' })).toEqual(['zip: ZIP must be 5 digits (or ZIP+4)']);
    expect(errorsOf({ ...valid, email: 'not-an-email' })).toEqual(['email: Email is not a valid e-mail address']);
    expect(errorsOf({ ...valid, age: undefined })).toEqual(['dateOfBirth: Date of birth or age is required']);
    expect(errorsOf({ ...valid, age: undefined, dateOfBirth: '2015-01-01' })).toEqual(['dateOfBirth: The lead must be an adult (18 or older)']);
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

describe('a lead is a US consumer', () => {
  it('refuses a foreign phone for a US lead, as a field error', () => {
    expect(errorsOf({ ...valid, phone: '+44 20 7946 0958', state: 'TX', zip: '75201' })).toEqual(['phone: Phone must be a valid US phone number']);
  });

  it('refuses a +1 number of Canada or the Caribbean, and takes one of a US territory', () => {
    expect(errorsOf({ ...valid, phone: '+1 416 555 0123' })).toEqual(['phone: Phone must be a valid US phone number']);
    expect(errorsOf({ ...valid, phone: '+1 876 555 0100' })).toEqual(['phone: Phone must be a valid US phone number']);
    expect(leadInput(NOW).parse({ ...valid, phone: '(787) 555-0100', state: 'PR', zip: '00901' })).toMatchObject({ phone: '+17875550100', state: 'PR' });
  });

  it('takes a mobile or landline number only: not toll-free, premium-rate or a 500 number', () => {
    expect(errorsOf({ ...valid, phone: '1-800-555-0100' })).toEqual(['phone: Phone must be a mobile or landline number, not a toll-free number']);
    expect(errorsOf({ ...valid, phone: '+1 888 555 0100' })).toEqual(['phone: Phone must be a mobile or landline number, not a toll-free number']);
    expect(errorsOf({ ...valid, phone: '+1 900 555 0100' })).toEqual(['phone: Phone must be a mobile or landline number, not a premium-rate number']);
    expect(errorsOf({ ...valid, phone: '+1 500 555 0100' })).toEqual(['phone: Phone must be a mobile or landline number, not a personal (500) number']);
  });

  it('takes a business on its toll-free line, not on a premium-rate one', () => {
    const business = { ...valid, age: undefined, source: 'business', tier: 'basic', companyName: 'Acme Roofing LLC', city: 'Tampa' };
    expect(leadInput(NOW).parse({ ...business, phone: '1-800-555-0100' }).phone).toBe('+18005550100');
    expect(errorsOf({ ...business, phone: '+1 900 555 0100' })).toEqual([
      'phone: Phone must be a mobile or landline number (or toll-free), not a premium-rate number',
    ]);
  });

  it('refuses a ZIP code of another state, or of none', () => {
    expect(errorsOf({ ...valid, state: 'TX' })).toEqual(['zip: ZIP code 33101 is not in TX']);
    expect(errorsOf({ ...valid, zip: '00000' })).toEqual(['zip: ZIP code 00000 is not a US ZIP code']);
    expect(errorsOf({ ...valid, zip: '09001' })).toEqual(['zip: ZIP code 09001 is not in FL']);
    expect(leadInput(NOW).parse({ ...valid, zip: '33101-1234' }).zip).toBe('33101-1234');
    expect(leadInput(NOW).parse({ ...valid, state: 'dc', zip: '20500' }).state).toBe('DC');
  });

  it('names a bad phone and a ZIP of another state together', () => {
    expect(errorsOf({ ...valid, phone: '+44 20 7946 0958', state: 'TX' })).toEqual([
      'phone: Phone must be a valid US phone number',
      'zip: ZIP code 33101 is not in TX',
    ]);
  });

  it('takes an adult only: 18 on the day of intake, not 17', () => {
    const born = (dateOfBirth: string, now = NOW) => {
      const result = leadInput(now).safeParse({ ...valid, age: undefined, dateOfBirth, consent: { text: 'I agree.', at: '2025-01-01T00:00:00Z' } });
      return result.success ? 'taken' : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    };
    expect(born('2008-11-26')).toBe('taken');
    expect(born('2008-11-27')).toEqual(['dateOfBirth: The lead must be an adult (18 or older)']);
    expect(born('2008-02-29', new Date('2026-02-28T23:59:59Z'))).toEqual(['dateOfBirth: The lead must be an adult (18 or older)']);
    expect(born('2008-02-29', new Date('2026-03-01T00:00:00Z'))).toBe('taken');
    expect(born('2026-11-27')).toEqual(['dateOfBirth: Date of birth cannot be in the future']);
    expect(born('1906-11-26')).toBe('taken');
    expect(born('1905-11-26')).toEqual(['dateOfBirth: Date of birth must make the person at most 120 years old']);
    expect(errorsOf({ ...valid, age: 17 })).toEqual(['age: The lead must be an adult (18 or older)']);
    expect(errorsOf({ ...valid, age: 18 })).toEqual([]);
  });
});
