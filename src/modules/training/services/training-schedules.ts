import eastTampa from '../../../../web/src/content/training/east-tampa.json' with { type: 'json' };
import southTampa from '../../../../web/src/content/training/south-tampa.json' with { type: 'json' };
import westTampa from '../../../../web/src/content/training/west-tampa.json' with { type: 'json' };
import type { ChecklistDay } from '../contracts/training-checklist.js';
import { trainingScheduleSchema, type Division, type TrainingSchedule } from '../contracts/training-content.js';
import { dayPartIds } from '../contracts/training-items.js';

/** The division schedules' data files as written (the build and the unit test check them against the schema). */
export const TRAINING_CONTENT_FILES: Readonly<Record<Division, unknown>> = { 'east-tampa': eastTampa, 'west-tampa': westTampa, 'south-tampa': southTampa };

/** One division's days in order, with what the server needs of them: which items a day is made of. */
export type ScheduleIndex = {
  readonly schedule: TrainingSchedule;
  /** Every day, in schedule order, with its week. */
  readonly days: readonly (ChecklistDay & { readonly week: number; readonly number: number; readonly title: string })[];
  /** The day each tickable item (a day or one of its parts) belongs to. */
  readonly dayOfItem: ReadonlyMap<string, ChecklistDay>;
  /** The free-text answers' ids. */
  readonly answerIds: ReadonlySet<string>;
};

function indexOf(schedule: TrainingSchedule): ScheduleIndex {
  const days = schedule.weeks.flatMap((week) =>
    week.days.map((day) => ({ dayId: day.id, partIds: dayPartIds(day), week: week.number, number: day.number, title: day.title })),
  );
  const dayOfItem = new Map<string, ChecklistDay>();
  for (const day of days) for (const id of [day.dayId, ...day.partIds]) dayOfItem.set(id, day);
  const answerIds = new Set(schedule.weeks.flatMap((week) => week.days.flatMap((day) => (day.answer ? [day.answer.id] : []))));
  return { schedule, days, dayOfItem, answerIds };
}

let parsed: ReadonlyMap<Division, ScheduleIndex> | null = null;

/** The three schedules, parsed once. */
export function trainingSchedules(): ReadonlyMap<Division, ScheduleIndex> {
  parsed ??= new Map(
    Object.entries(TRAINING_CONTENT_FILES).map(([division, file]) => [division as Division, indexOf(trainingScheduleSchema.parse(file))] as const),
  );
  return parsed;
}
