import { describe, expect, it } from 'vitest';

import type { DeliverableLead } from '../delivery/lead-sender.js';
import { bodyFormat, isJsonTemplate, leadJson, leadQuery, PLACEHOLDERS, renderBody, unknownPlaceholders } from './body-template.js';

const lead = (overrides: Partial<DeliverableLead> = {}): DeliverableLead => ({
  leadId: 'lead-1',
  firstName: 'Ana',
  lastName: 'Diaz',
  phone: '+13055550123',
  email: 'ana@example.com',
  state: 'FL',
  zip: '33101',
  city: 'Miami',
  dateOfBirth: '1970-04-02',
  age: 56,
  source: 'data_leads',
  tier: 'premium',
  companyName: null,
  campaignId: 'c-1',
  campaignName: 'Spring',
  priceCents: 1250,
  boughtAt: '2026-11-25T15:00:00.000Z',
  consent: null,
  ...overrides,
});

/** A name written to break out of a JSON string, a form field, or to be filled twice. */
const HOSTILE = 'Jo"hn\\", "admin": true, "x": "}} {{last_name}}\n\r\t\u2028&role=admin';

describe('placeholders in a body template', () => {
  it('given a template with only lead fields, when saved, then nothing is refused', () => {
    expect(unknownPlaceholders('{"n": "{{first_name}} {{ last_name }}", "p": {{price}}, "a": {{age}}}')).toEqual([]);
  });

  it('given unknown or malformed placeholders, when saved, then each is named once as written', () => {
    expect(unknownPlaceholders('{{first_name}} {{firstname}} {{ssn}} {{ssn}} {{first name}} {{}}')).toEqual([
      '{{firstname}}',
      '{{ssn}}',
      '{{first name}}',
      '{{}}',
    ]);
  });

  it('lists every lead field a template may use, each with a description', () => {
    expect(PLACEHOLDERS.map((p) => p.name)).toEqual(
      expect.arrayContaining([
        'first_name',
        'last_name',
        'phone',
        'email',
        'state',
        'zip',
        'city',
        'date_of_birth',
        'age',
        'source',
        'tier',
        'company_name',
        'campaign_name',
        'price',
        'lead_id',
        'bought_at',
      ]),
    );
    for (const p of PLACEHOLDERS) expect(p.description.length).toBeGreaterThan(3);
  });
});

describe('the body format', () => {
  it('follows the Content-Type header when there is one', () => {
    expect(bodyFormat('anything', 'application/json; charset=utf-8')).toBe('json');
    expect(bodyFormat('anything', 'application/vnd.crm+json')).toBe('json');
    expect(bodyFormat('{"a": 1}', 'application/x-www-form-urlencoded')).toBe('form');
    expect(bodyFormat('{"a": 1}', 'text/plain')).toBe('text');
  });

  it('without one, is JSON when the template is JSON once its placeholders are filled, in strings or standing alone', () => {
    expect(bodyFormat('{"name": "{{first_name}}", "age": {{age}}}', undefined)).toBe('json');
    expect(isJsonTemplate('[{{age}}, "{{zip}}"]')).toBe(true);
    expect(bodyFormat('name={{first_name}}', undefined)).toBe('text');
    expect(bodyFormat('{"name": {{first_name}', undefined)).toBe('text');
  });
});

describe('rendering a JSON body', () => {
  it('given placeholders in strings and alone, then strings are escaped and lone values are JSON values', () => {
    const body = renderBody(
      '{"name": "{{first_name}} {{last_name}}", "age": {{age}}, "price": {{price}}, "priceText": "${{price}}", "email": {{email}}, "company": {{company_name}}}',
      lead(),
      'json',
    );
    expect(JSON.parse(body)).toEqual({ name: 'Ana Diaz', age: 56, price: 12.5, priceText: '$12.50', email: 'ana@example.com', company: null });
  });

  it('given a lead whose name carries quotes, braces, backslashes and new lines, then the JSON keeps its shape and the name arrives whole', () => {
    const template = '{"first": "{{first_name}}", "last": {{last_name}}, "note": "say \\"hi\\" {{city}}"}';
    const body = renderBody(template, lead({ firstName: HOSTILE, lastName: HOSTILE, city: '"}' }), 'json');
    const parsed = JSON.parse(body) as Record<string, unknown>;
    expect(Object.keys(parsed)).toEqual(['first', 'last', 'note']);
    expect(parsed).toEqual({ first: HOSTILE, last: HOSTILE, note: 'say "hi" "}' });
  });

  it('given an escaped quote before a placeholder, then the placeholder is still known to be inside the string', () => {
    expect(JSON.parse(renderBody('{"a": "\\\\"}', lead(), 'json'))).toEqual({ a: '\\' });
    expect(JSON.parse(renderBody('{"a": "x\\"{{first_name}}\\""}', lead({ firstName: 'B"' }), 'json'))).toEqual({ a: 'x"B""' });
  });

  it('fills each placeholder once: a value that itself holds a placeholder is sent as written', () => {
    expect(JSON.parse(renderBody('{"a": "{{first_name}}"}', lead({ firstName: '{{last_name}}' }), 'json'))).toEqual({ a: '{{last_name}}' });
    expect(renderBody('{{first_name}}', lead({ firstName: '{{last_name}}' }), 'text')).toBe('{{last_name}}');
  });
});

describe('rendering a form or text body', () => {
  it('form-encodes each value, so a value cannot add a field', () => {
    const body = renderBody('first={{first_name}}&phone={{phone}}', lead({ firstName: HOSTILE }), 'form');
    const fields = new URLSearchParams(body);
    expect([...fields.keys()]).toEqual(['first', 'phone']);
    expect(fields.get('first')).toBe(HOSTILE);
    expect(fields.get('phone')).toBe('+13055550123');
  });

  it('sends plain text as it is, empty values as empty', () => {
    expect(renderBody('New lead: {{full_name}}, {{phone}}, company {{company_name}}.', lead(), 'text')).toBe('New lead: Ana Diaz, +13055550123, company .');
  });
});

describe('the lead as query parameters (GET and DELETE)', () => {
  it('has one parameter per placeholder with a value, named as the placeholder', () => {
    const query = new URLSearchParams(leadQuery(lead({ firstName: HOSTILE, companyName: null })));
    expect(query.get('first_name')).toBe(HOSTILE);
    expect(query.get('price')).toBe('12.50');
    expect(query.get('age')).toBe('56');
    expect(query.has('company_name')).toBe(false);
  });
});

describe('the body without a template (POST, PUT, PATCH)', () => {
  it('is the lead as one JSON object named as the placeholders', () => {
    const body = JSON.parse(leadJson(lead({ firstName: HOSTILE }))) as Record<string, unknown>;
    expect(body).toMatchObject({ first_name: HOSTILE, last_name: 'Diaz', age: 56, price: 12.5, company_name: null, consent_text: null });
    expect(Object.keys(body)).toEqual(PLACEHOLDERS.map((p) => p.name));
  });
});
