/** GET /api/dashboard: the agent's lead figures. */
export type Dashboard = {
  totalLeads: number;
  thisWeek: number;
  avgCostCents: number;
  assigned: number;
  perDay: { day: string; leads: number; spentCents: number }[];
  byCampaign: { campaignId: string; name: string; leads: number; spentCents: number; costPerLeadCents: number }[];
  returns: { requested: number; approved: number; rate: number };
};

/** The cost-by-campaign chart's height: a bar of 40 px per campaign, at least 120 px. */
export const campaignChartHeight = (campaigns: number) => Math.max(120, campaigns * 40);
