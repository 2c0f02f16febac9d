/**
 * Where an agent stands in their division's schedule, for their SAT leader's team view.
 *
 * - Started: the calendar day (organisation's zone) of the first item they ticked or answered.
 * - Expected day: the number of training days from that day to today, both counted, Sundays left
 *   out (a schedule week is six days, Monday to Saturday), at most the schedule's length. An
 *   agent who started today is expected on day 1.
 * - Current day: the first day of the schedule, in order, whose Complete box is not ticked.
 * - Behind: the current day comes before the expected day, i.e. a day they should have finished
 *   before today is not complete. Finished: every day complete. Not started: nothing saved yet.
 */
export type Standing = 'not-started' | 'on-track' | 'behind' | 'finished';

export type StandingInput = {
  /** The schedule's day ids, in order. */
  readonly dayIds: readonly string[];
  readonly completed: ReadonlySet<string>;
  /** yyyy-MM-dd, or null when nothing is saved. */
  readonly startedOn: string | null;
  /** yyyy-MM-dd in the same zone. */
  readonly today: string;
};

export type StandingResult = {
  readonly standing: Standing;
  readonly completedDays: number;
  /** 1-based index of the first incomplete day, or null when finished or not started. */
  readonly currentDay: number | null;
  /** 1-based, or null when not started. */
  readonly expectedDay: number | null;
};

const utcDay = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
const DAY_MS = 86_400_000;

/** Training days (Monday to Saturday) from `from` to `to`, both counted; 0 when `to` is before `from`. */
export function trainingDaysBetween(from: string, to: string): number {
  let count = 0;
  for (let at = utcDay(from); at <= utcDay(to); at += DAY_MS) if (new Date(at).getUTCDay() !== 0) count++;
  return count;
}

export function trainingStanding({ dayIds, completed, startedOn, today }: StandingInput): StandingResult {
  const completedDays = dayIds.filter((id) => completed.has(id)).length;
  if (startedOn === null) return { standing: 'not-started', completedDays, currentDay: null, expectedDay: null };
  const expectedDay = Math.min(Math.max(trainingDaysBetween(startedOn, today), 1), dayIds.length);
  const firstOpen = dayIds.findIndex((id) => !completed.has(id));
  if (firstOpen === -1) return { standing: 'finished', completedDays, currentDay: null, expectedDay };
  const currentDay = firstOpen + 1;
  return { standing: currentDay < expectedDay ? 'behind' : 'on-track', completedDays, currentDay, expectedDay };
}
