import { describe, expect, it } from 'vitest';

import { words } from '../contracts/readable-names.js';
import { redact, REDACTED, summarize, userIdsIn } from './event-summary.js';

const emails: Record<string, string> = { 'u-1': 'admin@portal.test', 'u-2': 'agent@portal.test' };
const emailOf = (id: string) => emails[id];

describe('audit event summaries', () => {
  it('puts names in words', () => {
    expect(words('AccountRegistered')).toBe('Account registered');
    expect(words('failed_login')).toBe('Failed login');
    expect(words('ipAddress')).toBe('Ip address');
  });

  it('names users by e-mail, leaves out other ids and credentials, and keeps to four values', () => {
    expect(
      summarize(
        'AccessCodeCreated',
        { codeId: 'c-1', codeHash: 'abc', label: 'Spring intake', grantsHours: 24, expiresAt: null, maxUses: 3, createdBy: 'u-1' },
        emailOf,
      ),
    ).toBe('Access code created: label Spring intake · grants hours 24 · max uses 3 · created by admin@portal.test');
    expect(summarize('AdminRoleGranted', { userId: 'u-2' }, emailOf)).toBe('Admin role granted: user agent@portal.test');
    expect(summarize('AccountEnabled', { userId: 'gone' }, emailOf)).toBe('Account enabled: user gone');
  });

  it('names users inside texts too', () => {
    const id = '0b6c1f2e-8d1a-4c55-9a57-2f1e0c3d4b5a';
    expect(summarize('SecurityAlertRaised', { alertType: 'failed_login', subject: `user:${id}` }, (u) => (u === id ? 'ann@agents.test' : undefined))).toBe(
      'Security alert raised: alert type failed_login · subject user:ann@agents.test',
    );
  });

  it('reads one level into nested details, and falls back to the type alone', () => {
    expect(
      summarize(
        'SecurityEventRecorded',
        { eventType: 'failed_login', severity: 'medium', userId: null, ipAddress: '10.1.2.3', details: { email: 'x@y.test' } },
        emailOf,
      ),
    ).toBe('Security event recorded: event type failed_login · severity medium · ip address 10.1.2.3 · email x@y.test');
    expect(summarize('EmailConfirmed', {}, emailOf)).toBe('Email confirmed');
  });

  it('redacts credential-like values at any depth and finds the user ids to look up', () => {
    expect(redact({ codeHash: 'abc', nested: { resetToken: 't', keep: 1 }, list: [{ password: 'p' }] })).toEqual({
      codeHash: REDACTED,
      nested: { resetToken: REDACTED, keep: 1 },
      list: [{ password: REDACTED }],
    });
    const [a, b] = ['0b6c1f2e-8d1a-4c55-9a57-2f1e0c3d4b5a', '7d1e4a90-3c2b-4f6e-8a1d-5b9c0e2f7a31'];
    expect(userIdsIn({ userId: a, subject: `user:${b}`, details: { by: a }, count: 3 })).toEqual([a, b, a]);
  });
});
