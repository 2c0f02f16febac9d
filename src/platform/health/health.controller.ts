import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type pg from 'pg';

import type { PlatformConfig } from '../config/config.js';
import type { EventStore } from '../event-store/event-store.port.js';
import type { JobQueue } from '../jobs/job-queue.port.js';
import { CONFIG, EVENT_STORE, JOB_QUEUE, SQL_POOL } from '../tokens.js';

type Check = 'up' | 'down';
const CHECK_TIMEOUT_MS = 2_000;

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    @Inject(CONFIG) private readonly config: PlatformConfig,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
  ) {}

  @Get('live')
  @ApiOperation({ summary: 'The process is running.' })
  live() {
    return { status: 'ok' };
  }

  @Get('ready')
  @ApiOperation({ summary: 'The database, and Redis and the event store where configured, answer. 503 otherwise.' })
  async ready(@Res({ passthrough: true }) reply: FastifyReply) {
    const checks: Record<string, Check> = { database: await probe(() => this.pool.query('SELECT 1')) };
    checks.eventStore = await probe(() => this.store.ping());
    if (this.config.redisUrl) checks.redis = await probe(() => this.jobs.ping());
    const ok = Object.values(checks).every((c) => c === 'up');
    void reply.status(ok ? 200 : 503);
    return { status: ok ? 'ok' : 'unavailable', checks };
  }
}

async function probe(check: () => Promise<unknown>): Promise<Check> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([check(), new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS)))]);
    return 'up';
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}
