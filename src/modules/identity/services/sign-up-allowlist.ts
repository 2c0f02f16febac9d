import type pg from 'pg';

import type { SignUpAllowlist } from '../domain/email-allowlist.js';

/** The configured domains and addresses, plus the addresses admins approved. */
export async function loadSignUpAllowlist(db: { query: pg.Pool['query'] }, configured: SignUpAllowlist): Promise<SignUpAllowlist> {
  const { rows } = await db.query<{ email: string }>('SELECT email FROM approved_emails');
  return { allowedDomains: configured.allowedDomains, approvedEmails: [...configured.approvedEmails, ...rows.map((r) => r.email)] };
}
