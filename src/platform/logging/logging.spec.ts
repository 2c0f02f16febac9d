import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';

import { OutboundRefused } from '../outbound/outbound-errors.js';
import { SecretDecryptionError } from '../secrets/secret-cipher.js';
import { createRootLogger } from './logging.js';

const SECRET = 'sk_live_KNOWN_SECRET_4242';

describe('the root logger never writes a secret', () => {
  it('redacts credential fields at the top level, one level down, and in headers', () => {
    let output = '';
    const sink = new Writable({ write: (chunk: Buffer, _enc, done) => ((output += chunk.toString()), done()) });
    const logger = createRootLogger('trace', { fields: ['postingUrl'], headers: ['webhook-signature'] }, sink);
    logger.info(
      { apiKey: SECRET, integration: { authToken: SECRET, webhookSecret: SECRET, previousSigningSecret: SECRET, api_key: SECRET, name: 'Ringy' } },
      'saved',
    );
    logger.warn({ request: { headers: { authorization: `Bearer ${SECRET}`, 'x-api-key': SECRET, accept: 'application/json' } } }, 'delivery failed');
    logger.info({ headers: { cookie: `sid=${SECRET}` }, secret: SECRET, password: SECRET, token: SECRET, encryptionKey: SECRET }, 'x');
    logger.error({ err: new SecretDecryptionError('not_authentic', 'The stored integration_secrets.value of i-1 failed its integrity check') }, 'decrypt');
    logger.warn({ err: new OutboundRefused('10.0.0.5', 'private', 'crm.example.com') }, 'refused');
    // A module's own fields and headers (ModuleRegistration.logRedactions).
    logger.info({ postingUrl: SECRET, delivery: { postingUrl: SECRET }, request: { headers: { 'webhook-signature': SECRET } } }, 'sent');
    expect(output.split('\n').filter(Boolean)).toHaveLength(6);
    expect(output).toContain('Ringy');
    expect(output).toContain('[redacted]');
    expect(output).not.toContain(SECRET);
  });
});
