import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';

import type { ApiClient } from '../support/portal/api-client.js';
import { freshAdmin, freshAgent, signedInClient } from '../support/portal/portal.js';

let admin: ApiClient;
let vendorId: string;
beforeAll(async () => {
  const account = await freshAdmin();
  admin = await signedInClient(account.email, account.password);
  vendorId = ((await (await admin.request('POST', '/api/admin/lead-vendors', { name: 'CSV Vendor' })).json()) as { vendorId: string }).vendorId;
});

const HEADER = 'firstName,lastName,phone,email,state,zip,dateOfBirth,age,tier,consentText,consentAt,externalId';
/** A valid US number no other test uses (a real area code, an exchange of 230 to 299). */
const uniquePhone = () =>
  `+1${['213', '404', '503', '615', '713', '801'][Math.floor(Math.random() * 6)]}${230 + Math.floor(Math.random() * 70)}${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
const consentAt = new Date(Date.now() - 86_400_000).toISOString();
const row = (cells: Partial<Record<string, string>> = {}) => {
  const lead = {
    firstName: 'Ada',
    lastName: 'King',
    phone: uniquePhone(),
    email: `ada-${randomUUID().slice(0, 8)}@example.com`,
    state: 'FL',
    zip: '33101',
    dateOfBirth: '',
    age: '67',
    tier: 'business',
    consentText: '"I agree to be contacted, by phone or e-mail."',
    consentAt,
    externalId: '',
    ...cells,
  };
  return HEADER.split(',')
    .map((column) => lead[column as keyof typeof lead] ?? '')
    .join(',');
};

type ImportAnswer = {
  rows: number;
  imported: number;
  rejected: number;
  duplicates: { row: number; duplicateOf: string; message: string }[];
  errors: { row: number; field: string; message: string }[];
};

const importCsv = (csv: string, client: ApiClient = admin, vendor = vendorId) =>
  client.request('POST', `/api/admin/aged-leads/import?vendorId=${vendor}`, csv, { 'content-type': 'text/csv' });

describe('POST /api/admin/aged-leads/import', () => {
  it('stores good rows in the aged inventory and names each bad row’s field', async () => {
    const agent = await freshAgent('aged-csv').then((a) => signedInClient(a.email, a.password));
    // States no other test's aged leads come from, so the inventory's count is this test's.
    const available = async () =>
      ((await (await agent.request('GET', '/api/aged-orders/availability?tier=business&states=WY,VT')).json()) as { available: number }).available;
    const before = await available();
    const csv = [
      HEADER,
      row({ state: 'WY', zip: '82001' }),
      row({ state: 'vt', zip: '05601', age: '', dateOfBirth: '1950-04-02', email: '' }),
      row({ phone: '123' }),
      row({ state: 'ZZ', zip: '3310' }),
      row({ tier: 'premium' }),
      row({ age: '', dateOfBirth: '' }),
      row({ consentText: '', consentAt: '' }),
      row({ email: 'not-an-email', age: 'old' }),
      `${row()},extra`,
    ].join('\r\n');
    const answer = await importCsv(csv);
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as ImportAnswer;
    expect(body).toMatchObject({ rows: 9, imported: 2, rejected: 7, duplicates: [] });
    expect(body.errors).toEqual([
      { row: 4, field: 'phone', message: 'Phone must be a valid US phone number' },
      { row: 5, field: 'state', message: 'State must be a two-letter US state code' },
      { row: 5, field: 'zip', message: 'ZIP must be 5 digits (or ZIP+4)' },
      { row: 6, field: 'tier', message: 'Tier must be one of basic, business, jgs_leads for aged_leads' },
      { row: 7, field: 'dateOfBirth', message: 'Date of birth or age is required' },
      { row: 8, field: 'consentText', message: 'Consent (text and time) is required' },
      { row: 9, field: 'email', message: 'Email is not a valid e-mail address' },
      { row: 9, field: 'age', message: 'Age must be a number' },
      { row: 10, field: '(row)', message: 'The row has 13 cells; the header has 12.' },
    ]);
    // The good rows are for sale as aged leads, as intake's are.
    expect(await available()).toBe(before + 2);
  });

  it('refuses a row that is not a US adult, with intake’s messages', async () => {
    // Born 18 years ago tomorrow: 17 today.
    const born = new Date();
    born.setUTCFullYear(born.getUTCFullYear() - 18, born.getUTCMonth(), born.getUTCDate() + 1);
    const dateOfBirth = born.toISOString().slice(0, 10);
    const csv = [
      HEADER,
      row({ phone: '+44 20 7946 0958', state: 'TX', zip: '75201' }),
      row({ state: 'TX' }),
      row({ phone: '+1 416 555 0123' }),
      row({ phone: '+1 800 555 0100' }),
      row({ age: '17' }),
      row({ age: '', dateOfBirth }),
      row({ state: 'TX', zip: '75201' }),
    ].join('\n');
    const body = (await (await importCsv(csv)).json()) as ImportAnswer;
    expect(body).toMatchObject({ rows: 7, imported: 1, rejected: 6 });
    expect(body.errors).toEqual([
      { row: 2, field: 'phone', message: 'Phone must be a valid US phone number' },
      { row: 3, field: 'zip', message: 'ZIP code 33101 is not in TX' },
      { row: 4, field: 'phone', message: 'Phone must be a valid US phone number' },
      { row: 5, field: 'phone', message: 'Phone must be a mobile or landline number, not a toll-free number' },
      { row: 6, field: 'age', message: 'The lead must be an adult (18 or older)' },
      { row: 7, field: 'dateOfBirth', message: 'The lead must be an adult (18 or older)' },
    ]);
  });

  it('reports a lead seen within 30 days as a duplicate, in the same file or an earlier one', async () => {
    const phone = uniquePhone();
    const email = `dup-${randomUUID().slice(0, 8)}@example.com`;
    const first = (await (
      await importCsv(
        [HEADER, row({ phone, email: '' }), row({ email }), row({ phone: `(${phone.slice(2, 5)}) ${phone.slice(5, 8)}-${phone.slice(8)}` })].join('\n'),
      )
    ).json()) as ImportAnswer;
    expect(first).toMatchObject({ rows: 3, imported: 2, rejected: 0, errors: [] });
    expect(first.duplicates).toEqual([
      {
        row: 4,
        leadId: expect.any(String),
        duplicateOf: expect.any(String),
        field: 'phone / email',
        message: 'Same phone or e-mail as a lead received within 30 days: stored, never sold.',
      },
    ]);
    const again = (await (await importCsv([HEADER, row({ email: email.toUpperCase() })].join('\n'))).json()) as ImportAnswer;
    expect(again).toMatchObject({ imported: 0, duplicates: [{ row: 2 }] });
    // A row imported before under its externalId is the same lead, not a new one.
    const externalId = `csv-${randomUUID()}`;
    const line = row({ externalId });
    expect(await (await importCsv(`${HEADER}\n${line}`)).json()).toMatchObject({ imported: 1 });
    expect(await (await importCsv(`${HEADER}\n${line}`)).json()).toMatchObject({
      imported: 0,
      duplicates: [{ row: 2, field: 'externalId', message: 'Already imported from this vendor with this externalId.' }],
    });
  });

  it('refuses a file it cannot use with a message, never a 500', async () => {
    const refused = async (csv: string, status: number, message: RegExp, vendor = vendorId) => {
      const answer = await importCsv(csv, admin, vendor);
      expect([csv.slice(0, 40), answer.status]).toEqual([csv.slice(0, 40), status]);
      expect(((await answer.json()) as { message: string }).message).toMatch(message);
    };
    await refused('', 400, /no leads/);
    await refused(HEADER, 400, /no leads/);
    await refused('name,phone\nAda,+12135550100', 400, /no column firstName, lastName, state, zip, tier, consentText, consentAt/);
    await refused(`${HEADER}\n"unclosed,quote`, 400, /not readable CSV/);
    await refused(`${HEADER}\n${row()}`, 404, /No such lead vendor/, randomUUID());
    const noVendor = await importCsv(`${HEADER}\n${row()}`, admin, 'nope');
    expect(noVendor.status).toBe(400);
    expect(((await noVendor.json()) as { fieldErrors: unknown[] }).fieldErrors).toEqual([
      { field: 'vendorId', message: 'Choose the vendor the leads came from.' },
    ]);
    const json = await admin.request('POST', `/api/admin/aged-leads/import?vendorId=${vendorId}`, { csv: 'x' });
    expect(json.status).toBe(415);
    const { vendorId: revoked } = (await (await admin.request('POST', '/api/admin/lead-vendors', { name: 'Gone' })).json()) as { vendorId: string };
    await admin.request('POST', `/api/admin/lead-vendors/${revoked}/revoke`);
    await refused(`${HEADER}\n${row()}`, 409, /revoked/, revoked);
  });

  it('refuses more than 10,000 rows or 2 MB with a clear message', async () => {
    const line = row({ phone: 'x' });
    const many = [HEADER, ...Array.from({ length: 10_001 }, () => line)].join('\n');
    const tooMany = await importCsv(many);
    expect(tooMany.status).toBe(413);
    expect(((await tooMany.json()) as { message: string }).message).toBe(
      'The CSV has 10,001 rows; at most 10,000 can be imported at once. Split it into smaller files.',
    );
    const big = `${HEADER}\n${`${line},${'x'.repeat(300)}\n`.repeat(8_000)}`;
    expect(big.length).toBeGreaterThan(2 * 1024 * 1024);
    const tooBig = await importCsv(big);
    expect(tooBig.status).toBe(413);
    expect(((await tooBig.json()) as { message: string }).message).toBe(
      'The CSV file is larger than 2 MB. Split it into smaller files and import them one by one.',
    );
  });

  it('is for admins only', async () => {
    const agent = await freshAgent('csv-peek').then((a) => signedInClient(a.email, a.password));
    expect((await importCsv(`${HEADER}\n${row()}`, agent)).status).toBe(403);
  });
});
