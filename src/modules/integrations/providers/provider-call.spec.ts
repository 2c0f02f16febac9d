import { describe, expect, it } from 'vitest';

import { nationalDigits, providerMessage, usDate } from './provider-call.js';

describe('reading providers’ answers', () => {
  it('finds the message in the usual JSON error shapes, else the first line of text', () => {
    expect(providerMessage('{"message":"Lead is a duplicate"}')).toBe('Lead is a duplicate');
    expect(providerMessage('{"error":{"message":"Bad token"}}')).toBe('Bad token');
    expect(providerMessage('{"errors":["phone is required","email is invalid"]}')).toBe('phone is required; email is invalid');
    expect(providerMessage('{"status":false,"errors":{"phone":["The phone field is required."]}}')).toBe('The phone field is required.');
    expect(providerMessage('Service Unavailable\nmore')).toBe('Service Unavailable');
    expect(providerMessage('<!DOCTYPE html><html>…</html>')).toBe('');
    expect(providerMessage('')).toBe('');
    expect(providerMessage(JSON.stringify({ message: 'x'.repeat(500) }))).toHaveLength(300);
  });

  it('writes phones as ten US digits and dates as mm/dd/yyyy', () => {
    expect(nationalDigits('+13055550123')).toBe('3055550123');
    expect(nationalDigits('+442071234567')).toBe('442071234567');
    expect(usDate('1980-04-02')).toBe('04/02/1980');
    expect(usDate(null)).toBe('');
  });
});
