import { describe, expect, it } from 'vitest';

import { MAX_IMPORT_ROWS, parseAgedLeadsCsv } from './aged-leads-csv.js';

const HEADER = 'First Name,last_name,Phone,Email,State,ZIP,dateOfBirth,Age,Tier,Consent Text,Consent At';

describe('parseAgedLeadsCsv', async () => {
  it('reads each row as an aged lead for intake, numbered as a spreadsheet numbers it', async () => {
    const parsed = await parseAgedLeadsCsv(
      `\uFEFF${HEADER}\n\nAda,King,2135550100,,fl,33101,,67,business,"I agree, by phone",2026-01-01T00:00:00Z\nBo,Li,x,,TX,1,,old,basic,,\n`,
    );
    expect(parsed).toEqual({
      ok: true,
      errors: [],
      rows: [
        {
          row: 3,
          lead: expect.objectContaining({
            firstName: 'Ada',
            phone: '2135550100',
            email: null,
            state: 'fl',
            age: 67,
            source: 'aged_leads',
            tier: 'business',
            consent: { text: 'I agree, by phone', at: '2026-01-01T00:00:00Z' },
          }),
        },
        { row: 4, lead: expect.objectContaining({ age: 'old', consent: undefined, dateOfBirth: null }) },
      ],
    });
  });

  it('makes a row with the wrong number of cells that row’s error', async () => {
    const parsed = await parseAgedLeadsCsv(`${HEADER}\na,b\n`);
    expect(parsed).toEqual({ ok: true, rows: [], errors: [{ row: 2, field: '(row)', message: 'The row has 2 cells; the header has 11.' }] });
  });

  it('refuses a file it cannot use as a whole', async () => {
    expect(await parseAgedLeadsCsv('')).toMatchObject({ ok: false, problem: 'empty' });
    expect(await parseAgedLeadsCsv('phone\n1')).toMatchObject({
      ok: false,
      problem: 'missing-columns',
      missing: ['firstName', 'lastName', 'state', 'zip', 'tier', 'consentText', 'consentAt'],
    });
    expect(await parseAgedLeadsCsv(`${HEADER}\n"open`)).toMatchObject({ ok: false, problem: 'unreadable' });
    expect(await parseAgedLeadsCsv(`${HEADER}\n${'x\n'.repeat(MAX_IMPORT_ROWS + 1)}`)).toMatchObject({ ok: false, problem: 'too-many-rows' });
  });
});
