import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

import { CONFIG_VARIABLES, ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('gives the embedded defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.dataDir.endsWith('.data')).toBe(true);
    expect(config.runWorkers).toBe(true);
  });

  it('treats empty optional URLs as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', REDIS_URL: ' ' }).databaseUrl).toBeUndefined();
  });

  it('names the variable and what it expects when a value is bad', () => {
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://root:secret@db/x', RUN_WORKERS: 'maybe' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as ConfigError).message;
      expect(message).toContain('PORT: expected a port number from 0 to 65535 (got "abc")');
      expect(message).toContain('DATABASE_URL: expected a URL starting with postgres:// or postgresql://');
      expect(message).toContain('RUN_WORKERS: expected true or false');
      expect(message).not.toContain('secret');
    }
  });

  it('derives the public URL from the port', () => {
    expect(loadConfig({ PORT: '4100' }).publicUrl).toBe('http://localhost:4100');
    expect(loadConfig({ PUBLIC_URL: 'https://portal.example.com/' }).publicUrl).toBe('https://portal.example.com');
  });

  it('turns a sign-in provider on only with everything it needs, and says what is missing', () => {
    expect(loadConfig({}).oidc).toEqual({});
    const on = loadConfig({
      MICROSOFT_CLIENT_ID: 'app',
      MICROSOFT_CLIENT_SECRET: 's3cret',
      MICROSOFT_TENANT_ID: 'tenant-1',
      STAFF_EMAIL_DOMAIN: 'agency.com',
      GOOGLE_CLIENT_ID: 'g',
      GOOGLE_CLIENT_SECRET: 'gs',
    });
    expect(on.oidc.microsoft).toEqual({
      issuer: 'https://login.microsoftonline.com/tenant-1/v2.0',
      clientId: 'app',
      clientSecret: 's3cret',
      domainHint: 'agency.com',
    });
    expect(on.oidc.google?.issuer).toBe('https://accounts.google.com');
    expect(() => loadConfig({ MICROSOFT_CLIENT_ID: 'app' })).toThrow(/MICROSOFT_CLIENT_SECRET: expected the client secret[\s\S]*MICROSOFT_TENANT_ID/);
    expect(() => loadConfig({ GOOGLE_CLIENT_SECRET: 'gs' })).toThrow(/GOOGLE_CLIENT_ID: expected the OAuth client id/);
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'g', GOOGLE_CLIENT_SECRET: 'gs', GOOGLE_ISSUER: 'http://idp.example.com' })).toThrow(
      /GOOGLE_ISSUER: expected an https:\/\/ URL/,
    );
    expect(loadConfig({ GOOGLE_CLIENT_ID: 'g', GOOGLE_CLIENT_SECRET: 'gs', GOOGLE_ISSUER: 'http://127.0.0.1:4000' }).oidc.google?.issuer).toBe(
      'http://127.0.0.1:4000',
    );
  });

  it('believes X-Forwarded-For only from the configured proxies', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, loopback' }).trustProxy).toEqual(['10.0.0.0/8', 'loopback']);
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY: expected false, true, a number of proxy hops/);
  });

  it('needs PUBLIC_URL in production, where links mailed by a worker must not point at localhost', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PUBLIC_URL: expected the address users reach, since NODE_ENV is production/);
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://portal.example.com' }).publicUrl).toBe('https://portal.example.com');
  });

  it('refuses the scaled deployment (DATABASE_URL) without ENCRYPTION_KEY, saying how to make one', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db/portal' })).toThrow(
      /ENCRYPTION_KEY: required with DATABASE_URL \(the scaled deployment\)[\s\S]*openssl rand -base64 32/,
    );
    const key = Buffer.alloc(32, 7);
    const config = loadConfig({ DATABASE_URL: 'postgres://db/portal', ENCRYPTION_KEY: key.toString('base64') });
    expect(config.encryption.key).toEqual(key);
    expect(loadConfig({}).encryption).toEqual({ key: undefined, oldKeys: [] });
  });

  it('takes keys as base64 or hex, old keys as a list, and never echoes a bad key', () => {
    const hex = 'ab'.repeat(32);
    const base64url = Buffer.alloc(32, 250).toString('base64url');
    const config = loadConfig({ ENCRYPTION_KEY: hex, ENCRYPTION_KEYS_OLD: ` ${Buffer.alloc(32, 1).toString('base64')} , ${base64url}` });
    expect(config.encryption.key).toEqual(Buffer.from(hex, 'hex'));
    expect(config.encryption.oldKeys).toEqual([Buffer.alloc(32, 1), Buffer.alloc(32, 250)]);
    try {
      loadConfig({ ENCRYPTION_KEY: 'short-secret-value', ENCRYPTION_KEYS_OLD: 'another-secret-value' });
      expect.unreachable();
    } catch (error) {
      const message = (error as ConfigError).message;
      expect(message).toContain('ENCRYPTION_KEY: expected a 32-byte key as 64 hex digits or 44 base64 characters');
      expect(message).toContain('ENCRYPTION_KEYS_OLD: expected older keys separated by commas');
      expect(message).not.toContain('short-secret-value');
      expect(message).not.toContain('another-secret-value');
    }
    expect(() => loadConfig({ ENCRYPTION_KEY: Buffer.alloc(16).toString('base64') })).toThrow(/ENCRYPTION_KEY: expected a 32-byte key/);
  });

  it('reads the lead delivery schedule (Svix’s by default), when a failing integration is turned off, and a rotated signing secret’s grace period', () => {
    expect(loadConfig({}).delivery).toEqual({
      retryDelaysMs: [0, 5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000],
      disableAfterMs: 86_400_000,
      signingSecretGraceMs: 86_400_000,
    });
    expect(
      loadConfig({ DELIVERY_RETRY_SECONDS: '0, 0.5,2', DELIVERY_DISABLE_AFTER_SECONDS: '3', DELIVERY_SIGNING_SECRET_GRACE_SECONDS: '0' }).delivery,
    ).toEqual({
      retryDelaysMs: [0, 500, 2_000],
      disableAfterMs: 3_000,
      signingSecretGraceMs: 0,
    });
    expect(() => loadConfig({ DELIVERY_SIGNING_SECRET_GRACE_SECONDS: '-1' })).toThrow(/DELIVERY_SIGNING_SECRET_GRACE_SECONDS: expected whole seconds from 0/);
    expect(() => loadConfig({ DELIVERY_RETRY_SECONDS: '0,soon' })).toThrow(/DELIVERY_RETRY_SECONDS: expected 1 to 20 delays in seconds/);
    expect(() => loadConfig({ DELIVERY_DISABLE_AFTER_SECONDS: '0' })).toThrow(/DELIVERY_DISABLE_AFTER_SECONDS: expected whole seconds/);
  });

  it('reads what the outbound fence lets through, and its time bound', () => {
    expect(loadConfig({}).outbound).toEqual({ allow: { cidrs: [], hosts: [], entries: [] }, timeoutMs: 15_000 });
    const config = loadConfig({ OUTBOUND_ALLOW: '127.0.0.1, 10.1.0.0/16,CRM.internal', OUTBOUND_TIMEOUT_SECONDS: '3' });
    expect(config.outbound.allow.entries).toEqual(['127.0.0.1', '10.1.0.0/16', 'CRM.internal']);
    expect(config.outbound.allow.hosts).toEqual(['crm.internal']);
    expect(config.outbound.timeoutMs).toBe(3_000);
    expect(() => loadConfig({ OUTBOUND_ALLOW: '10.0.0.0/99' })).toThrow(/OUTBOUND_ALLOW: expected addresses, CIDR blocks or host names/);
    expect(() => loadConfig({ OUTBOUND_ALLOW: 'http://x' })).toThrow(/OUTBOUND_ALLOW/);
  });

  it('has every variable it reads documented in the README and shown in .env.example', () => {
    const readme = fs.readFileSync('README.md', 'utf8');
    const example = fs.readFileSync('.env.example', 'utf8');
    expect(CONFIG_VARIABLES.filter((name) => !readme.includes(`\`${name}\``))).toEqual([]);
    expect(CONFIG_VARIABLES.filter((name) => !new RegExp(`^#? ?${name}=`, 'm').test(example))).toEqual([]);
  });
});
