import { describe, expect, it } from 'vitest';

import { TRAINING_CONTENT_FILES, trainingSchedules } from '../services/training-schedules.js';
import { trainingScheduleSchema } from './training-content.js';

describe('the division training schedules', () => {
  for (const [division, file] of Object.entries(TRAINING_CONTENT_FILES)) {
    it(`${division}: matches the schema`, () => {
      const result = trainingScheduleSchema.safeParse(file);
      expect(result.error?.issues ?? []).toEqual([]);
    });
  }

  it('has four weeks in East Tampa and two in West and South, each of six days, with the spec’s figures', () => {
    const schedules = trainingSchedules();
    expect(schedules.get('east-tampa')!.schedule.weeks).toHaveLength(4);
    expect(schedules.get('west-tampa')!.schedule.weeks).toHaveLength(2);
    expect(schedules.get('south-tampa')!.schedule.weeks).toHaveLength(2);
    for (const { schedule } of schedules.values()) {
      for (const week of schedule.weeks) expect(week.days.map((d) => d.number)).toEqual([1, 2, 3, 4, 5, 6]);
      const text = JSON.stringify(schedule);
      expect(text).toContain('15 times');
      expect(text).toContain('200 dials');
      expect(text).toContain('400 leads worked');
      expect(schedule.resources.links.filter((link) => link.url === null).map((link) => link.title)).toEqual(['C2C Checklist', 'FNB Packet']);
    }
    const east = schedules.get('east-tampa')!.schedule;
    expect(east.weeks[2]!.goal?.kind).toBe('C2C');
    expect(east.weeks[3]!.goal?.kind).toBe('FNB');
    expect(east.weeks[2]!.days[4]!.answer?.label).toBe('Scheduled C2C with FSL on');
    expect(east.weeks[3]!.days[5]!.tips).toMatchObject({ title: 'Grow Your Book (Ongoing)' });
    expect(east.weeks[3]!.days[5]!.tips!.items).toHaveLength(10);
  });

  it('refuses a file with a repeated id, a bad block type or a javascript: link', () => {
    type Draft = { weeks: { days: { id: string; blocks: { type: string; buttons: { url: string; label: string }[] }[] }[] }[] };
    const copy = () => structuredClone(TRAINING_CONTENT_FILES['east-tampa']) as Draft;
    const repeated = copy();
    repeated.weeks[0]!.days[1]!.id = repeated.weeks[0]!.days[0]!.id;
    expect(trainingScheduleSchema.safeParse(repeated).error!.issues.map((issue) => issue.message)).toContain('The id et-w1-d1 is used twice');

    const broken = copy();
    broken.weeks[0]!.days[1]!.blocks[0]!.type = 'nap';
    broken.weeks[0]!.days[1]!.blocks[1]!.buttons = [{ url: 'javascript:alert(1)', label: 'x' }];
    const issues = trainingScheduleSchema.safeParse(broken).error!.issues;
    expect(issues.map((issue) => issue.path.join('.'))).toEqual(['weeks.0.days.1.blocks.0.type', 'weeks.0.days.1.blocks.1.buttons.0.url']);
    expect(issues[1]!.message).toBe('The address must start with http://, https:// or / (a page of the portal)');
  });
});
