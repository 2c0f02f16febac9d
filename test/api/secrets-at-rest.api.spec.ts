import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

import { encryptionKey } from '../../src/platform/secrets/key-material.js';
import { startPortal } from '../support/portal/portal-process.js';

const root = path.resolve(import.meta.dirname, '../..');

/** A built entry point run once, as an operator would, with only the given settings. */
function run(entry: string, env: Record<string, string>) {
  return spawnSync(process.execPath, [entry], {
    cwd: root,
    encoding: 'utf8',
    timeout: 120_000,
    env: { ...process.env, ENV_FILE: '', DATABASE_URL: '', REDIS_URL: '', ENCRYPTION_KEY: '', ENCRYPTION_KEYS_OLD: '', LOG_LEVEL: 'warn', ...env },
  });
}

describe('the scaled deployment without ENCRYPTION_KEY', () => {
  it('refuses to start the API, the worker and the rotation, saying how to make a key', () => {
    for (const entry of ['dist/server/main.js', 'dist/server/worker.js', 'dist/src/cli/rotate-secrets.js']) {
      const { status, stderr } = run(entry, { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
      expect(status, entry).not.toBe(0);
      expect(stderr, entry).toContain('ENCRYPTION_KEY: required with DATABASE_URL (the scaled deployment)');
      expect(stderr, entry).toContain('openssl rand -base64 32');
    }
  });

  it('refuses a malformed key without echoing it', () => {
    const { status, stderr } = run('dist/server/main.js', { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', ENCRYPTION_KEY: 'my-secret-passphrase' });
    expect(status).toBe(1);
    expect(stderr).toContain('ENCRYPTION_KEY: expected a 32-byte key as 64 hex digits or 44 base64 characters');
    expect(stderr).not.toContain('my-secret-passphrase');
  });
});

describe('the embedded default: its key file, rotation to a configured key, and logs free of secrets', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-secrets-e2e-'));
  const keyFile = path.join(dataDir, 'encryption.key');
  const newKey = Buffer.alloc(32, 0x3c);
  const logs: string[] = [];
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('makes DATA_DIR/encryption.key with mode 0600 on the first start and reuses it on the next', async () => {
    const first = await startPortal({ DATA_DIR: dataDir, LOG_LEVEL: 'trace' });
    try {
      expect((await fetch(`${first.url}/health/ready`)).status).toBe(200);
    } finally {
      await first.stop();
      logs.push(first.output());
    }
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
    const key = fs.readFileSync(keyFile, 'utf8');
    expect(first.output()).toContain(`made the encryption key of stored credentials: ${keyFile}`);

    const second = await startPortal({ DATA_DIR: dataDir, LOG_LEVEL: 'trace' });
    await second.stop();
    logs.push(second.output());
    expect(fs.readFileSync(keyFile, 'utf8')).toBe(key);
    expect(second.output()).not.toContain('made the encryption key');
  });

  it('moves the stored secrets from the key file to a configured ENCRYPTION_KEY with npm run secrets:rotate, then starts on that key', async () => {
    const newId = encryptionKey(newKey).id;
    const rotation = run('dist/src/cli/rotate-secrets.js', { DATA_DIR: dataDir, ENCRYPTION_KEY: newKey.toString('base64') });
    logs.push(rotation.stdout + rotation.stderr);
    expect(rotation.status, rotation.stderr).toBe(0);
    // The demo card provider's webhook secret, encrypted under the file's key at the first start.
    expect(rotation.stdout).toContain(`demo_pay_settings.webhook_secret: 1 re-encrypted under key ${newId}, 0 already under it`);
    const again = run('dist/src/cli/rotate-secrets.js', { DATA_DIR: dataDir, ENCRYPTION_KEY: newKey.toString('hex') });
    expect(again.stdout).toContain(`demo_pay_settings.webhook_secret: 0 re-encrypted under key ${newId}, 1 already under it`);

    const portal = await startPortal({ DATA_DIR: dataDir, ENCRYPTION_KEY: newKey.toString('base64'), LOG_LEVEL: 'trace' });
    try {
      // Requests carrying credentials: a password, a bearer token, an API key header.
      await fetch(`${portal.url}/api/auth/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${newKey.toString('hex')}`, 'x-api-key': newKey.toString('base64') },
        body: JSON.stringify({ email: 'nobody@example.com', password: newKey.toString('base64') }),
      });
      await fetch(`${portal.url}/api/nothing?token=${newKey.toString('hex')}`);
    } finally {
      await portal.stop();
      logs.push(portal.output());
    }
    // Two CLI runs and a portal start, each opening the embedded database: over a minute on a busy machine.
  }, 300_000);

  it('never writes a key or a stored secret to the logs of those runs', () => {
    const all = logs.join('\n');
    expect(all).toContain('request completed');
    const fileKey = fs.readFileSync(keyFile, 'utf8').trim();
    for (const secret of [fileKey, Buffer.from(fileKey, 'base64').toString('hex'), newKey.toString('base64'), newKey.toString('hex'), 'whsec_demo_']) {
      expect(all).not.toContain(secret);
    }
  });
});
