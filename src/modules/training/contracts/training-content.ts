import { z } from 'zod';

import { canonicalLinkAddress, isLinkAddress } from './training-items.js';

/**
 * The shape of a division's training schedule (web/src/content/training/<division>.json) and of
 * the resources page's seed (web/src/content/resources.json). The build refuses a file that does
 * not match (scripts/build.mjs runs dist/src/cli/check-content.js), the unit test loads every file,
 * and the server takes the item ids and the order of the days from the same files.
 */

/** Stable ids: saved progress is keyed by them, so an id never changes once published. */
export const itemId = z.string().regex(/^[a-z0-9][a-z0-9-]{0,79}$/, 'An id is lower-case letters, digits and hyphens (at most 80)');

const text = z.string().trim().min(1);

/** A link's address: http(s), or a path inside the portal. */
export const linkAddress = z
  .string()
  .trim()
  .max(2000, 'The address is at most 2,000 characters')
  .refine((value) => isLinkAddress(value), 'The address must start with http://, https:// or / (a page of the portal)')
  .transform((value) => canonicalLinkAddress(value)!);

/** A link button; a null url is a document not published yet, shown as 'coming soon'. */
export const linkButton = z.strictObject({ label: text, url: linkAddress.nullable() });

export const BLOCK_TYPES = ['training', 'video', 'meeting', 'dialer', 'practice', 'setup', 'admin', 'shadow', 'break'] as const;
export type BlockType = (typeof BLOCK_TYPES)[number];

const block = z.strictObject({
  id: itemId,
  time: text,
  title: text,
  type: z.enum(BLOCK_TYPES),
  content: text,
  buttons: z.array(linkButton).default([]),
});

const line = z.strictObject({ id: itemId, text });

const day = z.strictObject({
  id: itemId,
  number: z.number().int().min(1).max(6),
  title: text,
  notes: z.array(text).default([]),
  blocks: z.array(block).default([]),
  simpleBlocks: z.array(line).default([]),
  checklist: z.array(line).default([]),
  homework: z.array(line).default([]),
  homeworkButtons: z.array(linkButton).default([]),
  /** A free-text homework answer the agent types (saved with their progress). */
  answer: z.strictObject({ id: itemId, label: text }).optional(),
  /** A list of tips shown after the day's sections ('Grow Your Book (Ongoing)'). */
  tips: z.strictObject({ id: itemId, title: text, items: z.array(text).min(1) }).optional(),
});

const week = z.strictObject({
  id: itemId,
  number: z.number().int().min(1).max(8),
  title: text,
  summary: text,
  /** The week's goal banner: cleared-to-close (C2C) or first new business (FNB). */
  goal: z.strictObject({ kind: z.enum(['C2C', 'FNB']), title: text, text }).optional(),
  days: z.array(day).min(1),
});

const leader = z.strictObject({
  name: text,
  role: text,
  phone: z.string().regex(/^\(\d{3}\) \d{3}-\d{4}$/, 'A phone is written (555) 010-0123'),
  email: z.email().optional(),
  note: text.optional(),
});

const tile = z.strictObject({ id: itemId, title: text, description: text, icon: text, url: linkAddress.nullable() });

export const DIVISIONS = ['east-tampa', 'west-tampa', 'south-tampa'] as const;
export type Division = (typeof DIVISIONS)[number];

export const trainingScheduleSchema = z
  .strictObject({
    division: z.enum(DIVISIONS),
    name: text,
    path: z.enum(['/weeks-et', '/weeks-wt', '/weeks-st']),
    intro: text,
    weeks: z.array(week).min(1),
    resources: z.strictObject({
      leaders: z.array(leader).length(3),
      links: z.array(tile).length(11),
    }),
  })
  .superRefine((schedule, ctx) => {
    const seen = new Set<string>();
    for (const id of scheduleItemIds(schedule)) {
      if (seen.has(id)) ctx.addIssue({ code: 'custom', message: `The id ${id} is used twice` });
      seen.add(id);
    }
    schedule.weeks.forEach((w, index) => {
      if (w.number !== index + 1) ctx.addIssue({ code: 'custom', path: ['weeks', index, 'number'], message: 'Weeks are numbered 1, 2, 3… in order' });
      w.days.forEach((d, dayIndex) => {
        if (d.number !== dayIndex + 1)
          ctx.addIssue({ code: 'custom', path: ['weeks', index, 'days', dayIndex, 'number'], message: 'Days are numbered 1 to 6 in order' });
      });
    });
    if (schedule.resources.leaders.filter((l) => l.email).length !== 1) {
      ctx.addIssue({ code: 'custom', path: ['resources', 'leaders'], message: 'Exactly one leader has an e-mail (where the licence goes)' });
    }
  });

export type TrainingSchedule = z.output<typeof trainingScheduleSchema>;
export type TrainingWeek = TrainingSchedule['weeks'][number];
export type TrainingDay = TrainingWeek['days'][number];
export type TrainingBlock = TrainingDay['blocks'][number];
export type LinkButton = z.output<typeof linkButton>;

/** Every id of a schedule: weeks, days, blocks, lines, homework, answer, tips and resource tiles. */
export function scheduleItemIds(schedule: Pick<TrainingSchedule, 'weeks' | 'resources'>): string[] {
  return [
    ...schedule.weeks.flatMap((w) => [
      w.id,
      ...w.days.flatMap((d) => [
        d.id,
        ...d.blocks.map((b) => b.id),
        ...d.simpleBlocks.map((l) => l.id),
        ...d.checklist.map((l) => l.id),
        ...d.homework.map((l) => l.id),
        ...(d.answer ? [d.answer.id] : []),
        ...(d.tips ? [d.tips.id] : []),
      ]),
    ]),
    ...schedule.resources.links.map((l) => l.id),
  ];
}
