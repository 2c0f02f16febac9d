import type { BonusInputs } from '../../app/api/bonuses';

/** The calculator's placeholders ($21,500.00 submitted, $17,373.00 issued, 66%, $500.00 deposited) for a vet, engaged and on time. */
const placeholders: BonusInputs = {
  submittedCents: 2_150_000,
  issuedCents: 1_737_300,
  takenRate: 0.66,
  depositCents: 50_000,
  role: 'VET',
  weeksInProgram: null,
  blueReportTrack: null,
  engaged: true,
  buyInOnTime: true,
  averageIssuedLast13WeeksCents: null,
};

export type AgentMatchCase = { readonly name: string; readonly inputs: BonusInputs; readonly expectedCents: number };

/** The agent-match tester's sample expectations (spec section 9: 38850, 150000, 0 and 0 cents), with the weeks that give them (docs/bonus-rules.md). */
export const AGENT_MATCH_CASES: readonly AgentMatchCase[] = [
  { name: 'VET, the calculator placeholders ($500 deposit)', inputs: placeholders, expectedCents: 38_850 },
  {
    name: 'FSL, $200,000 submitted + $50,000 issued, $2,000 deposit (held to the $1,500 cap)',
    inputs: { ...placeholders, role: 'FSL', submittedCents: 20_000_000, issuedCents: 5_000_000, depositCents: 200_000 },
    expectedCents: 150_000,
  },
  { name: 'VET, the placeholders, not engaged', inputs: { ...placeholders, engaged: false }, expectedCents: 0 },
  { name: 'VET, the placeholders, buy-in paid late', inputs: { ...placeholders, buyInOnTime: false }, expectedCents: 0 },
];

/** The pause between two runs of the tester (spec section 9). */
export const PAUSE_BETWEEN_RUNS_MS = 500;
