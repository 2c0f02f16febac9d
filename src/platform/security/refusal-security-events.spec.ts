import { Controller, Get, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { AllExceptionsFilter } from '../http/all-exceptions.filter.js';
import { ApiError } from '../http/api-error.js';
import { RateLimited } from '../rate-limit/rate-limiter.js';
import { recordedRefusal, type PlatformSecurityEventType, type SecurityEventRecorder } from './security-event-recorder.port.js';

@Controller('api/probe')
class ProbeController {
  @Get('forbidden')
  forbidden() {
    throw new ApiError(403, 'FORBIDDEN', 'Admins only.');
  }

  @Get('unconfirmed')
  unconfirmed() {
    throw recordedRefusal(new ApiError(403, 'EMAIL_NOT_CONFIRMED', 'Email not confirmed.'));
  }

  @Get('limited')
  limited() {
    throw new RateLimited(60);
  }
}

@Module({ controllers: [ProbeController] })
class ProbeModule {}

describe('security events for refusals, through the platform port', () => {
  let app: NestFastifyApplication;
  let base: string;
  const recorded: { type: PlatformSecurityEventType; details: Readonly<Record<string, unknown>> }[] = [];
  const recorder: SecurityEventRecorder = {
    record: async (type, _source, details) => {
      recorded.push({ type, details });
    },
  };

  beforeAll(async () => {
    app = await NestFactory.create<NestFastifyApplication>(ProbeModule, new FastifyAdapter(), { logger: false });
    app.useGlobalFilters(new AllExceptionsFilter(null, recorder));
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}`;
  });
  afterAll(async () => app.close());

  it('records a refusal as unauthorized_access and a rate limit as rate_limit_exceeded', async () => {
    recorded.length = 0;
    expect((await fetch(`${base}/api/probe/forbidden`)).status).toBe(403);
    expect((await fetch(`${base}/api/probe/limited`)).status).toBe(429);
    expect(recorded).toEqual([
      { type: 'unauthorized_access', details: { method: 'GET', path: '/api/probe/forbidden', status: 403 } },
      { type: 'rate_limit_exceeded', details: { method: 'GET', path: '/api/probe/limited', status: 429 } },
    ]);
  });

  it('records nothing more for a refusal whose own event was recorded (a sign-in to an unconfirmed account is a failed_login)', async () => {
    recorded.length = 0;
    const response = await fetch(`${base}/api/probe/unconfirmed`);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: 'EMAIL_NOT_CONFIRMED' });
    expect(recorded).toEqual([]);
  });
});
