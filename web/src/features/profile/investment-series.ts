import type { TrackerWeek } from './api/bonuses';

/** The Investment Tracker's four series, in the legend's order, with their colours. */
export const INVESTMENT_SERIES: { key: keyof TrackerWeek; name: string; color: string }[] = [
  { key: 'depositedCents', name: 'Deposited', color: '#0f4c81' },
  { key: 'leadSpendCents', name: 'Lead spend', color: '#64748b' },
  { key: 'matchCents', name: 'Match', color: '#059669' },
  { key: 'lionsShareCents', name: "Lion's Share", color: '#b45309' },
];
