// Only what reads the settings and opens the database is imported before main() runs.
import { loadConfig } from './app-config.js';
import { ConfigError } from './platform/config/config.js';
import { startOpeningDatabase } from './platform/persistence/database.js';
import { DataDirInUseError } from './platform/persistence/embedded-postgres.js';

async function main(): Promise<void> {
  const config = loadConfig();
  // The database opens while the app's code loads: the embedded one on its own thread
  // (embedded-postgres.worker.ts), so the two use both cores.
  const openingDatabase = startOpeningDatabase(config);
  const [{ createApp }, { DemoAccessCode }, { DemoAccountsService }, { DATABASE_START_MEASURE }] = await Promise.all([
    import('./create-app.js'),
    import('./modules/access/demo-access-code.js'),
    import('./modules/identity/demo/demo-accounts.js'),
    import('./platform/infrastructure.js'),
  ]);
  // performance.now() counts from process start: this far is Node starting and loading the code.
  const codeLoaded = performance.now();
  const app = await createApp(config, openingDatabase);
  const appCreated = performance.now();
  await app.listen({ port: config.port, host: config.host });
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  // The address it answers on: a wildcard host answers on every address, localhost among them.
  const host = ['0.0.0.0', '::'].includes(config.host) ? 'localhost' : config.host.includes(':') ? `[${config.host}]` : config.host;
  const local = `http://${host}:${port}`;
  const demo = [app.get(DemoAccountsService).summary, app.get(DemoAccessCode).summary].filter(Boolean).join('\n');
  const first = await fetch(`http://127.0.0.1:${port}/`).catch(() => null);
  const answered = performance.now();
  const database = performance.getEntriesByName(DATABASE_START_MEASURE)[0]?.duration ?? 0;
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const startUp =
    `Start-up took ${s(answered)} to the first response: Node and the code ${s(codeLoaded)}, ` +
    `the database ${s(database)} (opened while the code loaded, migrations checked), the rest of the app ${s(appCreated - codeLoaded)}, ` +
    `listening and the first answer ${s(answered - appCreated)}`;
  process.stdout.write(
    `\nAgent Portal is running at ${local}` +
      (config.databaseUrl ? '' : ` (embedded database in ${config.dataDir})`) +
      (config.publicUrlSet ? `\nUsers reach it at ${config.publicUrl} (PUBLIC_URL: the address in mailed links)` : '') +
      (config.envFile ? `\nSettings read from ${config.envFile} (variables set in the environment win)` : '') +
      `\nAPI description at ${local}/api/docs, OpenAPI JSON at ${local}/api/docs/openapi.json` +
      `\nFirst response from / : ${first?.status ?? 'none'}. ${startUp}\n` +
      (demo ? `\n${demo}\n` : '') +
      '\n',
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\nSee .env.example for every variable and what it expects.\n`);
  } else if (error instanceof DataDirInUseError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`The portal could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  }
  process.exit(1);
});
