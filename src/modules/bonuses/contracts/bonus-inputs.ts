import { z } from 'zod';

/** The commission roles the weekly bonus rules know. */
export const AGENT_ROLES = ['NEWBIE', 'VET', 'FTA', 'FSL', 'SAT'] as const;
export type AgentRole = (typeof AGENT_ROLES)[number];

/** The leaders, who need a 55% taken rate for Lion's Share. */
export const LEADER_ROLES: readonly AgentRole[] = ['FTA', 'FSL', 'SAT'];

/** A newbie's blue-report track, which sets their matching cap in their first 13 weeks. */
export const BLUE_REPORT_TRACKS = ['250K', '200K', '150K'] as const;
export type BlueReportTrack = (typeof BLUE_REPORT_TRACKS)[number] | null;

/** About ten years of weeks: more is a typing slip. */
export const MAX_WEEKS_IN_PROGRAM = 520;

const cents = (what: string) =>
  z
    .number({ message: `${what} must be a number of cents` })
    .int(`${what} must be a whole number of cents`)
    .min(0, `${what} cannot be negative`)
    .max(Number.MAX_SAFE_INTEGER, `${what} is too large`);

/** One agent's week as the bonus rules read it; amounts in cents, the taken rate as a fraction (0.66 for 66%). */
export const bonusInputsSchema = z
  .object({
    submittedCents: cents('Submitted AV'),
    issuedCents: cents('Issued AV'),
    takenRate: z
      .number({ message: 'Taken rate must be a number' })
      .min(0, 'Taken rate must be between 0 and 1 (0.66 for 66%)')
      .max(1, 'Taken rate must be between 0 and 1 (0.66 for 66%)'),
    /** The week's whole Lead Investment Program (InQuery) deposit, the buy-in included. */
    depositCents: cents('Total InQuery deposit'),
    role: z.enum(AGENT_ROLES, { message: `Role must be one of ${AGENT_ROLES.join(', ')}` }),
    /** Read for a NEWBIE only; null when not known. */
    weeksInProgram: z
      .number({ message: 'Weeks in program must be a number' })
      .int('Weeks in program must be a whole number')
      .min(0, 'Weeks in program cannot be negative')
      .max(MAX_WEEKS_IN_PROGRAM, `Weeks in program is at most ${MAX_WEEKS_IN_PROGRAM}`)
      .nullable(),
    blueReportTrack: z.enum(BLUE_REPORT_TRACKS, { message: `Blue report track must be one of ${BLUE_REPORT_TRACKS.join(', ')}, or none` }).nullable(),
    engaged: z.boolean({ message: 'Engaged must be true or false' }),
    buyInOnTime: z.boolean({ message: 'Buy-in on time must be true or false' }),
    /** For the Closers Club; null when not known. */
    averageIssuedLast13WeeksCents: cents('Average issued AV over the last 13 weeks').nullable(),
  })
  .readonly();

export type BonusInputs = z.infer<typeof bonusInputsSchema>;

/** What is paid as Lion's Share, and why not when it is not. */
export type LionsShareResult = {
  readonly eligible: boolean;
  readonly reasons: readonly string[];
  readonly baseCents: number;
  readonly bonusCents: number;
  readonly totalCents: number;
};

/** The week's matching: the figures that limit it, and what is paid. */
export type MatchResult = {
  readonly eligible: boolean;
  readonly reasons: readonly string[];
  readonly productionMatchLimitCents: number;
  /** The role's or status's cap; null when none applies. */
  readonly capCents: number | null;
  readonly matchLimitCents: number;
  readonly depositCents: number;
  readonly buyInCents: number;
  readonly netDepositCents: number;
  readonly actualMatchCents: number;
};

export type BonusResult = {
  readonly lionsShare: LionsShareResult;
  readonly match: MatchResult;
  readonly grandTotalCents: number;
};
