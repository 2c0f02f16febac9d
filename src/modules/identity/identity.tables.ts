/** The tables the identity module owns (its write side and the read models of its projections): no other module's SQL names them; others read them through identity's contracts/. */
export const IDENTITY_TABLES = [
  'users',
  'sessions',
  'email_tokens',
  'profiles',
  'user_roles',
  'user_identities',
  'oidc_sign_in_attempts',
  'approved_emails',
] as const;

/** Identity's read-only views other modules' SQL may name (created by its migrations): joins that sort, search or page by accounts read them. */
export const IDENTITY_PUBLIC_VIEWS = ['user_directory'] as const;
