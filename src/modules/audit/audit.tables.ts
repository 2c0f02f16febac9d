/** The tables the audit module owns (its write side and the read models of its projections): no other module's SQL names them; others read them through audit's contracts/. */
export const AUDIT_TABLES = ['rm_audit_log'] as const;
