import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { changedItems, setDay, setItem, setPart, toggleExpanded, type ChecklistDay } from './training-checklist.js';

const dayArb: fc.Arbitrary<ChecklistDay> = fc
  .uniqueArray(fc.stringMatching(/^[a-z]{1,6}$/), { minLength: 1, maxLength: 8 })
  .map((parts) => ({ dayId: 'day', partIds: parts.map((p) => `p-${p}`) }));

/** A day with some of its parts (and maybe the day) ticked, as any sequence of clicks can leave it. */
const dayAndTicks = dayArb.chain((day) =>
  fc
    .tuple(fc.subarray([...day.partIds]), fc.boolean())
    .map(([parts, dayTicked]) => ({ day, ticks: new Set([...parts, ...(dayTicked ? [day.dayId] : [])]) as ReadonlySet<string> })),
);

describe('the training checklist rules', () => {
  it('ticks the day once every part is ticked, in any order', () => {
    fc.assert(
      fc.property(
        dayArb.chain((day) => fc.shuffledSubarray([...day.partIds], { minLength: day.partIds.length }).map((order) => ({ day, order }))),
        ({ day, order }) => {
          let ticks: ReadonlySet<string> = new Set();
          order.forEach((partId, index) => {
            ticks = setPart(day, ticks, partId, true);
            expect(ticks.has(day.dayId)).toBe(index === order.length - 1);
          });
        },
      ),
    );
  });

  it('unticks a ticked day when any of its parts is unticked, and leaves the other parts', () => {
    fc.assert(
      fc.property(
        dayAndTicks.chain(({ day, ticks }) => fc.constantFrom(...day.partIds).map((partId) => ({ day, ticks, partId }))),
        ({ day, ticks, partId }) => {
          const after = setPart(day, new Set([...ticks, day.dayId]), partId, false);
          expect(after.has(day.dayId)).toBe(false);
          expect(after.has(partId)).toBe(false);
          for (const other of day.partIds) if (other !== partId) expect(after.has(other)).toBe(ticks.has(other));
        },
      ),
    );
  });

  it('ticking or unticking the day changes none of its parts', () => {
    fc.assert(
      fc.property(dayAndTicks, fc.boolean(), ({ day, ticks }, checked) => {
        const after = setDay(day, ticks, checked);
        expect(after.has(day.dayId)).toBe(checked);
        for (const part of day.partIds) expect(after.has(part)).toBe(ticks.has(part));
        expect(setItem(day, ticks, day.dayId, checked)).toEqual(after);
      }),
    );
  });

  it('ticking a part of an incomplete day leaves the day unticked unless it was the last one', () => {
    fc.assert(
      fc.property(
        dayAndTicks.chain(({ day, ticks }) => fc.constantFrom(...day.partIds).map((partId) => ({ day, ticks, partId }))),
        ({ day, ticks, partId }) => {
          const after = setPart(day, ticks, partId, true);
          const allTicked = day.partIds.every((id) => after.has(id));
          expect(after.has(day.dayId)).toBe(allTicked || ticks.has(day.dayId));
        },
      ),
    );
  });

  it('a repeated tick changes nothing, and changedItems lists exactly the difference', () => {
    fc.assert(
      fc.property(
        dayAndTicks.chain(({ day, ticks }) => fc.tuple(fc.constantFrom(day.dayId, ...day.partIds), fc.boolean()).map(([id, c]) => ({ day, ticks, id, c }))),
        ({ day, ticks, id, c }) => {
          const once = setItem(day, ticks, id, c);
          expect(setItem(day, once, id, c)).toEqual(once);
          const changes = changedItems(ticks, once);
          const replayed = new Set(ticks);
          for (const change of changes) {
            if (change.checked) replayed.add(change.itemId);
            else replayed.delete(change.itemId);
          }
          expect(replayed).toEqual(once);
        },
      ),
    );
  });

  it('refuses a part that is not the day’s', () => {
    expect(() => setPart({ dayId: 'd', partIds: ['a'] }, new Set(), 'b', true)).toThrow('b is not a part of d');
  });

  it('toggles a block open and closed on each click', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string()), fc.string(), fc.nat(6), (open, id, clicks) => {
        let expanded: ReadonlySet<string> = new Set(open);
        for (let n = 0; n < clicks; n++) expanded = toggleExpanded(expanded, id);
        expect(expanded.has(id)).toBe(clicks % 2 === 0 ? open.includes(id) : !open.includes(id));
      }),
    );
  });
});
