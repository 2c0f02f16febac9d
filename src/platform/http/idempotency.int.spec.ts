import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';

import { inParallel } from '../../../test/support/parallel.js';
import { describeOn, everyDatabase } from '../../../test/support/test-databases.js';
import { DomainError } from '../domain/domain-error.js';
import { createPool, type SqlPool } from '../persistence/sql.js';
import { ApiError } from './api-error.js';
import { IDEMPOTENCY_WINDOW_HOURS, idempotent, serializeReply } from './idempotency.js';

for (const database of everyDatabase()) {
  describeOn(database, `idempotent() on ${database.name}`, () => {
    let pool: SqlPool;
    beforeAll(() => {
      pool = createPool(database.url, 10);
    });
    afterAll(async () => {
      await pool.end();
    });

    const scope = () => randomUUID();
    const counter = () => {
      let runs = 0;
      return {
        get runs() {
          return runs;
        },
        run: async () => {
          runs += 1;
          return { status: 200, body: { run: runs } };
        },
      };
    };

    it('runs once per key and answers the kept answer again', async () => {
      const request = { scope: scope(), key: randomUUID(), payload: { amountCents: 500, userId: 'u1' } };
      const work = counter();
      const first = await idempotent(pool, request, work.run);
      const again = await idempotent(pool, { ...request, payload: { userId: 'u1', amountCents: 500 } }, work.run);
      expect(first).toEqual({ status: 200, body: { run: 1 }, replayed: false });
      expect(again).toEqual({ status: 200, body: { run: 1 }, replayed: true });
      expect(work.runs).toBe(1);
    });

    it('replays the first answer as the text it was first sent as, whatever its keys', async () => {
      const request = { scope: scope(), key: randomUUID(), payload: { amountCents: 500 } };
      const body = { transferId: 't1', status: 'completed', '7': 'a key that looks like a number', nested: { zeta: 1, alpha: 2 } };
      const first = await idempotent(pool, request, async () => ({ status: 200, body }));
      const again = await idempotent(pool, request, async () => ({ status: 200, body: { transferId: 't2' } }));
      expect(again).toEqual({ status: 200, body, replayed: true });
      expect(serializeReply(again.body)).toBe(serializeReply(first.body));
      expect(serializeReply(again.body)).toBe(JSON.stringify(body));
    });

    it('refuses the key with a different payload, and keeps keys of different scopes apart', async () => {
      const key = randomUUID();
      const request = { scope: scope(), key, payload: { amountCents: 500 } };
      const work = counter();
      await idempotent(pool, request, work.run);
      await expect(idempotent(pool, { ...request, payload: { amountCents: 501 } }, work.run)).rejects.toMatchObject({
        status: 409,
        code: 'IDEMPOTENCY_KEY_REUSED',
      });
      expect((await idempotent(pool, { ...request, scope: scope() }, work.run)).replayed).toBe(false);
      expect(work.runs).toBe(2);
    });

    it('runs once when 30 requests with one key arrive at once', async () => {
      const request = { scope: scope(), key: randomUUID(), payload: { amountCents: 700 } };
      let runs = 0;
      const answers = await inParallel(30, () =>
        idempotent(pool, request, async () => {
          runs += 1;
          // Not a wait for other work: the run holds its key a moment, so the other requests arrive while it runs.
          await new Promise((resolve) => setTimeout(resolve, 50));
          return { status: 200, body: { ok: true } };
        }),
      );
      expect(runs).toBe(1);
      expect(answers.filter((a) => !a.replayed)).toHaveLength(1);
      expect(answers.every((a) => a.status === 200)).toBe(true);
    });

    it('keeps a rule refusal as the answer, but forgets a failure so that the key can be retried', async () => {
      const refused = { scope: scope(), key: randomUUID(), payload: { amountCents: 10_000 } };
      let runs = 0;
      const refuse = async (): Promise<{ status: number; body: unknown }> => {
        runs += 1;
        throw new DomainError('INSUFFICIENT_BALANCE', "You don't have enough balance for this purchase", 422);
      };
      await expect(idempotent(pool, refused, refuse)).rejects.toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
      await expect(idempotent(pool, refused, refuse)).rejects.toMatchObject({ code: 'INSUFFICIENT_BALANCE', status: 422 });
      expect(runs).toBe(1);

      const failed = { scope: scope(), key: randomUUID(), payload: { amountCents: 1 } };
      await expect(idempotent(pool, failed, () => Promise.reject(new ApiError(503, 'UNAVAILABLE', 'down')))).rejects.toMatchObject({ status: 503 });
      expect(await idempotent(pool, failed, async () => ({ status: 200, body: 'second try' }))).toEqual({ status: 200, body: 'second try', replayed: false });
    });

    it(`lets a key be used again for anything once it is older than ${IDEMPOTENCY_WINDOW_HOURS} h, not before`, async () => {
      const request = { scope: scope(), key: randomUUID(), payload: { amountCents: 500 } };
      const work = counter();
      await idempotent(pool, request, work.run);
      const age = (minutes: number) =>
        pool.query(`UPDATE idempotency_keys SET created_at = now() - make_interval(mins => $3) WHERE scope = $1 AND key = $2`, [
          request.scope,
          request.key,
          minutes,
        ]);

      await age(IDEMPOTENCY_WINDOW_HOURS * 60 - 5);
      expect(await idempotent(pool, request, work.run)).toMatchObject({ body: { run: 1 }, replayed: true });
      await expect(idempotent(pool, { ...request, payload: { amountCents: 900 } }, work.run)).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });

      await age(IDEMPOTENCY_WINDOW_HOURS * 60 + 5);
      const reused = await idempotent(pool, { ...request, payload: { amountCents: 900 } }, work.run);
      expect(reused).toEqual({ status: 200, body: { run: 2 }, replayed: false });
      // The key is fresh again: its new request is the one it answers now.
      expect(await idempotent(pool, { ...request, payload: { amountCents: 900 } }, work.run)).toMatchObject({ body: { run: 2 }, replayed: true });
      expect(work.runs).toBe(2);
    });
  });
}
