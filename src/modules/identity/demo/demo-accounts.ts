import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type pg from 'pg';

import { hashPassword } from '../../../platform/auth/password-hasher.js';
import type { DatabaseHandle } from '../../../platform/persistence/database.js';
import { CONFIG, DATABASE, SQL_POOL } from '../../../platform/tokens.js';
import type { IdentityConfig } from '../identity.config.js';

type DemoAccount = { email: string; displayName: string; what: string; admin?: boolean; satLeader?: boolean; satManager?: string };

const LEADER_1 = 'sam.rivera@portal.test';
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { email: 'admin@portal.test', displayName: 'Avery Admin', what: 'admin', admin: true, satManager: LEADER_1 },
  { email: 'agent@portal.test', displayName: 'Alex Agent', what: 'agent, limited access', satManager: LEADER_1 },
  { email: 'agent2@portal.test', displayName: 'Blake Agent', what: 'agent, no SAT leader chosen yet' },
  { email: LEADER_1, displayName: 'Sam Rivera', what: 'SAT leader', satLeader: true, satManager: LEADER_1 },
  { email: 'taylor.brooks@portal.test', displayName: 'Taylor Brooks', what: 'SAT leader', satLeader: true, satManager: LEADER_1 },
];

/**
 * On the embedded default only, and only while there are no accounts at all: a small team
 * to try the portal with. The password is DEMO_PASSWORD, or one made up at the first start
 * and kept in DATA_DIR/demo-password so later starts can show it again.
 */
@Injectable()
export class DemoAccountsService implements OnApplicationBootstrap {
  private announcement: string | null = null;

  constructor(
    @Inject(CONFIG) private readonly config: IdentityConfig,
    @Inject(DATABASE) private readonly database: DatabaseHandle,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
  ) {}

  /** What `npm start` prints about the demo accounts, or null when there are none. */
  get summary(): string | null {
    return this.announcement;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.database.embedded) return;
    const password = await this.password();
    const { rows } = await this.pool.query<{ n: string }>('SELECT count(*)::text AS n FROM users');
    if (rows[0]!.n === '0') await seedDemoAccounts(this.pool, password);
    const { rows: present } = await this.pool.query<{ email: string }>('SELECT email FROM users WHERE email = ANY($1)', [DEMO_ACCOUNTS.map((a) => a.email)]);
    if (present.length === 0) return;
    const lines = DEMO_ACCOUNTS.filter((a) => present.some((p) => p.email === a.email)).map((a) => `  ${a.email.padEnd(28)} ${a.what}`);
    this.announcement = `Demo accounts (password: ${password}):\n${lines.join('\n')}`;
  }

  private async password(): Promise<string> {
    if (this.config.demoPassword) return this.config.demoPassword;
    const file = path.join(this.config.dataDir, 'demo-password');
    try {
      return (await fs.readFile(file, 'utf8')).trim();
    } catch {
      const made = randomBytes(9).toString('base64url');
      await fs.writeFile(file, made, { mode: 0o600 });
      return made;
    }
  }
}

/** The demo team, all confirmed, with one password, in one statement. Also used by the browser tests' scaled run. */
export async function seedDemoAccounts(pool: pg.Pool, password: string): Promise<void> {
  const hash = await hashPassword(password);
  const accounts = DEMO_ACCOUNTS.map((account) => ({
    id: randomUUID(),
    email: account.email,
    display_name: account.displayName,
    title_code: account.satLeader ? 'Satellite' : null,
    sat_manager_email: account.satManager ?? null,
    admin: account.admin ?? false,
  }));
  // The foreign keys of profiles and user_roles are checked at the end of the statement, when the users are in.
  await pool.query(
    `WITH account AS (
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS a(id uuid, email text, display_name text, title_code text, sat_manager_email text, admin boolean)
     ), user_added AS (
       INSERT INTO users (id, email, password_hash, email_confirmed_at) SELECT id, email, $2, now() FROM account
     ), profile_added AS (
       INSERT INTO profiles (user_id, email, display_name, title_code, sat_manager_email) SELECT id, email, display_name, title_code, sat_manager_email FROM account
     )
     INSERT INTO user_roles (user_id, role) SELECT id, 'admin' FROM account WHERE admin`,
    [JSON.stringify(accounts), hash],
  );
}
