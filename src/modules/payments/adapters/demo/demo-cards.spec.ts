import { describe, expect, it } from 'vitest';

import { checkCard } from './demo-cards.js';

const now = new Date('2026-11-23T12:00:00Z');
const card = (number: string, over: Partial<{ expMonth: number; expYear: number; cvc: string }> = {}) =>
  checkCard({ number, expMonth: 12, expYear: 34, cvc: '123', ...over }, now);

describe('the demo provider’s test cards', () => {
  it('knows the three test cards by number, with or without spaces', () => {
    expect(card('4242 4242 4242 4242')).toEqual({ ok: true, card: { brand: 'visa', behaviour: 'succeed' }, last4: '4242' });
    expect(card('4000000000000002')).toMatchObject({ ok: true, card: { behaviour: 'decline' }, last4: '0002' });
    expect(card('4000-0025-0000-3155')).toMatchObject({ ok: true, card: { behaviour: 'authenticate' }, last4: '3155' });
  });

  it('refuses other numbers, past expiry dates and short security codes the way a checkout does', () => {
    expect(card('4111 1111 1111 1111')).toMatchObject({ ok: false, field: 'number', message: expect.stringContaining('Your card was declined.') });
    expect(card('4242')).toEqual({ ok: false, field: 'number', message: 'Your card number is incomplete.' });
    expect(card('4242424242424242', { expMonth: 10, expYear: 26 })).toMatchObject({ ok: false, field: 'expiry' });
    expect(card('4242424242424242', { expMonth: 11, expYear: 2026 })).toMatchObject({ ok: true });
    expect(card('4242424242424242', { expMonth: 13 })).toMatchObject({ ok: false, field: 'expiry' });
    expect(card('4242424242424242', { cvc: '12' })).toMatchObject({ ok: false, field: 'cvc' });
  });
});
