import { describe, expect, it } from 'vitest';

import { personLabel, readableDetails, words } from './readable';

describe('readable admin values', () => {
  it('puts identifiers in words', () => {
    expect(words('failed_login')).toBe('Failed login');
    expect(words('SecurityAlertRaised')).toBe('Security alert raised');
  });

  it('shows a person by name and e-mail, or e-mail, or the fallback', () => {
    expect(personLabel({ email: 'ann@agents.test', displayName: 'Ann Lee' })).toBe('Ann Lee <ann@agents.test>');
    expect(personLabel({ email: 'ann@agents.test', displayName: null })).toBe('ann@agents.test');
    expect(personLabel(null, '10.1.2.3')).toBe('10.1.2.3');
  });

  it('turns security event details into one line instead of JSON', () => {
    expect(readableDetails({ method: 'GET', path: '/api/admin/users', status: 403 })).toBe('GET /api/admin/users → 403');
    expect(readableDetails({ email: 'x@agents.test', reason: 'email not confirmed' })).toBe('Email: x@agents.test · Reason: email not confirmed');
    expect(readableDetails({ resource: 'mail outbox', to: null, messages: 0 })).toBe('Resource: mail outbox · To: — · Messages: 0');
    expect(readableDetails({})).toBe('—');
  });
});
