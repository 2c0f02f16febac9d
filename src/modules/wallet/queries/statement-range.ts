import { tz } from '@date-fns/tz';
import { differenceInCalendarDays } from 'date-fns/differenceInCalendarDays';
import { z } from 'zod';

const MAX_DAYS = 731;
const day = (label: string) =>
  z
    .string({ message: `Enter the ${label} date` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD')
    .refine((value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
    }, 'Not a date on the calendar');

/** ?from=YYYY-MM-DD&to=YYYY-MM-DD: local days, both included, at most two years. */
export const statementRange = z
  .object({ from: day('start'), to: day('end') })
  .refine((r) => r.from <= r.to, { message: 'The start must not be after the end', path: ['to'] })
  .refine((r) => differenceInCalendarDays(r.to, r.from, { in: tz('UTC') }) < MAX_DAYS, { message: `At most ${MAX_DAYS} days in one statement`, path: ['to'] });
