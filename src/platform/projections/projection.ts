import type { RecordedEvent } from '../event-store/event-store.port.js';
import type { SqlClient } from '../persistence/sql.js';

/** A read model changed for this user: browsers of that user are told to refetch `topic`. */
export type ReadModelChange = { readonly userId: string; readonly topic: string };

/** The event types a subscriber reads; '*' for all of them. */
export type EventTypeFilter = readonly string[] | '*';

/**
 * Turns events into rows. `apply` runs inside the transaction that also moves the
 * checkpoint, so rows and checkpoint are committed together or not at all.
 */
export type Projection = {
  readonly name: string;
  readonly eventTypes: EventTypeFilter;
  /** Empties the read model's tables, for a rebuild. */
  reset(tx: SqlClient): Promise<void>;
  /** Tables whose secondary indexes a rebuild drops first and builds once the rows are in (a large read model). */
  readonly rebuildTables?: readonly string[];
  apply(events: readonly RecordedEvent[], tx: SqlClient): Promise<readonly ReadModelChange[] | void>;
};
