import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

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
});
