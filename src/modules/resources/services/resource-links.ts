import { newEvent, type CommandContext } from '../../../platform/event-store/new-event.js';
import { recordInOutbox } from '../../../platform/event-store/outbox.js';
import { lockKey } from '../../../platform/persistence/advisory-lock.js';
import type { SqlClient } from '../../../platform/persistence/sql.js';
import { resourceLinkStream, type ResourceLinkEvent } from '../contracts/resource-links.js';
import type { ResourceLinkFields, ResourceLinkView } from '../contracts/resource-tabs.js';

export const RESOURCE_NOT_FOUND = 'Resource link not found';

/** Records one resource event through the outbox, in the caller's transaction (the one that changed the row). */
export function recordResourceEvent<TEvent extends ResourceLinkEvent>(tx: SqlClient, type: TEvent['type'], data: TEvent['data'], context: CommandContext) {
  return recordInOutbox(tx, resourceLinkStream(data.resourceId), [newEvent(type, data, context)]);
}

/** Writers of the cards' order take turns: positions are renumbered within a tab. */
export const lockResourceOrder = (tx: SqlClient) => lockKey(tx, 'resource-links', 'order');

export const RESOURCE_COLUMNS = 'id, tab, position, title, description, emoji, action, url, hidden';

/** The next free position at the end of a tab. */
export async function endOfTab(tx: SqlClient, tab: string): Promise<number> {
  const { rows } = await tx.query<{ next: number }>('SELECT coalesce(max(position) + 1, 0)::int AS next FROM resource_links WHERE tab = $1', [tab]);
  return rows[0]!.next;
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
