import 'reflect-metadata';

import { NestFactory } from '@nestjs/core';

import { loadConfig } from './app-config.js';
import { AppModule } from './app.module.js';
import { MODULE_LOG_REDACTIONS } from './modules.js';
import { ConfigError } from './platform/config/config.js';
import { createRootLogger, PinoNestLogger } from './platform/logging/logging.js';

/**
 * The background process of the scaled deployment: projections, the event → job
 * dispatcher and the job workers, without HTTP. Run as many as needed; subscribers
 * coordinate through their checkpoint rows, BullMQ through Redis.
 */
async function main(): Promise<void> {
  const config = { ...loadConfig(), runWorkers: true };
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(config), {
    logger: new PinoNestLogger(createRootLogger(config.logLevel, MODULE_LOG_REDACTIONS)),
  });
  app.enableShutdownHooks();
  await app.init();
  process.stdout.write(`Worker running (jobs on ${config.redisUrl ? 'Redis' : 'the database'})\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(error instanceof ConfigError ? `${error.message}\n` : `The worker could not start: ${String(error)}\n`);
  process.exit(1);
});
