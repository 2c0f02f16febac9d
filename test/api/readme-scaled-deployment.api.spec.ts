import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';

import { CONFIG_VARIABLES } from '../../src/app-config.js';
import { createPool, type SqlPool } from '../../src/platform/persistence/sql.js';
import { createScratchDatabase } from '../../src/platform/persistence/test-database.js';
import { freePort } from '../support/free-port.js';
import { describeIf } from '../support/not-run.js';
import { ApiClient } from '../support/portal/api-client.js';

const databaseUrl = process.env.DATABASE_URL;
const redisUrl = inject('redisUrl');
const root = path.resolve(import.meta.dirname, '../..');

type Command = { kind: 'file'; file: string; lines: string[] } | { kind: 'run'; line: string; background: boolean };

/** The commands of the README's "by hand" block, as a shell would take them. */
function readmeByHandCommands(): Command[] {
  const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
  const from = readme.indexOf('Or by hand');
  expect(from, 'the README has an "Or by hand" section').toBeGreaterThan(-1);
  const block = readme
    .slice(from)
    .match(/```bash\n([\s\S]*?)```/)![1]!
    .split('\n');
  const commands: Command[] = [];
  for (let i = 0; i < block.length; i++) {
    const line = block[i]!;
    if (!line.trim()) continue;
    const heredoc = line.match(/^cat > (\S+) <<'(\w+)'$/);
    if (heredoc) {
      const end = block.indexOf(heredoc[2]!, i);
      commands.push({ kind: 'file', file: heredoc[1]!, lines: block.slice(i + 1, end) });
      i = end;
      continue;
    }
    const command = line.replace(/\s+#.*$/, '').trim();
    commands.push({ kind: 'run', line: command.replace(/\s*&$/, ''), background: command.endsWith('&') });
  }
  return commands;
}

type Run = { line: string; child: ChildProcess; output: () => string; exited: Promise<number | null> };

describeIf(databaseUrl && redisUrl, 'DATABASE_URL and REDIS_URL', "the README's scaled deployment, by hand, step by step", () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let pool: SqlPool;
  let dir: string;
  let apiUrl: string;
  const runs: Run[] = [];
  const foreground: Record<string, string> = {};
  // Under the run's prefix, in the tests' Redis database: the run's teardown removes its keys.
  const redisPrefix = `${inject('redisPrefix')}readme-${randomUUID()}`;

  // Only what the README's commands set: the test runner's own settings (NODE_ENV=test,
  // DATABASE_URL) would otherwise win over the README's .env, as real environment variables do.
  const env = { ...process.env };
  for (const name of [...CONFIG_VARIABLES, 'ENV_FILE']) delete env[name];

  function run(line: string): Run {
    let output = '';
    const child = spawn('bash', ['-c', line], { cwd: dir, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const started = { line, child, output: () => output, exited };
    runs.push(started);
    return started;
  }

  beforeAll(async () => {
    scratch = await createScratchDatabase(databaseUrl!, 'portal_readme');
    pool = createPool(scratch.url, 2);
    // A folder of its own for the .env the README writes; the checkout's build is linked in.
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-readme-'));
    for (const entry of ['package.json', 'dist', 'node_modules']) fs.symlinkSync(path.join(root, entry), path.join(dir, entry));
    const port = await freePort();
    apiUrl = `http://127.0.0.1:${port}`;

    const commands = readmeByHandCommands();
    const [install, ...rest] = commands;
    // `npm ci` is what installed and built this checkout (its prepare script builds); it is
    // not run again here. The README must not ask for a second build.
    expect(install).toEqual({ kind: 'run', line: 'npm ci', background: false });
    expect(JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.prepare).toContain('scripts/build.mjs');
    expect(commands.some((c) => c.kind === 'run' && /npm run build|scripts\/build/.test(c.line))).toBe(false);

    for (const command of rest) {
      if (command.kind === 'file') {
        // The README's settings, with this test's addresses in place of the examples.
        const ours: Record<string, string> = { DATABASE_URL: scratch.url, REDIS_URL: redisUrl!, PUBLIC_URL: apiUrl, HOST: '127.0.0.1' };
        const names = command.lines.map((l) => l.split('=')[0]);
        expect(names).toEqual(expect.arrayContaining(['NODE_ENV', 'PUBLIC_URL', 'DATABASE_URL', 'REDIS_URL']));
        expect(command.lines).toContain('NODE_ENV=production');
        const lines = command.lines.map((l) => {
          const name = l.split('=')[0]!;
          return name in ours ? `${name}=${ours[name]}` : l;
        });
        fs.writeFileSync(path.join(dir, command.file), [...lines, `REDIS_PREFIX=${redisPrefix}`, ''].join('\n'));
      } else if (command.background) {
        expect(command.line).not.toMatch(/PORT=(?!3000 )/);
        run(command.line.replace('PORT=3000 ', `PORT=${port} `));
      } else {
        const started = run(command.line);
        expect(await started.exited, started.output()).toBe(0);
        foreground[command.line] = started.output();
      }
    }
  });

  afterAll(async () => {
    for (const { child, exited } of runs) {
      if (child.exitCode === null && child.pid) {
        process.kill(-child.pid, 'SIGTERM');
        const timer = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
    }
    await pool?.end();
    await scratch?.drop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const adminCreate = () => Object.entries(foreground).find(([line]) => line.startsWith('npm run admin:create'))!;

  it('starts an API that is ready, says where it reads its settings and the API description, and logs its migrations', async () => {
    // The README's first background command; foreground steps (making the key) come before it.
    const api = runs.find((r) => r.line.includes('dist/server/main.js'))!;
    await expect.poll(async () => (await fetch(`${apiUrl}/health/ready`).catch(() => null))?.status, { interval: 250 }).toBe(200);
    await expect.poll(() => api.output()).toContain(`Settings read from ${path.join(dir, '.env')}`);
    // The address it answers on: localhost when it listens on every address, else the address it listens on.
    expect(api.output()).toMatch(new RegExp(`OpenAPI JSON at http://(localhost|127\\.0\\.0\\.1):${new URL(apiUrl).port}/api/docs/openapi\\.json`));
    expect((await fetch(`${apiUrl}/api/docs/openapi.json`)).status).toBe(200);
    expect(api.output()).toMatch(/"context":"migrations".*"msg":"(applied \d+ pending migrations?: |database schema up to date)/);
  });

  it('gives the first admin a link at PUBLIC_URL to set the password, an access code for the admin pages, and makes them a SAT leader', async () => {
    const [line, output] = adminCreate();
    expect(line).toContain('--sat-leader');
    const email = line.match(/--email (\S+)/)![1]!;
    const link = new URL(output.match(/https?:\/\/\S+\/auth\?type=recovery&token=\S+/)![0]);
    expect(link.origin).toBe(apiUrl);
    const code = output.match(/^\s+([A-Z0-9]{4}(?:-[A-Z0-9]{4})+)$/m)![1]!;

    const admin = new ApiClient(apiUrl);
    const reset = await admin.request('POST', '/api/auth/reset-password', { token: link.searchParams.get('token'), password: 'first-admin-pass-1' });
    expect(reset.status, await reset.clone().text()).toBe(200);
    expect((await admin.signIn(email, 'first-admin-pass-1')).status).toBe(200);
    expect((await admin.request('GET', '/api/admin/users')).status).toBe(200);

    // The worker projects the code before it can be used.
    await expect.poll(async () => (await (await admin.request('GET', '/api/admin/access-codes')).json()).codes.length, { interval: 250 }).toBe(1);
    expect((await admin.request('POST', '/api/access/verify', { code })).status).toBe(200);
    expect((await (await admin.request('GET', '/api/auth/session')).json()).user).toMatchObject({ hasElevatedAccess: true, needsSatLeader: false });

    // Every step is in the audit log with the operator as actor.
    await expect
      .poll(
        async () =>
          (await pool.query<{ event_type: string }>(`SELECT event_type FROM rm_audit_log WHERE actor_type = 'operator' ORDER BY event_type`)).rows.map(
            (r) => r.event_type,
          ),
        { interval: 250 },
      )
      .toEqual(['AccessCodeCreated', 'AccountCreated', 'AdminRoleGranted', 'PasswordLinkIssued', 'SatLeaderMarked']);
  });

  it('lets people sign up choosing the admin as SAT leader; the worker mails the confirmation link at PUBLIC_URL; the admin marks the next SAT leader', async () => {
    const [line] = adminCreate();
    const adminEmail = line.match(/--email (\S+)/)![1]!;
    const name = line.match(/--name "([^"]+)"/)![1]!;
    const newcomer = new ApiClient(apiUrl);
    const { leaders } = (await (await newcomer.request('GET', '/api/sat-leaders')).json()) as { leaders: { id: string; displayName: string }[] };
    expect(leaders.map((l) => l.displayName)).toEqual([name]);
    const email = `leader-${randomUUID()}@example.com`;
    const signUp = await newcomer.request('POST', '/api/auth/sign-up', {
      email,
      password: 'next-leader-pass-1',
      confirmPassword: 'next-leader-pass-1',
      displayName: 'Robin Leader',
      satLeaderId: leaders[0]!.id,
    });
    expect(signUp.status, await signUp.clone().text()).toBe(201);

    const admin = new ApiClient(apiUrl);
    expect((await admin.signIn(adminEmail, 'first-admin-pass-1')).status).toBe(200);
    // The API runs no workers (RUN_WORKERS=false): only the README's worker sends this mail.
    let confirm: URL | undefined;
    await expect
      .poll(
        async () => {
          const { messages } = (await (await admin.request('GET', `/api/admin/outbox?to=${encodeURIComponent(email)}`)).json()) as {
            messages: { text: string }[];
          };
          const found = messages.map((m) => m.text.match(/https?:\/\/\S+\/auth\/confirm\?token=\S+/)?.[0]).find(Boolean);
          confirm = found ? new URL(found) : undefined;
          return confirm?.origin;
        },
        { interval: 250 },
      )
      .toBe(apiUrl);
    expect((await newcomer.request('POST', '/api/auth/confirm-email', { token: confirm!.searchParams.get('token') })).status).toBe(200);
    expect((await newcomer.signIn(email, 'next-leader-pass-1')).status).toBe(200);

    const { users } = (await (await admin.request('GET', `/api/admin/users?search=${encodeURIComponent(email)}`)).json()) as { users: { id: string }[] };
    expect((await admin.request('PUT', `/api/admin/users/${users[0]!.id}/sat-leader`, { satLeader: true })).status).toBe(200);
    const after = (await (await newcomer.request('GET', '/api/sat-leaders')).json()) as { leaders: { displayName: string }[] };
    expect(after.leaders.map((l) => l.displayName).sort()).toEqual(['Robin Leader', name].sort());
  });
});
