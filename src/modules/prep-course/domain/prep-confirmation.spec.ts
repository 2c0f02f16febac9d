import { describe, expect, it } from 'vitest';

import { detailChanges, linkExpiresAt, linkState, needsMailboxConfirmation } from './prep-confirmation.js';
import { PREP_CHANGE_PER_EMAIL, PREP_CHANGE_PER_IP, PREP_REGISTER_PER_IP } from './prep-rate-limits.js';

const ana = { firstName: 'Ana', lastName: 'Diaz', officeLabel: 'East Tampa', examAttempts: 'Once' };

describe('confirming a prep course registration from the mailbox', () => {
  it('asks a visitor, and an agent naming another address, to confirm; an agent naming their own account e-mail is not asked', () => {
    expect(needsMailboxConfirmation('ana@example.test', null)).toBe(true);
    expect(needsMailboxConfirmation('ana@example.test', 'rosa@example.test')).toBe(true);
    expect(needsMailboxConfirmation(' Ana@Example.test', 'ana@example.TEST')).toBe(false);
  });

  it('lists what a change would change, field by field, and nothing for the same form sent again', () => {
    expect(detailChanges(ana, { ...ana, firstName: '<b>Anabel</b>', examAttempts: 'Twice' })).toEqual([
      { label: 'First name', from: 'Ana', to: '<b>Anabel</b>' },
      { label: 'Exam attempts so far', from: 'Once', to: 'Twice' },
    ]);
    expect(detailChanges(ana, { ...ana })).toEqual([]);
  });

  it('lets a link work once and for 24 hours; a used link says used even after it would have expired', () => {
    const requestedAt = new Date('2031-01-08T15:00:00Z');
    const expiresAt = linkExpiresAt(requestedAt);
    expect(expiresAt.toISOString()).toBe('2031-01-09T15:00:00.000Z');
    expect(linkState({ confirmedAt: null, expiresAt }, new Date('2031-01-09T14:59:59Z'))).toBe('open');
    expect(linkState({ confirmedAt: null, expiresAt }, expiresAt)).toBe('expired');
    expect(linkState({ confirmedAt: new Date('2031-01-08T16:00:00Z'), expiresAt }, new Date('2031-01-08T16:00:01Z'))).toBe('used');
    expect(linkState({ confirmedAt: new Date('2031-01-08T16:00:00Z'), expiresAt }, new Date('2031-02-01T00:00:00Z'))).toBe('used');
  });

  it('limits unconfirmed changes more tightly than registrations, per address and per e-mail', () => {
    expect(PREP_CHANGE_PER_EMAIL.limit).toBeLessThan(PREP_CHANGE_PER_IP.limit);
    expect(PREP_CHANGE_PER_IP.limit).toBeLessThan(PREP_REGISTER_PER_IP.limit);
  });
});
