// A second process on the same Redis: it prints every change it hears for one user,
// then publishes one change of its own when told to.
import { createInterface } from 'node:readline';

import { RedisRealtimeHub } from '../../src/platform/realtime/realtime-hub.js';

const [redisUrl, prefix, userId] = process.argv.slice(2) as [string, string, string];
const hub = new RedisRealtimeHub(redisUrl, prefix);
hub.subscribe(userId, (change) => process.stdout.write(`heard ${JSON.stringify(change)}\n`));
await hub.ready;
process.stdout.write('ready\n');
for await (const line of createInterface({ input: process.stdin })) {
  if (line === 'publish') hub.publish([{ userId: 'user-from-child', topic: 'wallet' }]);
  if (line === 'exit') break;
}
await hub.close();
