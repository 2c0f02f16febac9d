export const EMAIL_NOT_ALLOWED_MESSAGE = "This email isn't allowed. Use your company address or an approved email from the list.";

/** With no domains and no approved addresses configured, anyone may sign up. */
export function isEmailAllowed(email: string, allowedDomains: readonly string[], approvedEmails: readonly string[]): boolean {
  if (allowedDomains.length === 0 && approvedEmails.length === 0) return true;
  const domain = email.slice(email.lastIndexOf('@') + 1);
  return allowedDomains.includes(domain) || approvedEmails.includes(email);
}

export type SignUpAllowlist = { readonly allowedDomains: readonly string[]; readonly approvedEmails: readonly string[] };
