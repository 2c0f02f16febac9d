import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';

import type { SecurityEventRecorder } from '../security/security-event-recorder.port.js';
import { encryptionKey } from './key-material.js';
import { keyring } from './keyring.js';
import { SecretAccess } from './secret-access.js';
import { SecretCipher } from './secret-cipher.js';

describe('SecretAccess', () => {
  const recorded: { type: string; details: Readonly<Record<string, unknown>> }[] = [];
  const recorder: SecurityEventRecorder = { record: async (type, _source, details) => void recorded.push({ type, details }) };
  const access = new SecretAccess(new SecretCipher(keyring(encryptionKey(randomBytes(32)))), recorder);
  const context = { purpose: 'integration_secrets.value', owner: 'i-1/auth_token' };

  it('seals a value with its last four characters as the hint', () => {
    const sealed = access.seal('rk_token_0123456789abcd', context);
    expect(sealed.hint).toBe('••••abcd');
    expect(sealed.stored).not.toContain('rk_token');
  });

  it('opens a value for a delivery without a record, and records every other read as credential_access', async () => {
    recorded.length = 0;
    const { stored } = access.seal('rk_token_0123456789abcd', context);
    expect(access.openForDelivery(stored, context)).toBe('rk_token_0123456789abcd');
    expect(recorded).toEqual([]);
    expect(await access.reveal(stored, context, { source: { userId: 'u-1' }, reason: 'test call from the provider page' })).toBe('rk_token_0123456789abcd');
    expect(recorded).toEqual([
      { type: 'credential_access', details: { resource: 'integration_secrets.value', owner: 'i-1/auth_token', reason: 'test call from the provider page' } },
    ]);
  });
});
