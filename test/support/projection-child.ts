// Runs the audit-log projection in its own process so a test can kill it mid-batch.
// Each batch writes its rows, says "applied", then pauses before the commit.
import { auditLogProjection } from '../../projections/audit/audit-log/audit-log.projection.js';
import { PostgresEventStore } from '../../src/platform/event-store/postgres-event-store.js';
import { createPool } from '../../src/platform/persistence/sql.js';
import { SubscriptionRunner } from '../../src/platform/projections/subscription-runner.js';

const [url, batchSize] = process.argv.slice(2);
const pool = createPool(url!, 4);
const store = new PostgresEventStore(pool);
const slow = {
  ...auditLogProjection,
  async apply(...args: Parameters<typeof auditLogProjection.apply>) {
    await auditLogProjection.apply(...args);
    process.stdout.write(`applied ${args[0].length}\n`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  },
};
const runner = new SubscriptionRunner(store, pool, [slow], { batchSize: Number(batchSize), pollIntervalMs: 50 });
await runner.start();
