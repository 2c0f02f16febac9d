import { api } from '../../lib/api-client';

export const AGENT_ROLES = ['NEWBIE', 'VET', 'FTA', 'FSL', 'SAT'] as const;
export type AgentRole = (typeof AGENT_ROLES)[number];

/** One week's inputs as the server's bonus rules take them: cents, the taken rate as a fraction (0.66 for 66%). */
export type BonusInputs = {
  submittedCents: number;
  issuedCents: number;
  takenRate: number;
  depositCents: number;
  role: AgentRole;
  weeksInProgram: number | null;
  blueReportTrack: '250K' | '200K' | '150K' | null;
  engaged: boolean;
  buyInOnTime: boolean;
  averageIssuedLast13WeeksCents: number | null;
};

export type BonusResult = {
  lionsShare: { eligible: boolean; reasons: string[]; baseCents: number; bonusCents: number; totalCents: number };
  match: {
    eligible: boolean;
    reasons: string[];
    productionMatchLimitCents: number;
    capCents: number | null;
    matchLimitCents: number;
    depositCents: number;
    buyInCents: number;
    netDepositCents: number;
    actualMatchCents: number;
  };
  grandTotalCents: number;
};

/** The bonus calculator (/bonus-calculator and the testing page): the rules run on the server, never here. */
export const calculateBonuses = (inputs: BonusInputs) => api<BonusResult>('POST', '/api/bonuses/calculate', inputs);
