import { describe, expect, it } from 'vitest';

import { optionalText } from './config-schema.js';
import { configSection } from './config-section.js';
import { ConfigError, readConfig } from './config.js';

/** The platform's settings alone; the modules' sections are tested beside them. */
const loadConfig = (env: NodeJS.ProcessEnv) => readConfig([], env);

describe('readConfig', () => {
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

  it('takes the organisation’s time zone, New York unless set, and refuses one that is not an IANA zone name', () => {
    expect(loadConfig({}).orgTimeZone).toBe('America/New_York');
    expect(loadConfig({ ORG_TIME_ZONE: ' america/chicago ' }).orgTimeZone).toBe('America/Chicago');
    expect(() => loadConfig({ ORG_TIME_ZONE: 'Eastern Time' })).toThrow(
      'ORG_TIME_ZONE: expected an IANA time zone name, e.g. America/New_York, America/Chicago or Europe/London (got "Eastern Time")',
    );
    expect(() => loadConfig({ ORG_TIME_ZONE: 'Mars/Olympus_Mons' })).toThrow(/ORG_TIME_ZONE: expected an IANA time zone name/);
  });

  it('derives the public URL from the port', () => {
    expect(loadConfig({ PORT: '4100' }).publicUrl).toBe('http://localhost:4100');
    expect(loadConfig({ PUBLIC_URL: 'https://portal.example.com/' }).publicUrl).toBe('https://portal.example.com');
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

  it('reads what the outbound fence lets through, and its time bound', () => {
    expect(loadConfig({}).outbound).toEqual({ allow: { cidrs: [], hosts: [], entries: [] }, timeoutMs: 15_000 });
    const config = loadConfig({ OUTBOUND_ALLOW: '127.0.0.1, 10.1.0.0/16,CRM.internal', OUTBOUND_TIMEOUT_SECONDS: '3' });
    expect(config.outbound.allow.entries).toEqual(['127.0.0.1', '10.1.0.0/16', 'CRM.internal']);
    expect(config.outbound.allow.hosts).toEqual(['crm.internal']);
    expect(config.outbound.timeoutMs).toBe(3_000);
    expect(() => loadConfig({ OUTBOUND_ALLOW: '10.0.0.0/99' })).toThrow(/OUTBOUND_ALLOW: expected addresses, CIDR blocks or host names/);
    expect(() => loadConfig({ OUTBOUND_ALLOW: 'http://x' })).toThrow(/OUTBOUND_ALLOW/);
  });

  it("puts a section's settings beside the platform's and reports its bad variables with the platform's", () => {
    const section = configSection({ EXAMPLE_SECRET: optionalText().refine((value) => value !== 'bad', 'expected a good secret') }, (e) => ({
      exampleSecret: e.EXAMPLE_SECRET,
    }));
    expect(readConfig([section], { EXAMPLE_SECRET: 'abc' }).exampleSecret).toBe('abc');
    try {
      readConfig([section], { PORT: 'abc', EXAMPLE_SECRET: 'bad' });
      expect.unreachable();
    } catch (error) {
      expect((error as ConfigError).problems).toEqual([
        'PORT: expected a port number from 0 to 65535 (got "abc")',
        'EXAMPLE_SECRET: expected a good secret (got "***")',
      ]);
    }
  });

  it('refuses a variable declared twice', () => {
    const section = configSection({ PORT: optionalText() }, () => ({}));
    expect(() => readConfig([section], {})).toThrow(/PORT is declared twice/);
  });
});
