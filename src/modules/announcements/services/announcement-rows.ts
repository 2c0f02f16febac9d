import { newEvent, type CommandContext } from '../../../platform/event-store/new-event.js';
import { recordInOutbox } from '../../../platform/event-store/outbox.js';
import type { SqlClient } from '../../../platform/persistence/sql.js';
import { announcementStream, type AnnouncementEvent } from '../contracts/announcement.events.js';

/** Records one announcement event through the outbox, in the caller's transaction (the one that changed the row). */
export function recordAnnouncementEvent<TEvent extends AnnouncementEvent>(
  tx: SqlClient,
  type: TEvent['type'],
  data: TEvent['data'],
  context: CommandContext,
): Promise<void> {
  return recordInOutbox(tx, announcementStream(data.announcementId), [newEvent(type, data, context)]);
}

export const isoOrNull = (at: Date | null) => (at ? at.toISOString() : null);
