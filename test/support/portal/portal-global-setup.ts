import type { TestProject } from 'vitest/node';

import { migrateDatabase } from '../../../src/modules.js';
import { seedDemoAccounts } from '../../../src/modules/identity/demo/demo-accounts.js';
import { createPool } from '../../../src/platform/persistence/sql.js';
import { createScratchDatabase } from '../../../src/platform/persistence/test-database.js';
import { migratedTemplate } from '../migrated-template.js';
import { newRunPrefix, removeKeys, testRedisDbUrl } from '../test-redis.js';
import { assertUnchanged, demoAccountsState } from './demo-accounts-check.js';
import { startPortal, type PortalProcess } from './portal-process.js';

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  export interface ProvidedContext {
    portalUrl: string;
    /** This run's id: what the files of one run share in test-results (the browser suite's axe scans). */
    runId: string;
    demoPassword: string;
  }
}

const DEMO_PASSWORD = 'e2e-demo-password-1';
/** New help requests go to one address, not to every admin the tests make. */
const SUPPORT_EMAIL = 'support@portal.test';

/**
 * One portal for the browser tests, started from the build like `npm start`: the embedded
 * default, or with E2E_PORTAL=scaled the scaled deployment on PostgreSQL + Redis (a scratch
 * database with the demo team seeded, since the scaled portal never seeds one itself).
 * The test portal trusts X-Forwarded-For from loopback, as from a load balancer.
 */
/** Windows a test can wait out: grouped security-alert mails go out 10 s after the first. */
const SHORT_WINDOWS = { SECURITY_ALERT_MAIL_WINDOW_SECONDS: '10' };

export default async function setup(project: TestProject) {
  let portal: PortalProcess;
  let cleanup = async () => {};
  const redisUrl = process.env.REDIS_URL ? testRedisDbUrl(process.env.REDIS_URL) : null;
  const redisPrefix = newRunPrefix();
  // The tests' own portals (own-portal.ts) copy one database migrated once for the run.
  const template = process.env.DATABASE_URL ? await migratedTemplate(process.env.DATABASE_URL) : null;
  project.provide('migratedTemplate', template?.name ?? null);
  if (process.env.E2E_PORTAL === 'scaled') {
    const databaseUrl = process.env.DATABASE_URL;
    if (!databaseUrl || !redisUrl) throw new Error('E2E_PORTAL=scaled needs DATABASE_URL and REDIS_URL');
    const scratch = await createScratchDatabase(databaseUrl, 'portal_e2e');
    await migrateDatabase(scratch.url);
    const pool = createPool(scratch.url, 2);
    await seedDemoAccounts(pool, DEMO_PASSWORD);
    await pool.end();
    portal = await startPortal({
      DATABASE_URL: scratch.url,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: `${redisPrefix}e2e`,
      TRUST_PROXY: 'loopback',
      SUPPORT_EMAIL,
      ...SHORT_WINDOWS,
    });
    cleanup = () => scratch.drop();
  } else {
    portal = await startPortal({ DEMO_PASSWORD, TRUST_PROXY: 'loopback', SUPPORT_EMAIL, ...SHORT_WINDOWS });
  }
  const demoAccountsBefore = await demoAccountsState(portal.url, DEMO_PASSWORD);
  project.provide('portalUrl', portal.url);
  project.provide('runId', `${Date.now().toString(36)}-${process.pid}`);
  project.provide('sharedPids', [portal.pid]);
  project.provide('demoPassword', DEMO_PASSWORD);
  project.provide('redisUrl', redisUrl);
  project.provide('redisPrefix', redisPrefix);
  return async () => {
    // Tests use fresh accounts: the seeded demo team must come out of the run as it went in.
    try {
      assertUnchanged(demoAccountsBefore, await demoAccountsState(portal.url, DEMO_PASSWORD));
    } catch (error) {
      // vitest reports an error thrown here but still exits 0: fail the run ourselves.
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    } finally {
      await portal.stop();
      await cleanup();
      await template?.drop();
      if (redisUrl) await removeKeys(redisUrl, redisPrefix);
    }
  };
}
