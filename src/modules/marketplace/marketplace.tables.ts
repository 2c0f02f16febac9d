/** The tables the marketplace module owns (its write side and the read models of its projections): no other module's SQL names them; others read them through marketplace's contracts/. */
export const MARKETPLACE_TABLES = [
  'rm_campaigns',
  'lead_vendors',
  'intake_leads',
  'lead_contacts',
  'lead_prices',
  'rm_leads',
  'rm_owned_leads',
  'aged_inventory',
  'aged_orders',
  'rm_lead_returns',
  'agent_groups',
  'agent_group_members',
  'rm_campaign_offers',
  'lead_assignments',
  'rm_campaign_returns',
  'returned_lead_closures',
] as const;
