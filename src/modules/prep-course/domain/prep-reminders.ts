import { addDays } from 'date-fns/addDays';
import { format } from 'date-fns/format';
import { parseISO } from 'date-fns/parseISO';

import { courseDayAt } from '../contracts/prep-course-schedule.js';

/** Two days before (Thursday, 8 AM Eastern) and the course morning (Saturday, 6 AM Eastern, two hours before the start). */
export const REMINDER_KINDS = ['two-days-before', 'course-morning'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

export function reminderDueAt(saturday: string, kind: ReminderKind): Date {
  if (kind === 'course-morning') return courseDayAt(saturday, 6);
  return courseDayAt(format(addDays(parseISO(saturday), -2), 'yyyy-MM-dd'), 8);
}

/** The reminders still to come at `now` for a course on `saturday`, with their due times (one already due is not sent late). */
export function remindersAfter(saturday: string, now: Date): { readonly kind: ReminderKind; readonly dueAt: Date }[] {
  return REMINDER_KINDS.map((kind) => ({ kind, dueAt: reminderDueAt(saturday, kind) })).filter(({ dueAt }) => dueAt.getTime() > now.getTime());
}

/** One job (and one mail) per registration, course Saturday and kind: a moved course gets new ones, a repeated schedule none. */
export const reminderJobId = (registrationId: string, saturday: string, kind: ReminderKind) => `prep-reminder--${registrationId}--${saturday}--${kind}`;
