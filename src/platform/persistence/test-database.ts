import pg from 'pg';

let made = 0;

/**
 * Creates a fresh, uniquely named database next to the one `baseUrl` points at; with `template`
 * (the name of a database nobody is connected to, e.g. one migrated once per test run) a copy of
 * it, which takes a tenth of the time of migrating a new one.
 */
export async function createScratchDatabase(baseUrl: string, prefix: string, template?: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${Date.now().toString(36)}_${process.pid}_${made++}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${pg.escapeIdentifier(template)}` : ''}`);
        break;
      } catch (error) {
        // Two copies of one template at the same moment: PostgreSQL refuses the second while the first reads it.
        if (!template || attempt === 20 || !/being accessed by other users/.test(String(error))) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      }
    }
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
