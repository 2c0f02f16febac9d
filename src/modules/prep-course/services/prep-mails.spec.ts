import { describe, expect, it } from 'vitest';

import type { RegistrationRow } from '../queries/list-prep-sessions/prep-sessions.query.js';
import { changeRequestMail, registrationRequestMail } from './prep-mails.js';

const owner: RegistrationRow = {
  registrationId: 'r1',
  sessionId: 's1',
  firstName: 'Ana',
  lastName: 'Diaz',
  email: 'ana@example.test',
  officeLabel: 'East Tampa',
  dateLabel: 'Saturday, Dec 12 & Sunday, Dec 13, 2026',
  dateIso: '2026-12-12 & 2026-12-13',
  examAttempts: 'Once',
  commitment: true,
  createdAt: '2026-12-01T12:00:00.000Z',
  updatedAt: '2026-12-01T12:00:00.000Z',
};
const LINK = 'https://portal.example/prep-course/confirm?token=abc';
const EXPIRES = new Date('2026-12-02T15:00:00Z');

describe('the prep course confirmation mails', () => {
  it('tell the owner what a change would change, greeting them by their own name, with the link and a way to ignore it', () => {
    const mail = changeRequestMail(owner, [{ label: 'First name', from: 'Ana', to: '<a href="https://evil.example">Click</a>' }], '2026-12-12', LINK, EXPIRES);
    expect(mail.to).toBe('ana@example.test');
    expect(mail.subject).toBe('Confirm the change to your registration: 2-15 License Prep, Saturday, Dec 12 & Sunday, Dec 13, 2026');
    expect(mail.text).toContain('Hi Ana,');
    expect(mail.text).toContain('Your registration has not changed.');
    expect(mail.text).toContain('First name: "Ana" would become "<a href="https://evil.example">Click</a>"');
    expect(mail.text).toContain(`open this link by Dec 2, 2026 at 10:00 AM Eastern:\n${LINK}`);
    expect(mail.text).toContain('If you did not ask for this, ignore this e-mail: your registration stays exactly as it is.');
  });

  it('never carry what a sender typed as markup: the HTML part is the text, escaped', () => {
    const typed = { firstName: '<script>alert(1)</script>', lastName: '<img src=x onerror=alert(2)>', officeLabel: 'Other', examAttempts: 'Never' };
    const request = registrationRequestMail({ ...typed, email: 'someone@example.test' }, '2026-12-12', LINK, EXPIRES);
    const change = changeRequestMail(owner, [{ label: 'Last name', from: 'Diaz', to: typed.lastName }], '2026-12-12', LINK, EXPIRES);
    for (const mail of [request, change]) {
      expect(mail.html).not.toMatch(/<(script|img|a)\b/);
      expect(mail.html).toContain('&lt;');
    }
    expect(request.text).toContain('Name: <script>alert(1)</script> <img src=x onerror=alert(2)>');
  });
});
