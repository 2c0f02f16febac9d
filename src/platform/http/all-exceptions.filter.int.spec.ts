import { Body, Controller, Get, Module, Post, Query } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import { testDatabases } from '../../../test/support/test-databases.js';
import { DomainError } from '../domain/domain-error.js';
import { VersionConflictError } from '../event-store/event-store.port.js';
import { requestIdFor } from '../logging/logging.js';
import { createPool } from '../persistence/sql.js';
import { AllExceptionsFilter } from './all-exceptions.filter.js';
import { validate } from './validate.js';

const depositSchema = z.object({
  amountCents: z
    .number({ message: 'Amount must be a number' })
    .int()
    .min(500, 'Amount must be between $5 and $5,000')
    .max(500_000, 'Amount must be between $5 and $5,000'),
  idempotencyKey: z.string().min(1, 'An idempotency key is required'),
});

@Controller('api/probe')
class ProbeController {
  @Post('deposit')
  deposit(@Body() body: unknown) {
    return validate(depositSchema, body);
  }

  @Get('conflict')
  conflict() {
    throw new VersionConflictError('wallet-1', 3n, 4n);
  }

  @Get('rule')
  rule() {
    throw new DomainError('INSUFFICIENT_BALANCE', "You don't have enough balance for this purchase", 422);
  }

  @Get('crash')
  crash() {
    throw new Error('connection string postgres://secret@db leaked?');
  }
}

let pool: pg.Pool | null = null;

@Controller('api/probe/sql')
class SqlProbeController {
  /** Hands the value to PostgreSQL as it came, without validation: the last line of defence. */
  @Get()
  async cast(@Query('value') value: string, @Query('as') type: 'text' | 'uuid') {
    const { rows } = await pool!.query(`SELECT $1::${type === 'uuid' ? 'uuid' : 'text'} AS value`, [value]);
    return rows[0];
  }
}

@Module({ controllers: [ProbeController, SqlProbeController] })
class ProbeModule {}

describe('HTTP error shape', () => {
  let app: NestFastifyApplication;
  let base: string;

  beforeAll(async () => {
    app = await NestFactory.create<NestFastifyApplication>(ProbeModule, new FastifyAdapter({ genReqId: requestIdFor }), { logger: false });
    app.useGlobalFilters(new AllExceptionsFilter(null));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.getHttpServer().address() as { port: number };
    base = `http://127.0.0.1:${address.port}`;
  });
  afterAll(async () => app.close());

  const post = (path: string, body: string) => fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

  it('answers bad input with 400 naming each field', async () => {
    const response = await post('/api/probe/deposit', JSON.stringify({ amountCents: 100 }));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      fieldErrors: [
        { field: 'amountCents', message: 'Amount must be between $5 and $5,000' },
        { field: 'idempotencyKey', message: expect.any(String) },
      ],
    });
  });

  it('passes valid input through', async () => {
    const response = await post('/api/probe/deposit', JSON.stringify({ amountCents: 2500, idempotencyKey: 'k1' }));
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ amountCents: 2500, idempotencyKey: 'k1' });
  });

  it('says when the body is not JSON', async () => {
    const response = await post('/api/probe/deposit', '{"amountCents": ');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ status: 400, code: 'BAD_REQUEST', message: 'The request body is not valid JSON.' });
  });

  it('answers a version conflict that outlived the retries with 409', async () => {
    const response = await fetch(`${base}/api/probe/conflict`);
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ status: 409, code: 'VERSION_CONFLICT' });
  });

  it('answers a business rule with its own status, code and message', async () => {
    const response = await fetch(`${base}/api/probe/rule`);
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ code: 'INSUFFICIENT_BALANCE', message: "You don't have enough balance for this purchase" });
  });

  it('hides the details of an unexpected failure behind a 500 with the request id', async () => {
    const response = await fetch(`${base}/api/probe/crash`, { headers: { 'x-request-id': 'trace-123' } });
    expect(response.status).toBe(500);
    const body = await response.json();
    expect(body).toEqual({ status: 500, code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.', requestId: 'trace-123' });
    expect(JSON.stringify(body)).not.toContain('secret');
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const response = await fetch(`${base}/api/nothing/here`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'No such endpoint: GET /api/nothing/here' });
  });
});

describe.each(testDatabases())('PostgreSQL refusing the input on $name', (database) => {
  let app: NestFastifyApplication;
  let base: string;

  beforeAll(async () => {
    pool = createPool(database.url, 2);
    app = await NestFactory.create<NestFastifyApplication>(ProbeModule, new FastifyAdapter({ genReqId: requestIdFor }), { logger: false });
    app.useGlobalFilters(new AllExceptionsFilter(null));
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await app.close();
    await pool?.end();
    pool = null;
  });

  it('answers text it cannot store (a NUL: 22021) with 400, not 500', async () => {
    const response = await fetch(`${base}/api/probe/sql?as=text&value=a%00b`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      status: 400,
      code: 'BAD_REQUEST',
      message: 'The request holds characters or a value that cannot be stored.',
    });
  });

  it('answers a value of the wrong form (22P02) with 400, not 500', async () => {
    const response = await fetch(`${base}/api/probe/sql?as=uuid&value=not-a-uuid`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
  });

  it('still passes good values through', async () => {
    const response = await fetch(`${base}/api/probe/sql?as=text&value=fine`);
    expect(await response.json()).toEqual({ value: 'fine' });
  });
});
