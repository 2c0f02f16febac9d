import {
  LEADER_ROLES,
  type AgentRole,
  type BlueReportTrack,
  type BonusInputs,
  type BonusResult,
  type LionsShareResult,
  type MatchResult,
} from '../contracts/bonus-inputs.js';

/*
 * The weekly bonus rules (docs/bonus-rules.md says which spec sentence each rests on). Inputs are
 * assumed parsed by bonusInputsSchema. Amounts are integer cents; the taken rate is counted in
 * millionths and the roundings are done in BigInt, so a half cent is always rounded up and never
 * lost to floating point.
 */

/** The Lead Investment Program buy-in each role pays before its deposit is matched. */
export const BUY_IN_CENTS: Readonly<Record<AgentRole, number>> = { NEWBIE: 0, VET: 5_000, FTA: 20_000, FSL: 40_000, SAT: 60_000 };

/** The leaders' matching caps; the other roles have none of their own. */
export const ROLE_CAP_CENTS: Readonly<Partial<Record<AgentRole, number>>> = { FTA: 100_000, FSL: 150_000, SAT: 200_000 };

/** A newbie's matching cap in their first NEWBIE_CAP_WEEKS weeks, by blue-report track. */
export const NEWBIE_TRACK_CAP_CENTS: Readonly<Record<NonNullable<BlueReportTrack>, number>> = { '250K': 100_000, '200K': 75_000, '150K': 50_000 };
export const NEWBIE_CAP_WEEKS = 13;
/** Newbies this many weeks in or fewer are matched whatever their taken rate. */
export const NEWBIE_TAKEN_RATE_WEEKS = 26;

export const CLOSERS_CLUB_AVERAGE_ISSUED_CENTS = 2_000_000;
export const CLOSERS_CLUB_CAP_CENTS = 150_000;

/** Lion's Share base: both kinds of production, submitted only, issued only. */
export const BASE_CENTS = { both: 20_000, submittedOnly: 10_000, issuedOnly: 7_500 } as const;

const RATE_SCALE = 1_000_000;
export const TAKEN_RATE_THRESHOLD = 0.55;
const THRESHOLD_MILLIONTHS = TAKEN_RATE_THRESHOLD * RATE_SCALE;

export const NOT_ENGAGED = 'Not engaged';
export const BUY_IN_LATE = 'Buy-in not paid on time';

export function weeklyBonus(inputs: BonusInputs): BonusResult {
  const lionsShareResult = lionsShare(inputs);
  const match = matching(inputs);
  return { lionsShare: lionsShareResult, match, grandTotalCents: lionsShareResult.totalCents + match.actualMatchCents };
}

/** Base plus a bonus of 1% of the week's production times the taken rate; leaders need a 55% taken rate. */
export function lionsShare(inputs: BonusInputs): LionsShareResult {
  const reasons = [...attendanceReasons(inputs)];
  if (isLeader(inputs.role) && !meetsTakenRate(inputs)) reasons.push(takenRateReason(inputs.takenRate));
  if (reasons.length > 0) return { eligible: false, reasons, baseCents: 0, bonusCents: 0, totalCents: 0 };
  const baseCents = lionsShareBaseCents(inputs);
  const bonusCents = roundHalfUp(productionCents(inputs) * BigInt(rateMillionths(inputs.takenRate)), 100n * BigInt(RATE_SCALE));
  return { eligible: true, reasons, baseCents, bonusCents, totalCents: baseCents + bonusCents };
}

