import { describe, expect, it } from 'vitest';

import { loopbackHttp } from '../../../../test/support/sample-lead.js';
import { PROVIDER_IDS } from '../domain/providers.js';
import { leadSenders } from './index.js';

describe('leadSenders', () => {
  it('has one sender for each of the five providers, under its provider id', () => {
    const senders = leadSenders({ http: loopbackHttp(), mail: { send: () => Promise.resolve() }, timeZone: 'America/New_York' });
    expect([...senders.keys()].sort()).toEqual([...PROVIDER_IDS].sort());
    for (const [id, sender] of senders) expect(sender.provider).toBe(id);
  });
});
