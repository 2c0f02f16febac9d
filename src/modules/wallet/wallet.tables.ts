/** The tables the wallet module owns (its write side and the read models of its projections): no other module's SQL names them; others read them through wallet's contracts/. */
export const WALLET_TABLES = [
  'rm_wallet_balances',
  'rm_wallet_holds',
  'rm_wallet_ledger',
  'rm_ledger_accounts',
  'rm_wallet_transfers',
  'rm_card_postings',
  'reconciliation_reports',
  'reconciliation_lines',
] as const;
