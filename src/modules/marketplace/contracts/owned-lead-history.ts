/** One of an agent's bought leads as a help request shows it: who, the sale, and its return if one was asked for. */
export type OwnedLeadHistory = {
  readonly leadId: string;
  readonly name: string;
  readonly phone: string;
  readonly email: string | null;
  readonly state: string;
  readonly source: string;
  readonly tier: string;
  readonly campaignName: string | null;
  readonly priceCents: number;
  readonly boughtAt: string;
  readonly leadReturn: {
    readonly returnId: string;
    readonly status: 'pending' | 'approved' | 'denied';
    readonly reason: string;
    readonly comment: string;
    readonly denyReason: string | null;
    readonly requestedAt: string;
    readonly reviewedAt: string | null;
  } | null;
};
