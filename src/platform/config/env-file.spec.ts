import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ConfigError, readConfig } from './config.js';
import { readEnvFile } from './env-file.js';

describe('the settings file (.env)', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-env-'));
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is optional: no .env in the working folder reads nothing', () => {
    expect(readEnvFile({}, dir)).toBeNull();
  });

  it('reads .env from the working folder, comments and all, as .env.example writes it', () => {
    fs.writeFileSync(path.join(dir, '.env'), 'PORT=4100                 # a comment\n# REDIS_URL=redis://x\nPUBLIC_URL="https://portal.example.com"\n');
    expect(readEnvFile({}, dir)).toEqual({ path: path.join(dir, '.env'), values: { PORT: '4100', PUBLIC_URL: 'https://portal.example.com' } });
  });

  it('refuses an ENV_FILE that does not exist, since someone named it; ENV_FILE= reads none', () => {
    expect(() => readEnvFile({ ENV_FILE: 'missing.env' }, dir)).toThrow(/ENV_FILE: cannot read .*missing\.env \(ENOENT\)/);
    fs.writeFileSync(path.join(dir, '.env'), 'PORT=4100\n');
    expect(readEnvFile({ ENV_FILE: '' }, dir)).toBeNull();
  });

  it('is what readConfig() reads, under the real environment: a variable set there wins, even when empty', () => {
    fs.writeFileSync(
      path.join(dir, 'portal.env'),
      'PORT=4100\nPUBLIC_URL=https://portal.example.com\nDATABASE_URL=postgres://file@db/portal\nNODE_ENV=production\n',
    );
    vi.stubEnv('ENV_FILE', path.join(dir, 'portal.env'));
    vi.stubEnv('PORT', '4200');
    vi.stubEnv('DATABASE_URL', '');
    vi.stubEnv('NODE_ENV', undefined);
    const config = readConfig([]);
    expect(config.envFile).toBe(path.join(dir, 'portal.env'));
    expect(config.port).toBe(4200);
    expect(config.publicUrl).toBe('https://portal.example.com');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.env).toBe('production');
  });

  it('stops readConfig() with a ConfigError naming ENV_FILE when the named file is missing', () => {
    vi.stubEnv('ENV_FILE', path.join(dir, 'nope.env'));
    expect(() => readConfig([])).toThrow(ConfigError);
  });

  it('is never read when the caller passes the variables itself', () => {
    fs.writeFileSync(path.join(dir, 'portal.env'), 'PORT=4100\n');
    vi.stubEnv('ENV_FILE', path.join(dir, 'portal.env'));
    expect(readConfig([], {}).port).toBe(3000);
    expect(readConfig([], {}).envFile).toBeNull();
  });
});
