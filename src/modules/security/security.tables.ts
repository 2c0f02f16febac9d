/** The tables the security module owns (its write side and the read models of its projections): no other module's SQL names them; others read them through security's contracts/. */
export const SECURITY_TABLES = ['rm_security_events', 'security_alert_mail_windows', 'security_alert_windows', 'security_alerts'] as const;
