/** The tables the payments module owns (its write side and the read models of its projections): no other module's SQL names them; others read them through payments's contracts/. */
export const PAYMENTS_TABLES = [
  'payment_webhook_events',
  'demo_pay_settings',
  'demo_pay_cards',
  'demo_pay_payments',
  'demo_pay_sessions',
  'demo_pay_refunds',
  'demo_pay_disputes',
  'stripe_customers',
] as const;
