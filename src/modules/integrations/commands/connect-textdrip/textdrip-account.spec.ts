import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTextdripStandIn, type TextdripStandIn } from '../../../../../test/support/textdrip-standin.js';
import { NOTHING_ALLOWED, parseOutboundAllow } from '../../../../platform/outbound/outbound-allow.js';
import { OutboundHttp } from '../../../../platform/outbound/outbound-http.js';
import { checkTextdripToken, isPlausibleToken } from './textdrip-account.js';

describe('checking a Textdrip API token, against the Textdrip stand-in', () => {
  let textdrip: TextdripStandIn;
  const http = new OutboundHttp({ allow: parseOutboundAllow(['127.0.0.1'])!, timeoutMs: 5_000 });
  beforeAll(async () => {
    textdrip = await startTextdripStandIn();
  });
  afterAll(async () => textdrip?.close());

  it('answers the account of a token Textdrip knows, asked with the token as a Bearer header and nothing in the address', async () => {
    expect(await checkTextdripToken(http, textdrip.apiBase, textdrip.token)).toEqual({
      ok: true,
      account: { name: textdrip.account.name, email: textdrip.account.email },
    });
    expect(textdrip.calls.at(-1)).toEqual({ path: '/api/profile', authorization: `Bearer ${textdrip.token}`, url: '/api/profile' });
  });

  it('refuses a token Textdrip does not know (its 401), without trying again being of use', async () => {
    expect(await checkTextdripToken(http, textdrip.apiBase, 'td_unknown_token_0000')).toMatchObject({ ok: false, reason: 'invalid_token' });
  });

  it('counts Textdrip failing (a 503), no answer, and an address the fence refuses as unavailable', async () => {
    textdrip.api = 'down';
    try {
      expect(await checkTextdripToken(http, textdrip.apiBase, textdrip.token)).toMatchObject({
        ok: false,
        reason: 'unavailable',
        detail: 'Textdrip answered 503',
      });
    } finally {
      textdrip.api = 'up';
    }
    expect(await checkTextdripToken(http, 'http://127.0.0.1:9/api', textdrip.token)).toMatchObject({ ok: false, reason: 'unavailable' });
    const fenced = new OutboundHttp({ allow: NOTHING_ALLOWED, timeoutMs: 5_000 });
    expect(await checkTextdripToken(fenced, textdrip.apiBase, textdrip.token)).toMatchObject({
      ok: false,
      reason: 'unavailable',
      detail: expect.stringMatching(/^refused_address/),
    });
  });

  it('takes only printable tokens of a sane length', () => {
    expect([textdrip.token, 'short', 'has space inside it', 'x'.repeat(2_001), undefined].map(isPlausibleToken)).toEqual([true, false, false, false, false]);
  });
});
