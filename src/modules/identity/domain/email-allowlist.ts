import type pg from 'pg';

export const EMAIL_NOT_ALLOWED_MESSAGE = "This email isn't allowed. Use your company address or an approved email from the list.";

/** With no domains and no approved addresses configured, anyone may sign up. */
export function isEmailAllowed(email: string, allowedDomains: readonly string[], approvedEmails: readonly string[]): boolean {
  if (allowedDomains.length === 0 && approvedEmails.length === 0) return true;
  const domain = email.slice(email.lastIndexOf('@') + 1);
  return allowedDomains.includes(domain) || approvedEmails.includes(email);
}

export type SignUpAllowlist = { readonly allowedDomains: readonly string[]; readonly approvedEmails: readonly string[] };

/** The configured domains and addresses, plus the addresses admins approved. */
export async function loadSignUpAllowlist(db: { query: pg.Pool['query'] }, configured: SignUpAllowlist): Promise<SignUpAllowlist> {
  const { rows } = await db.query<{ email: string }>('SELECT email FROM approved_emails');
  return { allowedDomains: configured.allowedDomains, approvedEmails: [...configured.approvedEmails, ...rows.map((r) => r.email)] };
}
