import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/** The built command as `npm run admin:create` runs it, with nothing from the test runner's settings. */
function adminCreate(args: string[], env: Record<string, string> = {}) {
  const { status, stdout, stderr } = spawnSync(process.execPath, ['dist/src/cli/create-admin.js', ...args], {
    env: { PATH: process.env.PATH ?? '', ENV_FILE: '', ...env },
    encoding: 'utf8',
  });
  return { status, stdout, stderr };
}

describe('npm run admin:create, refusing before it touches anything', () => {
  it('explains itself with --help', () => {
    const { status, stdout } = adminCreate(['--help']);
    expect(status).toBe(0);
    expect(stdout).toContain('Usage: npm run admin:create -- --email <address>');
  });

  it('names the problem and shows the usage for a missing or bad address and an unknown option, with exit code 2', () => {
    for (const [args, problem] of [
      [[], '--email: give the address of the account: --email you@example.com'],
      [['--email', 'not-an-address'], '--email: expected an e-mail address'],
      [['--email', 'a@example.com', '--password', 'secret-1'], "Unknown option '--password'"],
    ] as const) {
      const { status, stderr } = adminCreate([...args]);
      expect(status).toBe(2);
      expect(stderr).toContain(problem);
      expect(stderr).toContain('Usage: npm run admin:create');
    }
  });

  it('stops before printing a link that would point at localhost: production without PUBLIC_URL', () => {
    const { status, stderr } = adminCreate(['--email', 'a@example.com'], { NODE_ENV: 'production', DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
    expect(status).toBe(2);
    expect(stderr).toContain('PUBLIC_URL: expected the address users reach');
  });
});
