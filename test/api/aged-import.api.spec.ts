import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';

import { inParallel, tally } from '../support/parallel.js';
import { importAgedCsv, type AgedImport } from '../support/portal/aged-import.js';
import type { ApiClient } from '../support/portal/api-client.js';
import { eventReader } from '../support/portal/event-stream.js';
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

const importCsv = (csv: string, client: ApiClient = admin, vendor = vendorId, idempotencyKey?: string) =>
  client.request('POST', `/api/admin/aged-leads/import?vendorId=${vendor}`, csv, {
    'content-type': 'text/csv',
    ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
  });

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
    const body = await importAgedCsv(admin, vendorId, csv);
    expect(body).toMatchObject({ status: 'done', rows: 9, rowsDone: 9, imported: 2, rejected: 7, duplicates: [] });
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
    const body = await importAgedCsv(admin, vendorId, csv);
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
    const first = await importAgedCsv(
      admin,
      vendorId,
      [HEADER, row({ phone, email: '' }), row({ email }), row({ phone: `(${phone.slice(2, 5)}) ${phone.slice(5, 8)}-${phone.slice(8)}` })].join('\n'),
    );
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
    const again = await importAgedCsv(admin, vendorId, [HEADER, row({ email: email.toUpperCase() })].join('\n'));
    expect(again).toMatchObject({ imported: 0, duplicates: [{ row: 2 }] });
    // A row imported before under its externalId is the same lead, not a new one.
    const externalId = `csv-${randomUUID()}`;
    const line = row({ externalId });
    expect(await importAgedCsv(admin, vendorId, `${HEADER}\n${line}`)).toMatchObject({ imported: 1 });
    expect(await importAgedCsv(admin, vendorId, `${HEADER}\n${line}`)).toMatchObject({
      imported: 0,
      duplicates: [{ row: 2, field: 'externalId', message: 'Already imported from this vendor with this externalId.' }],
    });
  });

  it('imports a file of several batches as a job, with its progress and the report in file order', async () => {
    const phone = uniquePhone();
    // Row 2 and row 1,602 share a phone (a duplicate across batches); a bad row closes the first batch and opens the second.
    // Numbers in a row within one exchange (2,500 random ones would likely meet twice), an exchange of 300 to 499
    // that uniquePhone never gives, so no other row of this run is among them.
    const area = ['213', '404', '503', '615', '713', '801'][Math.floor(Math.random() * 6)]!;
    const block = Number(`${area}${300 + Math.floor(Math.random() * 200)}`) * 10_000 + 5_000 * Math.floor(Math.random() * 2);
    const nth = (i: number) => `+1${block + i}`;
    let importId = '';
    const lines = Array.from({ length: 2_500 }, (_, i) =>
      i === 0 ? row({ phone }) : i === 1_600 ? row({ phone, email: '' }) : row({ phone: nth(i), ...(i === 999 || i === 1_000 ? { zip: '1' } : {}) }),
    );
    // The import tells its admin's open pages after each batch and at its end; the page then reads the counts.
    const stream = eventReader(await admin.request('GET', '/api/realtime/stream'));
    const told = () => stream.events.filter((e) => e.event === 'change' && (JSON.parse(e.data) as { topic: string }).topic === 'aged-imports').length;
    let report: AgedImport;
    const seen = new Set<number>();
    try {
      await stream.until('ready', (events) => events.some((e) => e.event === 'ready'));
      const started = await importCsv([HEADER, ...lines].join('\n') + '\n', admin, vendorId);
      expect(started.status).toBe(202);
      const queued = (await started.json()) as AgedImport;
      expect(queued).toMatchObject({ status: 'queued', rows: 2_500, rowsDone: 0, imported: 0 });
      importId = queued.importId;
      for (;;) {
        const heard = told();
        // As the admin page follows it: the counts alone while it runs.
        report = (await (await admin.request('GET', `/api/admin/aged-leads/imports/${importId}?summary=true`)).json()) as AgedImport;
        expect(report).not.toHaveProperty('errors');
        seen.add(report.rowsDone);
        if (report.status === 'done' || report.status === 'failed') break;
        await stream.until('the import to tell of its next batch', () => told() > heard);
      }
    } finally {
      await stream.cancel();
    }
    report = (await (await admin.request('GET', `/api/admin/aged-leads/imports/${importId}`)).json()) as AgedImport;
    expect(report).toMatchObject({ status: 'done', rows: 2_500, rowsDone: 2_500, imported: 2_497, rejected: 2, failure: null });
    expect(report.errors).toEqual([
      { row: 1_001, field: 'zip', message: 'ZIP must be 5 digits (or ZIP+4)' },
      { row: 1_002, field: 'zip', message: 'ZIP must be 5 digits (or ZIP+4)' },
    ]);
    expect(report.duplicates).toEqual([expect.objectContaining({ row: 1_602, field: 'phone / email' })]);
    const csv = await admin.request('GET', `/api/admin/aged-leads/imports/${importId}/report.csv`);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect((await csv.text()).split('\r\n')).toEqual([
      'row,outcome,field,message',
      '1001,Rejected,zip,ZIP must be 5 digits (or ZIP+4)',
      '1002,Rejected,zip,ZIP must be 5 digits (or ZIP+4)',
      '1602,Duplicate,phone / email,"Same phone or e-mail as a lead received within 30 days: stored, never sold."',
      '',
    ]);
    // Progress moves a batch at a time, and is seen between the start and the end.
    expect([...seen].every((done) => done % 1_000 === 0 || done === 2_500)).toBe(true);
    expect([...seen].some((done) => done > 0 && done < 2_500)).toBe(true);
    const { imports } = (await (await admin.request('GET', '/api/admin/aged-leads/imports')).json()) as {
      imports: (AgedImport & { duplicateCount: number })[];
    };
    expect(imports.find((found) => found.importId === importId)).toMatchObject({ status: 'done', imported: 2_497, duplicateCount: 1 });
  });

  it('answers a repeated upload under one Idempotency-Key with the same import', async () => {
    const csv = `${HEADER}\n${row()}\n${row()}`;
    const key = `upload-${randomUUID()}`;
    const first = await importAgedCsv(admin, vendorId, csv, { 'idempotency-key': key });
    expect(first).toMatchObject({ status: 'done', imported: 2 });
    const again = await importAgedCsv(admin, vendorId, csv, { 'idempotency-key': key });
    expect(again).toEqual(first);
    // The key sent with another file, or the same file for another vendor, is refused.
    const { vendorId: other } = (await (await admin.request('POST', '/api/admin/lead-vendors', { name: 'Other CSV Vendor' })).json()) as { vendorId: string };
    for (const [body, vendor] of [
      [`${csv}\n${row()}`, vendorId],
      [csv, other],
    ] as const) {
      const reused = await importCsv(body, admin, vendor, key);
      expect(reused.status).toBe(409);
      expect(await reused.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    }
  });

  it('sells one of 30 imports of the same lead at once: the other 29 are its duplicates', async () => {
    const line = row();
    const reports = await inParallel(30, () => importAgedCsv(admin, vendorId, `${HEADER}\n${line}`));
    expect(tally(reports.map((report) => `${report.status} ${report.imported}`))).toEqual({ 'done 1': 1, 'done 0': 29 });
    const original = reports.find((report) => report.imported === 1)!;
    const duplicates = reports.flatMap((report) => report.duplicates);
    expect(duplicates).toHaveLength(29);
    expect(new Set(duplicates.map((duplicate) => duplicate.duplicateOf)).size).toBe(1);
    expect(original.duplicates).toEqual([]);
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
