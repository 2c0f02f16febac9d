import { newEvent, type CommandContext } from '../../../platform/event-store/new-event.js';
import { recordAllInOutbox } from '../../../platform/event-store/outbox.js';
import { lockKey } from '../../../platform/persistence/advisory-lock.js';
import type { SqlClient } from '../../../platform/persistence/sql.js';
import { resourceLinkStream, type ResourceLinkEvent } from '../contracts/resource-links.js';
import type { ResourceLinkFields, ResourceLinkView } from '../contracts/resource-tabs.js';

export const RESOURCE_NOT_FOUND = 'Resource link not found';

/** Records one resource event through the outbox, in the caller's transaction (the one that changed the row). */
export function recordResourceEvent<TEvent extends ResourceLinkEvent>(tx: SqlClient, type: TEvent['type'], data: TEvent['data'], context: CommandContext) {
  return recordResourceEvents<TEvent>(tx, type, [data], context);
}

/** Records one event of a type for each card, each on the card's stream, in one outbox insert. */
export function recordResourceEvents<TEvent extends ResourceLinkEvent>(
  tx: SqlClient,
  type: TEvent['type'],
  data: readonly TEvent['data'][],
  context: CommandContext,
) {
  return recordAllInOutbox(
    tx,
    data.map((one) => ({ streamId: resourceLinkStream(one.resourceId), events: [newEvent(type, one, context)] })),
  );
}

/** Writers of the cards' order take turns: positions are renumbered within a tab. */
export const lockResourceOrder = (tx: SqlClient) => lockKey(tx, 'resource-links', 'order');

export const RESOURCE_COLUMNS = 'id, tab, position, title, description, emoji, action, url, hidden';

/** The next free position at the end of a tab. */
export async function endOfTab(tx: SqlClient, tab: string): Promise<number> {
  const { rows } = await tx.query<{ next: number }>('SELECT coalesce(max(position) + 1, 0)::int AS next FROM resource_links WHERE tab = $1', [tab]);
  return rows[0]!.next;
}

/** The next free position of each tab that has cards (a tab without is 0). */
export async function endsOfTabs(tx: SqlClient): Promise<Map<string, number>> {
  const { rows } = await tx.query<{ tab: string; next: number }>('SELECT tab, max(position)::int + 1 AS next FROM resource_links GROUP BY tab');
  return new Map(rows.map((row) => [row.tab, row.next]));
}

export const fieldsOf = (row: ResourceLinkView): ResourceLinkFields => ({
  tab: row.tab,
  title: row.title,
  description: row.description,
  emoji: row.emoji,
  action: row.action,
  url: row.url,
  hidden: row.hidden,
});
