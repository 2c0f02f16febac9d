// npm run admin:create -- --email <address> [--name "<display name>"] [--sat-leader] [--by "<who runs this>"]
// Makes an account an admin: the first admin of a fresh deployment, or an existing account.
import os from 'node:os';
import { parseArgs } from 'node:util';
import { z } from 'zod';

import { loadConfig } from '../app-config.js';
import { MIGRATIONS } from '../modules.js';
import { CreateAccessCode } from '../modules/access/commands/create-access-code/create-access-code.command.js';
import { CreateAccessCodeHandler } from '../modules/access/commands/create-access-code/create-access-code.handler.js';
import { CreateAdmin } from '../modules/identity/commands/create-admin/create-admin.command.js';
import { CreateAdminHandler, PASSWORD_LINK_VALID_MINUTES } from '../modules/identity/commands/create-admin/create-admin.handler.js';
import { passwordResetLink } from '../modules/identity/jobs/send-password-reset-email.job.js';
import { isWorkAccount } from '../platform/auth/work-account.js';
import { requestContext } from '../platform/event-store/new-event.js';
import { openInfrastructure } from '../platform/infrastructure.js';

const USAGE = 'Usage: npm run admin:create -- --email <address> [--name "<display name>"] [--sat-leader] [--by "<who runs this>"]';
const ACCESS_CODE_HOURS = 8;

const argumentsSchema = z.object({
  email: z
    .string({ message: 'give the address of the account: --email you@example.com' })
    .trim()
    .toLowerCase()
    .pipe(z.email('expected an e-mail address, e.g. you@example.com')),
  name: z.string().trim().min(1, 'expected a display name').max(100, 'at most 100 characters').optional(),
  'sat-leader': z.boolean().default(false),
  by: z.string().trim().min(1, 'expected who runs this, e.g. "Jane Ops"').max(100, 'at most 100 characters').optional(),
});

/** Who the audit log names: --by, or the operating-system user on this host. */
function operatorName(by: string | undefined): string {
  if (by) return by;
  try {
    return `${os.userInfo().username}@${os.hostname()}`;
  } catch {
    return `uid ${process.getuid?.() ?? '?'}@${os.hostname()}`;
  }
}

function fail(message: string, code = 2): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

let parsed;
try {
  parsed = parseArgs({
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      'sat-leader': { type: 'boolean' },
      by: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  }).values;
} catch (error) {
  fail(`${(error as Error).message}\n${USAGE}`);
}
if (parsed.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
const checked = argumentsSchema.safeParse(parsed);
if (!checked.success) fail(`${checked.error.issues.map((issue) => `--${String(issue.path[0])}: ${issue.message}`).join('\n')}\n${USAGE}`);
const args = checked.data;

const config = (() => {
  try {
    return loadConfig();
  } catch (error) {
    return fail((error as Error).message);
  }
})();
const infrastructure = await openInfrastructure(config, MIGRATIONS, (line) => process.stdout.write(`Database: ${line}\n`)).catch((error: unknown) =>
  fail(error instanceof Error ? error.message : String(error), 1),
);
try {
  const operator = operatorName(args.by);
  const context = requestContext({ type: 'operator', id: operator });
  // No Nest application here: the handlers run directly.
  const result = await new CreateAdminHandler(infrastructure.pool).execute(
    new CreateAdmin({ email: args.email, displayName: args.name, satLeader: args['sat-leader'] }, context),
  );

  const lines: string[] = [];
  if (result.created) lines.push(`Created the account ${args.email} and made it an admin.`);
  else lines.push(result.promoted ? `Made the existing account ${args.email} an admin.` : `${args.email} is an admin already.`);
  if (args['sat-leader']) lines.push('It is a SAT leader: people signing up can choose it.');
  if (result.passwordToken) {
    lines.push(
      `Open this link to set its password (it works once, within ${PASSWORD_LINK_VALID_MINUTES / 60} hours; pass it on only to the account's owner):`,
      `  ${passwordResetLink(config.publicUrl, result.passwordToken)}`,
    );
  }
  if (!isWorkAccount({ provider: 'email', email: args.email }, config.staffEmailDomain)) {
    // The same handler the admin page's command reaches.
    const { code } = await new CreateAccessCodeHandler(infrastructure.store).execute(
      new CreateAccessCode(
        {
          label: `First admin pages for ${args.email}`.slice(0, 100),
          grantsHours: ACCESS_CODE_HOURS,
          expiresAt: new Date(Date.now() + 24 * 3_600_000),
          maxUses: 1,
        },
        context,
      ),
    );
    lines.push(
      `The admin pages ask for an access code unless one signs in with Microsoft. This one works once, within 24 hours, for ${ACCESS_CODE_HOURS} hours of access`,
      '(then create longer-lived codes on the Access Codes page):',
      `  ${code}`,
    );
  }
  if (result.needsSatLeader && result.satLeaders === 0) {
    lines.push('There are no SAT leaders yet, and the portal asks this account to choose one at sign-in: run this again with --sat-leader.');
  }
  if (result.disabled) lines.push('The account is disabled: it cannot sign in until an admin enables it on the Users page.');
  lines.push(`Recorded in the audit log with the operator "${operator}" as actor.`);
  process.stdout.write(`${lines.join('\n')}\n`);
} finally {
  await infrastructure.close();
}
