/**
 * A day or week of a training schedule that a question names ("my first day", "day 3 of week 2",
 * "in week two"), and the one a passage is about (its heading: "East Tampa week 2, day 3: …",
 * "East Tampa Week 2: …"). A question about the first day is not answered by week 2's third day,
 * however many of its words that day has.
 */
export type ScheduleReference = { readonly week?: number; readonly day?: number };

const NUMBER: Readonly<Record<string, number>> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  '1st': 1,
  '2nd': 2,
  '3rd': 3,
  '4th': 4,
  '5th': 5,
  '6th': 6,
};
const COUNT = '(\\d|one|two|three|four|five|six)';
const ORDINAL = '(first|second|third|fourth|fifth|sixth|1st|2nd|3rd|4th|5th|6th)';

const numberOf = (word: string | undefined): number | undefined => (word === undefined ? undefined : (NUMBER[word.toLowerCase()] ?? Number(word)));

/** The day and week a question names; a day without a week is the first week's ("my second day"). Empty when it names neither. */
export function scheduleReferenceOf(question: string): ScheduleReference {
  const week = numberOf(new RegExp(`\\bweek\\s+${COUNT}\\b`, 'i').exec(question)?.[1] ?? new RegExp(`\\b${ORDINAL}\\s+week\\b`, 'i').exec(question)?.[1]);
  const day = numberOf(new RegExp(`\\bday\\s+${COUNT}\\b`, 'i').exec(question)?.[1] ?? new RegExp(`\\b${ORDINAL}\\s+day\\b`, 'i').exec(question)?.[1]);
  if (day !== undefined) return { week: week ?? 1, day };
  return week !== undefined ? { week } : {};
}

/** The day or week a training passage is about, by its heading; empty for any other passage. */
export function passageReferenceOf(heading: string): ScheduleReference {
  const day = /\bweek (\d+), day (\d+)\b/i.exec(heading);
  if (day) return { week: Number(day[1]), day: Number(day[2]) };
  const week = /\bWeek (\d+):/.exec(heading);
  return week ? { week: Number(week[1]) } : {};
}

/** Whether a passage may answer a question by the day and week each names: a passage of another day or week may not; one that names none may. */
export function fitsReference(asked: ScheduleReference, heading: string): boolean {
  const about = passageReferenceOf(heading);
  if (asked.week !== undefined && about.week !== undefined && asked.week !== about.week) return false;
  if (asked.day !== undefined && about.day !== undefined && asked.day !== about.day) return false;
  return true;
}
