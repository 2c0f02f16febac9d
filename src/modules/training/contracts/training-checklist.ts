/**
 * The training checklist's rules (spec section 4), the same in the page and on the server:
 * ticking every part of a day (its blocks, simple lines and checklist lines) ticks the day's
 * Complete box; unticking a part while the day is ticked unticks the day; ticking or unticking
 * the day itself changes none of its parts. Ticks are the set of ticked item ids.
 */
export type ChecklistDay = { readonly dayId: string; readonly partIds: readonly string[] };

export type Ticks = ReadonlySet<string>;

/** The ticks after a part of `day` is ticked (`checked`) or unticked. */
export function setPart(day: ChecklistDay, ticks: Ticks, partId: string, checked: boolean): Ticks {
  if (!day.partIds.includes(partId)) throw new Error(`${partId} is not a part of ${day.dayId}`);
  const next = new Set(ticks);
  if (checked) {
    next.add(partId);
    if (day.partIds.every((id) => next.has(id))) next.add(day.dayId);
  } else {
    next.delete(partId);
    next.delete(day.dayId);
  }
  return next;
}

/** The ticks after the day's own Complete box is ticked or unticked: its parts stay as they are. */
export function setDay(day: ChecklistDay, ticks: Ticks, checked: boolean): Ticks {
  const next = new Set(ticks);
  if (checked) next.add(day.dayId);
  else next.delete(day.dayId);
  return next;
}

/** A tick of a day's item (the day itself or one of its parts). */
export function setItem(day: ChecklistDay, ticks: Ticks, itemId: string, checked: boolean): Ticks {
  return itemId === day.dayId ? setDay(day, ticks, checked) : setPart(day, ticks, itemId, checked);
}

/** The expanded blocks after a click on one: it opens when closed and closes when open. */
export function toggleExpanded(expanded: ReadonlySet<string>, blockId: string): ReadonlySet<string> {
  const next = new Set(expanded);
  if (next.has(blockId)) next.delete(blockId);
  else next.add(blockId);
  return next;
}

/** Which items changed between two tick sets, as the server stores them. */
export function changedItems(before: Ticks, after: Ticks): { itemId: string; checked: boolean }[] {
  const changes: { itemId: string; checked: boolean }[] = [];
  for (const id of after) if (!before.has(id)) changes.push({ itemId: id, checked: true });
  for (const id of before) if (!after.has(id)) changes.push({ itemId: id, checked: false });
  return changes;
}
