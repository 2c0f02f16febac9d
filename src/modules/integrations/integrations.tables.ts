/** The tables the integrations module owns (its write side and the read models of its projections): no other module's SQL names them; others read them through integrations's contracts/. */
export const INTEGRATIONS_TABLES = [
  'integration_configs',
  'integration_secrets',
  'lead_deliveries',
  'delivery_attempts',
  'textdrip_connection_requests',
] as const;
