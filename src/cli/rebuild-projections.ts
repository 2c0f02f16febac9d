// npm run projections:rebuild [name ...]: empties read models and replays every event into them.
import { loadConfig } from '../app-config.js';
import { MIGRATIONS } from '../modules.js';
import { openInfrastructure } from '../platform/infrastructure.js';
import { SubscriptionRunner } from '../platform/projections/subscription-runner.js';
import { APP_PROJECTIONS } from '../read-models.js';

const requested = process.argv.slice(2);
const known = APP_PROJECTIONS.map((p) => p.name);
const unknown = requested.filter((name) => !known.includes(name));
if (unknown.length > 0) {
  process.stderr.write(`Unknown read model: ${unknown.join(', ')}. Known: ${known.join(', ')}\n`);
  process.exit(2);
}

const infrastructure = await openInfrastructure(loadConfig(), MIGRATIONS, (line) => process.stdout.write(`Database: ${line}\n`)).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
try {
  // A rebuild reads 5,000 events at a time: fewer statements per event than the live batches of 500.
  const runner = new SubscriptionRunner(infrastructure.store, infrastructure.pool, APP_PROJECTIONS, { batchSize: 5_000 });
  for (const name of requested.length > 0 ? requested : known) {
    const started = performance.now();
    const events = await runner.rebuild(name);
    const seconds = (performance.now() - started) / 1000;
    process.stdout.write(`${name}: rebuilt from ${events} events in ${seconds.toFixed(2)} s\n`);
  }
} finally {
  await infrastructure.close();
}