/** The deposit beyond the role's buy-in, matched up to 1% of production and the role's or status's cap. */
export function matching(inputs: BonusInputs): MatchResult {
  const reasons = [...attendanceReasons(inputs)];
  if (needsTakenRateForMatching(inputs) && !meetsTakenRate(inputs)) reasons.push(takenRateReason(inputs.takenRate));
  const productionMatchLimitCents = roundHalfUp(productionCents(inputs), 5_000n) * 50;
  const capCents = matchCapCents(inputs);
  const matchLimitCents = capCents === null ? productionMatchLimitCents : Math.min(productionMatchLimitCents, capCents);
  const buyInCents = BUY_IN_CENTS[inputs.role];
  const netDepositCents = Math.max(0, inputs.depositCents - buyInCents);
  const eligible = reasons.length === 0;
  return {
    eligible,
    reasons,
    productionMatchLimitCents,
    capCents,
    matchLimitCents,
    depositCents: inputs.depositCents,
    buyInCents,
    netDepositCents,
    actualMatchCents: eligible ? Math.min(matchLimitCents, netDepositCents) : 0,
  };
}

function attendanceReasons({ engaged, buyInOnTime }: BonusInputs): string[] {
  return [...(engaged ? [] : [NOT_ENGAGED]), ...(buyInOnTime ? [] : [BUY_IN_LATE])];
}

const isLeader = (role: AgentRole) => LEADER_ROLES.includes(role);

const meetsTakenRate = ({ takenRate }: BonusInputs) => rateMillionths(takenRate) >= THRESHOLD_MILLIONTHS;

/** Leaders are matched under 55%, and so are newbies in their first 26 weeks; the others need 55%. */
const needsTakenRateForMatching = (inputs: BonusInputs) => !isLeader(inputs.role) && !isNewbieWithin(inputs, NEWBIE_TAKEN_RATE_WEEKS);

/** A newbie known to be at most `weeks` weeks in; one whose weeks are not known is not. */
const isNewbieWithin = ({ role, weeksInProgram }: BonusInputs, weeks: number) => role === 'NEWBIE' && weeksInProgram !== null && weeksInProgram <= weeks;

/** 'Taken Rate below 55% (54.9%)': the rate cut (not rounded) to a tenth of a percent, so it never reads 55%. */
export function takenRateReason(takenRate: number): string {
  const tenths = Math.floor(rateMillionths(takenRate) / 1_000);
  const percent = tenths % 10 === 0 ? `${tenths / 10}` : `${Math.floor(tenths / 10)}.${tenths % 10}`;
  return `Taken Rate below 55% (${percent}%)`;
}

function lionsShareBaseCents({ submittedCents, issuedCents }: BonusInputs): number {
  if (submittedCents > 0 && issuedCents > 0) return BASE_CENTS.both;
  if (submittedCents > 0) return BASE_CENTS.submittedOnly;
  if (issuedCents > 0) return BASE_CENTS.issuedOnly;
  return 0;
}

/** The role's cap, or a newbie's track cap in their first 13 weeks; the Closers Club lifts it to $1,500. No cap stays none. */
function matchCapCents(inputs: BonusInputs): number | null {
  const trackCap = inputs.blueReportTrack !== null && isNewbieWithin(inputs, NEWBIE_CAP_WEEKS) ? NEWBIE_TRACK_CAP_CENTS[inputs.blueReportTrack] : null;
  const ownCap = ROLE_CAP_CENTS[inputs.role] ?? trackCap;
  if (ownCap === null || !inClosersClub(inputs)) return ownCap;
  return Math.max(CLOSERS_CLUB_CAP_CENTS, ownCap);
}

const inClosersClub = ({ engaged, averageIssuedLast13WeeksCents }: BonusInputs) =>
  engaged && averageIssuedLast13WeeksCents !== null && averageIssuedLast13WeeksCents >= CLOSERS_CLUB_AVERAGE_ISSUED_CENTS;

/** Submitted plus issued, which may pass Number.MAX_SAFE_INTEGER before it is divided. */
const productionCents = ({ submittedCents, issuedCents }: BonusInputs) => BigInt(submittedCents) + BigInt(issuedCents);

const rateMillionths = (rate: number) => Math.round(rate * RATE_SCALE);

/** numerator / denominator to the nearest whole number, a half going up (both non-negative). */
const roundHalfUp = (numerator: bigint, denominator: bigint) => Number((2n * numerator + denominator) / (2n * denominator));
