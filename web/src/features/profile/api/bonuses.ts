import { api } from '../../../lib/api-client';

export type WeekFigures = {
  submittedCents: number;
  issuedCents: number;
  baseBonusAmountCents: number;
  dataLeadsMatchLimitCents: number;
  madeLipDeposit: boolean;
  currentlyEngaged: boolean;
};

export type WeekPerformance = {
  /** The bonus week's Monday (YYYY-MM-DD, New York). */
  week: string;
  agentNumber: string | null;
  serviceConfigured: boolean;
  pollMinutes: number;
  figures: WeekFigures;
  hasFigures: boolean;
  figuresAt: string | null;
  failure: string | null;
  failingSince: string | null;
};

export type TrackerWeek = {
  week: string;
  depositedCents: number;
  leadSpendCents: number;
  matchCents: number;
  lionsShareCents: number;
  bonusPaidCents: number;
  bonusCreditedCents: number;
};

export type InvestmentTracker = {
  weeks: TrackerWeek[];
  totals: { depositedCents: number; leadSpendCents: number; matchCents: number; lionsShareCents: number; bonusPaidCents: number };
};

export const fetchWeekPerformance = () => api<WeekPerformance>('GET', '/api/bonuses/week-performance');
export const fetchInvestmentTracker = () => api<InvestmentTracker>('GET', '/api/bonuses/investment-tracker');
